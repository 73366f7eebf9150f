"""The Card Square computer player under its documented name (docs/rules-api.md); it lives in rules/square/."""
from rules.square.bot import HighestKnownBaseline, SquareBot, make  # noqa: F401
