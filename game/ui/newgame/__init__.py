"""The new-game form: players and seats, and the rules of a preset or a custom game."""
