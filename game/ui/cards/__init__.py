"""Playing cards drawn in code: measurements, suits, pips, court figures and backs."""
