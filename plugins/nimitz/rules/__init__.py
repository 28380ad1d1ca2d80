"""Fleet Commander: Nimitz's rules, one module per rule family (the battles of section 10 in battle/)."""
