"""Oh Hell: the whole family of trick-taking games, for the desktop."""

__version__ = "0.1.0"
