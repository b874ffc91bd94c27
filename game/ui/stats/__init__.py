"""Statistics per player, with charts."""
