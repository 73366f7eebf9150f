"""The Card Duels application: loop, scenes, input, seats, saves, settings and text."""
