"""A test-only fifth game, Three Tricks, that proves the recipe of docs/architecture.md: it is its rules (rules.py),
its table (table.py) and its strings (text.py), registered by tests/conftest.py when CARD_DUELS_SAMPLE_GAME is set;
the shared tests then cover it without a line of theirs changed (tests/test_sample_game.py)."""
