"""Play a table through real input events: the policy picks an action, the player performs it by hand."""
from __future__ import annotations

import pygame

import sprites.cards
from game.scenes.cover import CoverScene
from rules.core import Action
from tools.driver import drag, frames, settle, tap


def find_button(app, bid: str) -> pygame.Rect:
    for b in app.stack.top.buttons.buttons:
        if b.id == bid:
            return b.rect
    raise AssertionError(f"no button {bid!r}; have {[b.id for b in app.stack.top.buttons.buttons]}")


def kombi_policy(obs: dict, turn: int) -> Action:
    """A simple Kombi player for whole games driven through the UI: play, else draw, now and then exchange."""
    legal = [Action.from_dict(a) for a in obs["legal"]]
    kinds = {a.kind for a in legal}
    if "play" in kinds:
        return next(a for a in legal if a.kind == "play")
    if "draw" in kinds and not obs["done"]:
        return Action.make("draw")
    if "exchange" in kinds and not obs["done"] and turn % 3 == 0:
        return next(a for a in legal if a.kind == "exchange")
    return Action.make("pass")


def perform_kombi(app, table, action: Action, touch: bool) -> None:
    """Do ``action`` with gestures on the Kombi table, as a player would."""
    if action.kind == "draw":
        if touch:
            tap(app, table.draw_rect.center, touch=True)
        else:
            drag(app, table.draw_rect.center, table.hand_zone.center)
    elif action.kind == "exchange":
        src = table.cards.current_rect(action["hand"]).center
        dst = table.cards.current_rect(action["area"]).center
        drag(app, src, dst, touch=touch)
    elif action.kind == "play":
        cards = [c for combo in action["combos"] for c in combo]
        for c in cards:
            tap(app, _visible_point(table, c), touch=touch)
            settle(app)
        drag(app, _visible_point(table, cards[0]), table.my_pile_zone.center, touch=touch)
    else:
        tap(app, find_button(app, "pass").center, touch=touch)
        if app.stack.top.name == "confirm":  # a pass that ends the game asks first
            tap(app, find_button(app, "yes").center, touch=touch)
    settle(app)


def _visible_point(table, card: str) -> tuple[int, int]:
    """A point on the card that no later (overlapping) card covers."""
    rect = table.cards.current_rect(card)
    for dx in range(4, rect.w, 4):
        p = (rect.x + dx, rect.y + rect.h // 3)
        hit = table.cards.hit(p)
        if hit is not None and hit.key == card:
            return p
    raise AssertionError(f"{card} is not visible")


def run_until(app, done, limit: int = 20000) -> None:
    for _ in range(limit):
        if done():
            return
        frames(app)
    raise AssertionError("timed out")

class FaceWatch:
    """Records every card face drawn, with whether the drawing seat might see it then."""

    def __init__(self, monkeypatch, app, table) -> None:
        self.app, self.table, self.bad, self.seen = app, table, [], set()
        real = sprites.cards.CardArt.face

        def spy(art, card):
            self.check(str(card))
            return real(art, card)

        monkeypatch.setattr(sprites.cards.CardArt, "face", spy)

    def check(self, card: str) -> None:
        self.seen.add(card)
        table = self.table
        if isinstance(self.app.stack.top, CoverScene):
            self.bad.append((card, "under the cover"))
        elif card in table.match.state.hidden_from(table.view_seat):
            self.bad.append((card, f"hidden from seat {table.view_seat}"))
