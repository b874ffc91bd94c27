"""The menu screens: title, pause, settings and the rules in plain words."""
