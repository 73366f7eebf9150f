"""Every user-visible string, per language; one catalogue module per area (common + one per game)."""
