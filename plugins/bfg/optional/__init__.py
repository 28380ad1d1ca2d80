"""Battle for Germany's optional rules, one module per rule, each its own plugin.

A match chooses them when it is created (``phaseline new bfg --option 12.3``); the engine
then adds the module to that match's plugin manager (core/plugins.py ``match_manager``).
The base rules never name an optional rule: where one changes how a base rule reads, the
base rule asks one of the game's own hooks (hookspecs.py) and the module implements it.
Every module of this package with a ``RULE`` and a ``TITLE`` is an optional rule
(``phaseline.plugins.optional_rules``): adding one is adding a file (and its row in the
rule index).
"""
