"""The card table: the scene and its parts (hand, bid panel, HUD, trick, input, curtain,
animations and the hand and game results)."""
