"""The pygame user interface: drawing, layout and input."""
