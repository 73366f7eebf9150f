"""Own Trumps explains the pick-up and is reachable by keys (issue 28): the brackets' legend in words, every card of
a long hand reached by keys, and the focus frame on one card."""
from __future__ import annotations

import pygame

from game.session import Session
from game.tables import open_table
from rules.core import Action
from rules.match import Match
from rules.trumps.core import NAMES
from rules.trumps.state import from_position
from tools.driver import frames, key, make_app, settle

MINE = ["6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS"]
PILE = ["6D", "7D", "8D", "9D", "6H"]


class PositionMatch(Match):
    def __init__(self, state) -> None:
        super().__init__("trumps", {"seed": 1, "trumps": ["H", "D"], "first": 0})
        self._states = [state]


def _table(pile=PILE):
    rest = [c for c in NAMES if c not in set(MINE) | set(pile)]
    state = from_position([list(MINE), rest], list(pile), ("H", "D"), 0, "play")
    app = make_app(size=(1280, 800))
    app.settings.animation_speed = 4.0
    table = open_table(app, Session("trumps", "computer", ["Ann", "Computer"], PositionMatch(state)))
    app.stack.push(table)
    frames(app, 2)
    settle(app)
    return app, table


def test_the_pick_up_brackets_are_said_in_words_beside_the_pile():
    app, table = _table()
    texts = [text for _, text, _, _ in table.layout_report()["texts"]]
    legend = table.t("trumps.legend")  # before anyone's trump applies; then the bracket for the top card in play
    said = [table.t(k) for k in ("trumps.legend", "trumps.legend.plain", "trumps.legend.trump", "trumps.legend.ace")]
    assert any(line.startswith(text) or text in line for line in said for text in texts if len(text) > 8), \
        "the rule behind 'plain card: 3 / a trump: 5 / trump ace: all' is written out"
    assert "3" in legend and "5" in legend


def test_every_card_of_a_long_hand_is_reached_by_keys():
    app, table = _table(pile=[])  # a lead: any card may go
    hand = table.ordered_hand(table.obs["hand"])
    assert len(hand) == 18
    key(app, pygame.K_3, mod=pygame.KMOD_SHIFT)
    assert table.selected == hand[12], "Shift+3 picks the 13th card"
    assert table.focused()[0] == hand[12], "and Enter would play it"
    table.focus = None
    for _ in range(17):
        key(app, pygame.K_RIGHT)
    assert table.focused()[0] == hand[16], "the arrows walk the whole hand"
    key(app, pygame.K_RIGHT)
    assert table.focused()[0] == hand[17]


def test_the_focus_frame_marks_one_card():
    app, table = _table()
    hand = table.ordered_hand(table.obs["hand"])
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    ring, _ = table._focus_ring()
    card, right = table.cards.current_rect(hand[1]), table.cards.current_rect(hand[2])
    assert card.w > right.x - card.x, "the cards overlap"
    assert ring.right <= right.x + 8, "the frame ends where the next card begins"
    assert ring.x <= card.x and ring.contains(table.cards.exposed_rect(hand[1]))


def test_enter_plays_the_focused_card_beyond_the_tenth():
    app, table = _table(pile=[])
    hand = table.ordered_hand(table.obs["hand"])
    for _ in range(15):
        key(app, pygame.K_RIGHT)
    card = table.focused()[0]
    assert card == hand[14]
    key(app, pygame.K_RETURN)
    assert table.match.played[-1:] == [Action.make("play", card=card)]
