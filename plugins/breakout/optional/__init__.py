"""Breakout: Normandy's optional rules (23), one module per rule, each its own plugin.

23.1: they are used only when both players agree, so a match chooses them when it is
created (``phaseline new breakout-normandy --option 23.2``); the engine then adds the
module to that match's plugin manager. The base rules never name an optional rule: where
one changes how a base rule reads, the base rule asks one of the game's own hooks
(hookspecs.py) and the module implements it. Every module of this package with a ``RULE``
and a ``TITLE`` is an optional rule (``phaseline.plugins.optional_rules``): adding one is
adding a file (and its row in the rule index).
"""
