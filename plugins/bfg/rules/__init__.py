"""Battle for Germany's rules that SQL alone cannot say, one module per rule family."""
