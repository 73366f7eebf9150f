"""Issue 41, item 3: only what applies — the Own Trumps pick-up brackets and legend name the top card in play."""
from __future__ import annotations

import pytest

from sprites.record import RecordingSurface
from tests.test_play_the_hint import start
from tests.test_ui_trumps import PositionMatch, position


@pytest.fixture(autouse=True)
def _quick_autosave(monkeypatch):
    monkeypatch.setattr("game.paths.os.fsync", lambda fd: None)


def drawn_texts(app, table) -> list[str]:
    surface = RecordingSurface(app.size, app.fonts)
    table.draw(surface)
    return [text for _, text, _, _ in surface.texts]


@pytest.mark.parametrize("pile, shown, absent", [
    (["6C", "7C"], "plain card: all 2", "trump ace"),  # a plain card on a small pile: all of it, as a plain card
    (["6C", "7C", "8C", "9C"], "plain card: 3", "trump ace"),
    (["6C", "7C", "8H"], "a trump: all 3", "plain card"),  # seat 0's trump is ♥
    (["6C", "7C", "8C", "9C", "TC", "JC", "8H"], "a trump: 5", "trump ace"),
    (["6C", "7C", "AH"], "trump ace: all 3", "plain card"),
])
def test_the_pickup_bracket_is_the_one_for_the_top_card(pile, shown, absent):
    app, session, table = start("trumps", PositionMatch(position(["6D", "7S"], [], pile)))
    texts = drawn_texts(app, table)
    assert shown in texts
    assert not any(absent in t for t in texts), [t for t in texts if absent in t]


def test_the_legend_says_what_the_top_card_takes():
    app, session, table = start("trumps", PositionMatch(position(["6D", "7S"], [], ["6C", "7C", "9C", "8C"])))
    texts = " ".join(drawn_texts(app, table))
    assert "The top 3 cards are picked up" in texts and "the whole pile" not in texts


@pytest.mark.parametrize("lang, same", [
    ("en", "drag the discard onto one of your cards"),
    ("de", "die Ablagekarte auf eine deiner Karten"),
    ("uk", "перетягни карту з відбою на одну зі своїх карт"),
])
def test_card_square_take_tip_and_turn_line_say_the_same(lang, same):
    """Coach tip 7 (take the discard) gives the turn line's instruction in the turn line's words."""
    from game.i18n import Translator
    from game.tables.square.coach import marks

    t = Translator(lang)
    tip = [m.key for m in marks()].index("square.coach.take")
    assert tip == 6, "the take tip is the seventh"
    assert same.lower() in t("square.coach.take").lower()
    assert same.lower() in t("square.prompt.turn").lower()


def test_kombi_selection_gives_the_drags_full_reason():
    """Two cards are never a combination: the preview line says why in the words a drag of them is refused with."""
    from game.session import Session
    from game.tables import open_table
    from tools.driver import drag, frames, make_app, settle

    app = make_app(size=(1280, 800))
    table = open_table(app, Session.new("kombi", "computer", ["Ann", "Computer"], 8))
    app.stack.push(table)
    frames(app, 2)
    settle(app)
    hand = table.ordered_hand(table.obs["hand"])
    pair = next([a, b] for a in hand for b in hand if a < b and a[1] != b[1])  # two suits: no run, no triple
    for c in pair:
        table.tap(c, (0, 0))
    settle(app)
    line = " ".join(drawn_texts(app, table))
    assert "Not a valid combination yet." not in line
    drag(app, table.cards.current_rect(pair[0]).center, table.my_pile_zone.center)
    reason = table.toast[0]
    assert "is not a valid combination" in reason
    assert " ".join(reason.split()) in " ".join(line.split())
