"""A table's gestures answered by the rules: where a drag or tap starts and ends becomes a pair of spots
(``rules.gesture.Spot``), and the game's rules say which legal action that means, offer a choice, or refuse.

Mixed into TableScene. A game's table only maps pixels to spots (``spot_of`` for the cards a drag holds,
``spot_at`` for the point a drag or tap ends at, ``drop_spots`` for the places a card can be dropped on); what a
gesture means lives once, in ``rules/<game>/gestures.py``. Dragging a hand card within its own hand rearranges
the hand: a choice of the view, never a move.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

import rules
from rules.core import Action, GameSpec, IllegalAction
from rules.gesture import Choice, Spot, find_action, legal_meanings, legal_set
from sprites import theme

if TYPE_CHECKING:
    from game.tables.protocols import TableCore
else:
    TableCore = object  # a base for the type checker only: TableScene supplies every member


class TableGestures(TableCore):
    drag_keys: list[str]  # the sprites held
    lit: list[pygame.Rect]  # where the held card may be dropped
    choice: list[Action]  # the actions the last ambiguous gesture offered

    # --- what each game's table says ---------------------------------------------------------------------
    def spot_of(self, keys: list[str]) -> Spot | None:
        """The spot a drag of these sprites starts from."""
        return None

    def spot_at(self, pos: tuple[int, int]) -> Spot | None:
        """The spot under ``pos`` that something may be dropped on or tapped."""
        held = set(self.drag_keys)
        for spot, rect in self.drop_spots():
            if rect.collidepoint(pos) and not held.intersection(spot.cards):  # not the held card itself
                return spot
        return None

    def drop_spots(self) -> list[tuple[Spot, pygame.Rect]]:
        """Every spot a card can be dropped on now, with where it lies (the topmost first)."""
        return []

    def first_suit(self) -> str | None:
        """The suit a hand sorted by suit starts with (e.g. the player's own trump), if the game has one."""
        return None

    def button_for(self, action: Action) -> str | None:
        """The id of the game button that makes ``action``, for the actions no gesture makes (Pass, Go ...)."""
        return None

    def action_text(self, action: Action) -> str:
        """Words for one action, e.g. a button of a choice (the hint's sentence by default)."""
        return self.hint_text(action)

    # --- shared --------------------------------------------------------------------------------------------
    @property
    def spec(self) -> GameSpec:
        return rules.GAMES[self.game_id]

    def spot_rect(self, spot: Spot) -> pygame.Rect | None:
        """Where ``spot`` lies now: a drop spot's area, else the first of its cards, else the sprite it stands for
        (e.g. the top of a pile): how coach marks and the tests that play by gestures find it."""
        for s, rect in self.drop_spots():
            if s == spot:
                return rect
        keys = list(spot.cards[:1]) or [k for k in self.cards.targets if self.spot_of([k]) == spot][:1]
        return self.cards.current_rect(keys[0]) if keys else None

    def gesture_rects(self, action: Action) -> list[pygame.Rect]:
        """Where the gesture that makes ``action`` starts and ends (each card it holds, in view, then the place it
        goes), or the button that makes it: what a coach mark about ``action`` leaves bright."""
        gesture = self.spec.gesture_for(self.obs, action)
        if gesture is None:
            bid = self.button_for(action)
            return [pygame.Rect(b.rect) for b in self.buttons.buttons if b.id == bid]
        out: list[pygame.Rect] = []
        for spot in gesture:
            if spot is None:
                continue
            cards = [r for c in spot.cards if (r := self.cards.exposed_rect(c)) is not None]
            rect = None if cards else self.spot_rect(spot)
            out += cards or ([rect] if rect is not None else [])
        return out

    def answer(self, source: Spot | None, target: Spot | None) -> bool:
        """Act on a gesture from ``source`` to ``target`` (None: a tap on ``source``): the one legal action it
        means is played, several are offered as a choice, anything else glides back with the reason."""
        if source is None:
            self.snap_back()
            return False
        if target is not None and source.zone == target.zone == "hand" and source.owner == target.owner:
            self.snap_back()
            return False
        result = self.meaning(source, target)
        if result is None:
            return False
        if isinstance(result, Choice):
            self.snap_back()
            self.offer_choice(result)
            return False
        return self.submit(result)

    def meaning(self, source: Spot, target: Spot | None) -> Action | Choice | None:
        """What the rules say a gesture means (find_action), or None once the reason they refuse it is shown."""
        try:
            return find_action(self.spec, self.obs, source, target)
        except IllegalAction as exc:
            exc.game = exc.game or self.game_id
            self.refuse(self.t.refusal(exc))
            return None

    def offer_choice(self, choice: Choice) -> None:
        """Ask which of the legal actions the gesture meant (the player may cancel)."""
        options = self.choice = list(choice.options)
        self.app.push("choose", text=self.t("table.choose"), labels=[self.action_text(a) for a in options],
                      on_pick=lambda i: self.submit(options[i]))

    def snap_back(self) -> None:
        if self.drag_keys:
            self.cards.snap_back(self.drag_keys, self.app.settings.animation_speed)
        self.drag_keys = []
        self.lit = []

    def light_targets(self, source: Spot | None) -> None:
        """While a card is held: the spots where letting go would make a legal move."""
        self.lit = self.targets_for(source)

    def targets_for(self, source: Spot | None) -> list[pygame.Rect]:
        """Where the cards of ``source`` (held, or selected for a tap there) may go now to make a legal move."""
        if source is None or not self.my_turn:
            return []
        spec, obs = self.spec, self.obs
        legal = legal_set(spec, obs)
        held = set(source.cards)
        good = [(spot, rect) for spot, rect in self.drop_spots()
                if not held.intersection(spot.cards) and legal_meanings(spec, obs, source, spot, legal)]
        whole = {(spot.zone, spot.owner) for spot, _ in good if not spot.cards}
        # a zone lit as a whole needs none of its cards lit as well
        return [rect for spot, rect in good if not (spot.cards and (spot.zone, spot.owner) in whole)]

    def draw_lit(self, surface: pygame.Surface, rects: list[pygame.Rect] | None = None) -> None:
        """The spots where the held card may go glow (or ``rects``: e.g. where a tap would send the selection);
        nothing else does."""
        width, radius = max(2, int(3 * self.scale)), max(6, int(10 * self.scale))
        for rect in self.lit if rects is None else rects:
            glow = pygame.Surface((max(0, rect.w), max(0, rect.h)), pygame.SRCALPHA)
            glow.fill((*theme.DROP_GLOW[:3], 40))
            surface.blit(glow, rect)
            pygame.draw.rect(surface, theme.DROP_GLOW, rect, width=width, border_radius=radius)

    def tap_spot(self, spot: Spot) -> bool:
        """A tap on a spot that acts alone (a pile, a button-like card): what the rules say it means."""
        return self.answer(spot, None)

    # --- the hand's order (a choice of the view) -------------------------------------------------------------
    def ordered_hand(self, cards: list[str]) -> list[str]:
        return self.hand_order.arrange(list(cards), self.first_suit())

    def arrange(self, held: list[str], pos: tuple[int, int]) -> None:
        """Held hand cards let go within the hand: they move to where they were dropped."""
        cards = self.obs.get("hand")  # the cards in one's hand, where the game has one
        hand = self.ordered_hand(cards if isinstance(cards, list) else [])
        rest = [c for c in hand if c not in held]
        # the row the point is nearest (a long face-to-face hand lies in two), then the first card right of it
        rows = {c: self.cards.targets[c].y for c in rest if c in self.cards.targets}
        row_y = min(rows.values(), key=lambda y: abs(y - pos[1]), default=0.0)
        row = [(i, r) for i, c in enumerate(rest) if rows.get(c) == row_y and (r := self.cards.current_rect(c))]
        index = next((i for i, r in row if r.centerx >= pos[0]), row[-1][0] + 1 if row else 0)
        self.hand_order.move(hand, [c for c in hand if c in held], index)
        self.refresh(animate=True)

    def on_settings(self, key: str) -> None:
        if key == "sort_by":
            self.hand_order.sort(self.app.settings.sort_by)
            self.refresh(animate=True)

    def selection_to(self, cards: list[str], target: Spot) -> bool:
        """The selected hand cards brought to ``target`` by a tap there (as a drag of them would)."""
        return self.answer(Spot("hand", self.view_seat, tuple(cards)), target)
