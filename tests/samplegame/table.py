"""Three Tricks at the table: its registry entry and its table, which maps pixels to spots and draws; the rules
answer every gesture (tests/samplegame/rules.py)."""
from __future__ import annotations

from typing import Any, NamedTuple

import pygame

from game.tables.base import TableScene
from game.tables.cardlayer import CardSprite
from game.tables.entry import TableEntry
from game.tables.turnline import StatusPlace, TurnWords, draw_turn_line
from rules.cards import Card
from rules.core import Action, Event
from rules.gesture import Spot
from sprites import theme
from tests.samplegame import text


class SampleGeometry(NamedTuple):
    """The card size and the message area, as every table names them (game.tables.protocols.TableGeometry)."""

    cw: int
    ch: int
    pad: int
    message_w: int
    message_center: tuple[int, int]


class SampleTable(TableScene):
    game_id = "sample"
    geo = SampleGeometry(100, 140, 10, 640, (400, 342))  # until the first layout

    def layout(self) -> None:
        b = self.board
        ch = int(min(b.w / 5 * 1.4, b.h * 0.32))  # three rows of cards: the hands and the trick
        self.cw = int(ch / 1.4)
        self.y_hand, self.y_opp, self.y_trick = b.bottom - ch * 0.6, b.y + ch * 0.6, b.centery
        self.trick_zone = pygame.Rect(0, 0, self.cw * 3, int(ch * 1.3))
        self.trick_zone.center = (b.centerx, int(self.y_trick))
        side = (self.trick_zone.left - b.x) / 2  # messages stand beside the trick, clear of every card
        self.geo = SampleGeometry(self.cw, ch, max(6, int(12 * self.scale)), int(side * 1.6),
                                  (int(b.x + side), int(self.y_trick)))

    def _row(self, n: int) -> list[float]:
        return [self.board.centerx + (i - (n - 1) / 2) * self.cw * 1.1 for i in range(n)]

    def sprites(self, obs: dict[str, Any]) -> list[CardSprite]:
        me = obs["seat"]
        hand = self.ordered_hand(obs["hand"])
        row = self._row(len(hand))
        out = [CardSprite(c, c, x, self.y_hand, self.cw, z=10 + i)
               for i, (c, x) in enumerate(zip(hand, row, strict=True))]
        if not hand:
            mine = self._row(obs["hand_counts"][me])
            out += [CardSprite(f"me:{i}", None, x, self.y_hand, self.cw) for i, x in enumerate(mine)]
        theirs = self._row(obs["hand_counts"][1 - me])
        out += [CardSprite(f"opp:{i}", None, x, self.y_opp, self.cw) for i, x in enumerate(theirs)]
        for i, played in enumerate(obs["trick"]):
            out.append(CardSprite(played["card"], played["card"], self.board.centerx + (i - 0.5) * self.cw * 1.2,
                                  self.y_trick, self.cw, z=50 + i))
        return out

    def drag_keys_for(self, key: str) -> list[str]:
        return [key] if key in self.obs["hand"] else []

    def spot_of(self, keys: list[str]) -> Spot | None:
        return Spot("hand", self.view_seat, tuple(keys)) if keys and keys[0] in self.obs["hand"] else None

    def drop_spots(self) -> list[tuple[Spot, pygame.Rect]]:
        return [(Spot("trick"), self.trick_zone)]

    def tap(self, key: str | None, pos: tuple[int, int]) -> None:
        if key is not None and key in self.obs["hand"]:
            self.answer(Spot("hand", self.view_seat, (key,)), None)

    def describe(self, e: Event) -> str:
        name = self.session.names[e["seat"]]
        if e["type"] == "sample.play":
            return self.t("sample.log.play", name=name, card=Card.parse(e["card"]).pretty)
        return self.t("sample.log.trick", name=name)

    def hint_text(self, action: Action) -> str:
        name = self.session.names[self.view_seat]
        return self.t("sample.log.play", name=name, card=Card.parse(action["card"]).pretty)

    def draw_board(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, theme.GOLD, self.trick_zone, width=2, border_radius=8)
        draw_turn_line(self, surface, TurnWords(), StatusPlace.message_area(self.geo))  # whose turn, as every table


def _load() -> type:
    return SampleTable


def _coach() -> list:
    from game.tables.marks import Mark

    return [Mark("sample.coach.play", ("play",))]


ENTRY = TableEntry(id="sample", fan=("AS", "KH", "QD"), text=text, load=_load, coach=_coach)
