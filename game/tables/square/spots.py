"""Card Square's gestures at the table: pixels and focus items to spots (``rules.gesture.Spot``), and the
preview (RULES.md §1.4) that the rules' answers build (what a gesture means: rules/square/gestures.py).

Mixed into SquareTable."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.tables.square import words
from game.tables.square.pick import NOTHING, Pick, place_of, places_of
from rules.core import Action
from rules.gesture import Choice, Spot
from rules.square.gestures import DONE, LOOK, TWO_CARD_POWERS, discard_spot
from rules.square.state import power_of

if TYPE_CHECKING:
    from game.tables.base import TableScene
    from game.tables.square.layout import SquareGeometry
    from rules.square.types import SquareObs
else:
    TableScene = object  # mixed in front of a TableScene: its base for the type checker only


class SquareSpots(TableScene):
    geo: SquareGeometry
    obs: SquareObs
    pick: Pick  # the move being previewed

    if TYPE_CHECKING:  # the Card Square table's own (game/tables/square/table.py)
        def power_visible(self) -> bool: ...
        def restage(self) -> None: ...

    def drag_keys_for(self, key: str) -> list[str]:
        """The piles, the drawn card, and one's own cards while a drawn Jack or Queen may pair one of them with an
        opponent card."""
        spot, me = self.spot_of_key(key), self.obs["seat"]
        if spot is None:
            return []
        pairing = spot.zone == "square" and spot.owner == me and power_of(self.obs["drawn"]) in TWO_CARD_POWERS
        return [key] if pairing or spot.zone in ("draw", "discard", "drawn") else []

    def spot_of(self, keys: list[str]) -> Spot | None:
        return self.spot_of_key(keys[0]) if len(keys) == 1 else None

    def spot_of_key(self, key: str) -> Spot | None:
        """The spot a card sprite stands for."""
        obs = self.obs
        if key == "draw:top":
            return Spot("draw")
        if key.startswith("disc:"):
            return discard_spot(obs)
        if key.startswith("drawn:"):
            return self.held()
        if key.startswith("sq"):
            owner, index, _ = key[2:].split(":")
            return Spot("square", int(owner), slot=int(index))
        return None

    def spot_rect(self, spot: Spot) -> pygame.Rect | None:
        """Where ``spot`` lies, also for a card whose sprite is named for its place (the drawn card)."""
        rect = super().spot_rect(spot)
        key = next((k for k in self.cards.targets if rect is None and self.spot_of_key(k) == spot), None)
        return self.cards.current_rect(key) if key is not None else rect

    def held(self) -> Spot | None:
        """One's own drawn card, while one holds it."""
        drawn = self.obs.get("drawn")
        return Spot("drawn", self.obs["seat"], (drawn,)) if drawn else None

    def drop_spots(self) -> list[tuple[Spot, pygame.Rect]]:
        geo, me = self.geo, self.obs["seat"]
        out = [(Spot("square", me if mine else 1 - me, slot=i), geo.slot_rect(mine, i).inflate(geo.gap, geo.gap))
               for mine in (True, False) for i in range(4)]
        out += [(discard_spot(self.obs), geo.discard_rect), (Spot("draw"), geo.draw_rect)]
        if self.power_visible():
            out.append((Spot("power", me), geo.power_zone))
        out.append((Spot("square", me), geo.my_square.inflate(max(geo.label_w, geo.pad) * 2, geo.pad * 2)))
        return out

    def light_targets(self, source: Spot | None) -> None:
        """Only the innermost places glow: one's cards rather than the whole square around them."""
        super().light_targets(source)
        self.lit = [r for r in self.lit if not any(o is not r and r.contains(o) for o in self.lit)]

    def answer(self, source: Spot | None, target: Spot | None) -> bool:
        """A drop: it acts at once, unless it leaves a card to choose (a preview) or pairs two cards (a Jack or
        Queen: asked first, RULES.md §1.4). The drawn card dropped on a card the preview can use (after the power
        zone, or aimed at an opponent card) chooses that card. Dropped where it lies, a card just glides back."""
        home = target is not None and source is not None and target.zone == source.zone and \
            target.owner == source.owner and target.slot in (None, source.slot)
        if source is None or target is None or home:
            self.snap_back()
            return False
        narrowed = self.pick.with_place(place_of(target, self.obs["seat"])) if source.zone == "drawn" else None
        if narrowed is not None:
            return self._settle(narrowed, drop=True)
        return self._gesture(source, target, drop=True)

    def tap_spot(self, spot: Spot) -> bool:
        """A tap (or Space, or a digit): the drawn card tapped lets go of the preview; a card the preview can use
        is chosen; with a drawn card in hand, the tap brings it there (a preview); else the place acts alone."""
        if spot.zone == "drawn":
            self.cancel()
            return False
        narrowed = self.pick.with_place(place_of(spot, self.obs["seat"]))
        if narrowed is not None:
            return self._settle(narrowed, drop=False)
        held = self.held()
        if held is not None and spot.zone != "draw":
            return self._gesture(held, spot, drop=False)
        return self._gesture(spot, None, drop=False)

    def _gesture(self, source: Spot, target: Spot | None, drop: bool) -> bool:
        """What the rules say the gesture means: a move, a preview of the moves it may still become (the player
        points at the missing cards), the choose dialog for two different moves, or the reason it is refused."""
        result = self.meaning(source, target)
        if result is None:
            return False
        if isinstance(result, Choice) and len({a.kind for a in result.options}) > 1:
            self.snap_back()
            self.offer_choice(result)
            return False
        if isinstance(result, Choice):
            return self._settle(Pick.of(self.obs, result.options), drop)
        if target is None or result.to_json() not in self.obs["legal"]:
            return self.submit(result)  # a place that acts alone, or a move the door refuses with its reason
        return self._settle(Pick.of(self.obs, (result,)), drop)

    def _settle(self, pick: Pick, drop: bool) -> bool:
        """Make the previewed move when a drop completes it (one card) or a tap repeats it; else show it, and when
        a drop completes a move on two cards, ask (the preview stays if the answer is no)."""
        action = pick.action()
        again = pick == self.pick and not drop
        pairs = action is not None and len(places_of(self.obs, action)) > 1
        if action is not None and (again or (drop and not pairs)):
            return self.submit(action)
        self.pick = NOTHING if again else pick
        self.snap_back()
        self.app.play_sound("click")
        self.restage()
        if drop and pairs and action is not None:
            text = words.confirm_text(self.t, self.session.names, self.obs["seat"], action)
            self.app.push("confirm", text=text, on_yes=lambda: self.submit(action))
        return False

    def action_text(self, action: Action) -> str:
        return words.choice_text(self.t, self.session.names, self.view_seat, action, self.obs)

    def tap(self, key: str | None, pos: tuple[int, int]) -> None:
        spot = self.spot_of_key(key) if key else self.spot_at(pos)
        if spot is not None:
            self.tap_spot(spot)

    def confirm(self) -> None:
        """Enter / Confirm: make the previewed move, or the one move the phase waits for."""
        action = self.pick.action()
        if action is None:
            action = {"look": LOOK, "reveal": DONE}.get(self.obs["phase"])
        if action is not None:
            self.submit(action)

    def cancel(self) -> None:
        self.pick = NOTHING
        self.restage()

    def spot_of_item(self, item: str) -> Spot | None:
        """The spot of a keyboard focus item ("draw", "own:2", ...)."""
        me = self.obs["seat"]
        if ":" in item:
            side, index = item.split(":")
            return Spot("square", me if side == "own" else 1 - me, slot=int(index))
        if item == "discard":
            return discard_spot(self.obs)
        if item == "drawn":
            return self.held()
        return {"draw": Spot("draw"), "power": Spot("power", me)}.get(item)
