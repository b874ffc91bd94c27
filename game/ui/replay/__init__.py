"""The kept games and their replays."""
