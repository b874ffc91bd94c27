"""The pygame-free layer between the engine and the screens: the game session (the only
holder of the match, handing out views) and the new-game setup model."""
