"""The kit every screen builds on: the scene contract and host, routes, theme (colours,
fonts, the felt), widgets, pygame_gui forms and sounds: the lowest layer of the screens."""
