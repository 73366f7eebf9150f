"""The cribbage computer player under its documented name (docs/rules-api.md); it lives in rules/cribbage/."""
from rules.cribbage.bot import (  # noqa: F401
    CribbageBot,
    HighestImmediateBaseline,
    immediate_keep_points,
    make,
    opponent_pool,
    play_value,
)
from rules.cribbage.ev import DiscardOption, discard_table, discard_values  # noqa: F401
