"""Breakout: Normandy's rules, one module per rule family."""
