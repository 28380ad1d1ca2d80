"""Fleet Commander: Nimitz's optional rules, one module per rule, each its own plugin.

A match chooses them when it is created (``phaseline new fleet-commander-nimitz -o NAME``); the
engine then adds the module to that match's plugin manager. The base rules never name an optional
rule: they ask one of the game's own hooks (hookspecs.py) and the module implements it. Every
module here with a ``RULE`` and a ``TITLE`` is an optional rule (``phaseline.plugins.optional_rules``);
its ``NAME`` is what ``-o`` takes.
"""
