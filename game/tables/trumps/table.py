"""Own Trumps at the table: the trump picker, then beating on the pile — drag or tap a card onto it,
the second card after a beat, Pick up (the button, or the pile tapped or dragged to the hand) — with the
beaters cue, keys and the log. What a gesture means lives in rules/trumps/gestures.py."""
from __future__ import annotations

import pygame

from game.tables.base import TableScene
from game.tables.cardlayer import CardSprite
from game.tables.controls import DIGIT_KEYS
from game.tables.handorder import HandOrder
from game.tables.plates import PlateSeats
from game.tables.trumps import draw, view, words
from game.tables.trumps.layout import Room, TrumpsGeometry
from rules.core import Action, Event, GameState
from rules.gesture import Spot
from rules.shapes import Observation
from rules.trumps.types import TrumpsObs, offered_pickup, trumps_obs
from sprites import theme
from sprites.plate import Plate
from sprites.widgets import Button

PICK_UP = Action.make("pick_up")
SUITS = "CDHS"
PILE = Spot("pile")
DEAL_STAGGER = 0.03


class TrumpsTable(PlateSeats, TableScene):
    game_id = "trumps"
    geo: TrumpsGeometry
    obs: TrumpsObs  # the base's view, which is this game's observation (or its public view)

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.selected: str | None = None
        self.lifting: str | None = None  # the card being dragged: its beaters light up meanwhile
        self.beaters_on = False
        self.geo = TrumpsGeometry(pygame.Rect(0, 0, 800, 600), 1.0)
        self._deal_shown: GameState | None = None  # the dealt state whose deal was animated
        self.hand_order = HandOrder(app.settings.sort_by, ace_high=True)  # Own Trumps' aces rank above kings
        self._opp_stacked = False  # the opponent's plate: one row, or stacked on a narrow board (_room)

    # --- geometry and the view -------------------------------------------------------------------
    def layout(self) -> None:
        self.geo = TrumpsGeometry(self.board, self.scale, self._room())

    def _room(self) -> Room:
        """What the words need (measured), so the cards get the rest; plates at their fullest."""
        fonts, t, scale = self.app.fonts, self.t, self.scale
        pad = max(6, int(14 * scale))
        px = theme.font_px(22, scale)
        bracket = max(fonts.size(text, px, True)[0] for text in
                      (t("trumps.bracket.3"), t("trumps.bracket.5"), t("trumps.all", n=36),
                       t("trumps.bracket.3_all", n=3), t("trumps.bracket.5_all", n=5)))
        lines = [(30, True), (26, False), (24, True)]
        band = sum(fonts.get(theme.font_px(base, scale), bold).get_linesize() for base, bold in lines) + pad
        full = [Plate(draw.name_text(self, seat), count=words.cards_text(t, 36), turn=True, badge=t("trumps.badge"),
                      suit="H") for seat in (0, 1)]
        me = self.view_seat
        cue = max(fonts.size(t("trumps.to_beat", card="10♦"), theme.font_px(36, scale), True)[0],
                  int(self.board.w * 0.24))
        # the cue's lines without the legend: under the pile on a narrow board, the legend stands only where
        # the lines leave it room (draw._cue), since the brackets say the same
        cue_h = sum(fonts.get(theme.font_px(base, scale), bold).get_linesize()
                    for base, bold in ((36, True), (24, False), (24, False), (24, True), (22, False)))
        # The opponent's plate on one row, so their backs get the height; stacked where the board is narrow.
        theirs = self.plate_look(full[1 - me], False).size
        self._opp_stacked = theirs[0] > self.board.w * 0.45
        if self._opp_stacked:
            theirs = self.plate_look(full[1 - me]).size
        return Room(bracket, fonts.get(px, True).get_linesize(), band, self.plate_look(full[me], False).size,
                    theirs, cue, cue_h, self.plate_look(full[me]).size)

    # --- plates ------------------------------------------------------------------------------------
    def plates(self) -> list[Plate]:
        """Own Trumps scores by the cards left in hand, so the count is the score; the badge is the trump."""
        obs = self.obs
        out = []
        for seat in (0, 1):
            trump = obs["trumps"][seat]
            out.append(Plate(draw.name_text(self, seat), count=words.cards_text(self.t, obs["hand_counts"][seat]),
                             turn=obs.get("to_move") == seat and not obs.get("over"),
                             badge=self.t("trumps.badge") if trump else "", suit=trump or None))
        return out

    def plate_place(self, seat: int) -> tuple[tuple[float, float], str, bool]:
        geo = self.geo
        if seat == self.obs.get("seat", self.view_seat):
            return geo.plate_mine_at, "bottomleft", False
        return (geo.board.x + geo.margin, geo.y_opp), "midleft", self._opp_stacked

    def deal_origin(self) -> tuple[float, float]:
        return self.board.centerx, self.geo.y_pile

    def refresh(self, animate: bool = True, events: tuple[Event, ...] = ()) -> None:
        super().refresh(animate, events)
        state = self.match.state
        if self.revealed_for != self.view_seat or self.obs["phase"] == "choose_trump":
            return
        if self._deal_shown is not state and any(e["type"] == "trumps.deal" for e in state.events):
            self._animate_deal(state)
        elif animate:
            self._toasts(events)

    def _animate_deal(self, state) -> None:
        """Every card flies out of the middle, one after the other; a handed-over six is announced."""
        self._deal_shown = state
        x, y = self.deal_origin()
        sprites = self.sprites(self.obs)
        self.cards.targets = {}
        self.cards.place(sprites, {s.key: (x, y, s.card is not None) for s in sprites}, True,
                         self.app.settings.animation_speed, stagger=DEAL_STAGGER)
        self.app.play_sound("deal")
        self._toasts(state.events)

    def _toasts(self, events: tuple[Event, ...]) -> None:
        names = self.session.names
        for e in events:
            if e["type"] == "trumps.pick_up":
                if e["seat"] == self.view_seat and self.session.is_human(e["seat"]):
                    why = words.why_text(self.t, {"count": e["count"], "reason": e["reason"]})
                    self.show_toast(self.t("trumps.toast.pickup_me", cards=words.cards_text(self.t, e["count"]),
                                           why=why))
                else:
                    self.show_toast(self.t("trumps.toast.pickup_other", name=names[e["seat"]],
                                           cards=words.cards_text(self.t, e["count"])))
            elif e["type"] == "trumps.six_transfer" and e["moves"]:
                self.show_toast(" ".join(self.t("trumps.toast.six", card=words.card_text(m["card"]),
                                                taker=names[m["to"]]) for m in e["moves"]))

    def hand_off(self, seat: int) -> None:
        self.toast = None  # "You picked up …" was said to the player who is leaving
        super().hand_off(seat)

    def sprites(self, obs: Observation) -> list[CardSprite]:
        return view.build_sprites(self, trumps_obs(obs))

    def origins(self, obs: Observation, events: tuple[Event, ...]) -> dict[str, tuple[float, float, bool]]:
        return view.build_origins(self, trumps_obs(obs), events)

    def restage(self) -> None:
        """Show a changed highlight or selection without a move."""
        self.cards.place(self.sprites(self.obs), {}, True, self.app.settings.animation_speed)
        self.buttons.set(self._all_buttons())

    def first_suit(self) -> str | None:
        """A hand sorted by suit starts with one's own trump."""
        return self.obs["trumps"][self.obs["seat"]] if self.obs else None

    def showing_beaters(self) -> bool:
        return self.my_turn and (self.beaters_on or self.lifting is not None)

    def hint_cards(self) -> set[str]:
        a = self.hint
        if a is None or not self.my_turn:
            return set()
        if a.kind == "play":
            return {a["card"]}
        if a.kind == "pick_up":
            return set(view.pickup_cards(self.obs))
        return set()

    hint_keys = hint_cards  # a tap on a card the hint lights plays it

    def legal(self, action: Action) -> bool:
        return action.to_json() in self.obs.get("legal", [])

    # --- gestures: pixels to spots (what they mean: rules/trumps/gestures.py) ------------------------
    def drag_keys_for(self, key: str) -> list[str]:
        obs = self.obs
        if obs["phase"] not in ("play", "second"):
            return []
        if key in obs["pile"]:  # the pile to the hand picks up: the cards it would take go along
            return obs["pile"][-obs["pickup"]["count"]:] if obs["pickup"] else []
        if key not in obs["hand"]:
            return []
        self.lifting = key
        self.selected = None
        self.restage()
        return [key]

    def drag_keys_from_zone(self, pos: tuple[int, int]) -> list[str]:
        """A drag from the pile's frame beside its cards takes the pile too."""
        top = self.obs["pile"][-1:] if self.geo.pile_zone.collidepoint(pos) else []
        return self.drag_keys_for(top[0]) if top else []

    def spot_of(self, keys: list[str]) -> Spot | None:
        if keys and all(k in self.obs["hand"] for k in keys):
            return Spot("hand", self.view_seat, tuple(keys))
        if keys and all(k in self.obs["pile"] for k in keys):
            return PILE
        return None

    def drop_spots(self) -> list[tuple[Spot, pygame.Rect]]:
        if self.obs["phase"] == "choose_trump":  # the picker's tiles: tapped, never dropped on (nothing is held)
            return [(Spot("suit", None, (), i), rect) for i, rect in enumerate(self.geo.tiles())]
        return [(PILE, self.geo.pile_zone), (Spot("hand", self.view_seat), self.hand_zone)]

    def spot_at(self, pos: tuple[int, int]) -> Spot | None:
        """The pile takes a drop a little beyond its frame (a card let go near it is meant for it)."""
        near = self.geo.pile_zone.inflate(self.geo.cw * 0.4, self.geo.ch * 0.3)
        if self.obs["phase"] != "choose_trump" and near.collidepoint(pos):
            return PILE
        return super().spot_at(pos)

    @property
    def hand_zone(self) -> pygame.Rect:
        geo = self.geo
        top = int(geo.hand_top - geo.pad * 0.5)  # below one's plate, which stands over the hand
        return pygame.Rect(geo.board.x + geo.pad, top, geo.board.w - 2 * geo.pad, geo.board.bottom - top)

    def snap_back(self) -> None:
        lifted = self.lifting is not None
        self.lifting = None
        super().snap_back()
        if lifted:
            self.restage()  # the beaters lit while the card was held go dark

    def choose(self, suit: str) -> bool:
        return self.tap_spot(Spot("suit", None, (), SUITS.index(suit)))

    def play(self, card: str) -> bool:
        return self.selection_to([card], PILE)

    def tap(self, key: str | None, pos: tuple[int, int]) -> None:
        obs = self.obs
        if obs["phase"] == "choose_trump":
            spot = self.spot_at(pos)
            if spot is not None:
                self.tap_spot(spot)
            return
        if key is not None and key in obs["hand"]:
            self.toggle(key)
        elif key in obs["pile"] or self.geo.pile_zone.collidepoint(pos):
            self.tap_pile()

    def tap_pile(self) -> None:
        """The selected card goes onto the pile; with none selected, a tap on the pile picks up."""
        if self.selected is not None:
            self.play(self.selected)
        else:
            self.tap_spot(PILE)

    def toggle(self, card: str) -> None:
        self.selected = None if self.selected == card else card
        self.app.play_sound("click")
        self.light_targets(None if self.selected is None else Spot("hand", self.view_seat, (card,)))
        self.restage()

    # --- keyboard --------------------------------------------------------------------------------
    def focus_items(self) -> list[tuple[str, pygame.Rect]]:
        if self.obs["phase"] == "choose_trump":
            taken = set(self.obs["trumps"])
            return [(f"suit:{s}", r) for s, r in zip(SUITS, self.geo.tiles(), strict=True) if s not in taken]
        # each card framed where it shows, not across the cards it lies under
        items = [(c, r) for c in self.ordered_hand(self.obs["hand"]) if (r := self.cards.exposed_rect(c)) is not None]
        items.append(("pile", self.geo.pile_zone))
        return items

    def focus_on(self, item: str) -> None:
        keys = [k for k, _ in self._focus_list()]
        self.focus = keys.index(item) if item in keys else None

    def activate(self, item: str | None, confirm: bool) -> None:
        """Space selects the focused card, Enter plays it (or the selected card); a tile chooses."""
        if item is not None and item.startswith("suit:"):
            self.choose(item[5:])
        elif item is not None and item in self.obs["hand"]:
            if confirm:
                self.play(item)
            else:
                self.toggle(item)
        elif item == "pile":
            self.tap_pile()
        elif item is None and confirm and self.selected is not None:
            self.play(self.selected)

    def game_key(self, event: pygame.event.Event) -> None:
        k = event.key
        if k in DIGIT_KEYS:
            i = DIGIT_KEYS[k] + (10 if event.mod & pygame.KMOD_SHIFT else 0)  # Shift: the 11th to the 20th card
            if self.obs["phase"] == "choose_trump":
                if i < 4:
                    self.choose(SUITS[i])
                return
            hand = self.ordered_hand(self.obs["hand"])
            if i < len(hand):
                self.toggle(hand[i])
                self.focus_on(hand[i])  # so that Enter now plays this card, not a button focused earlier
        elif k == pygame.K_p:
            self.submit(PICK_UP)
        elif k == pygame.K_b:
            self.on_game_button("beaters")

    # --- buttons ---------------------------------------------------------------------------------
    def game_button_rows(self) -> int:
        return 2

    def game_buttons(self, area: pygame.Rect) -> list[Button]:
        gap = max(6, int(12 * self.scale))
        bh = (area.h - gap) // 2
        obs = self.obs
        can_pick = self.my_turn and self.legal(PICK_UP)
        label = self.t("trumps.btn.pickup", n=offered_pickup(obs)["count"]) if can_pick else \
            self.t("trumps.btn.pickup_idle")
        cue = self.t("trumps.btn.beaters_hide" if self.beaters_on else "trumps.btn.beaters_show")
        playing = obs.get("phase") in ("play", "second")
        return [
            Button("pickup", label, pygame.Rect(area.x, area.y, area.w, bh), enabled=can_pick, primary=True),
            Button("beaters", cue, pygame.Rect(area.x, area.y + bh + gap, area.w, bh), enabled=playing),
        ]

    def on_game_button(self, bid: str) -> None:
        if bid == "pickup":
            self.submit(PICK_UP)
        elif bid == "beaters":
            self.beaters_on = not self.beaters_on
            self.restage()

    def after_action(self, action: Action) -> None:
        self.clear_selection()
        self.app.play_sound({"play": "place", "pick_up": "draw"}.get(action.kind, "click"))

    def clear_selection(self) -> None:
        self.selected = None
        self.lifting = None
        self.lit = []

    # --- words -----------------------------------------------------------------------------------
    def log_lines(self, events: list[Event]) -> list[str]:
        return words.log_lines(self.t, self.session.names, events)

    def describe(self, event: Event) -> str:
        return " ".join(words.log_lines(self.t, self.session.names, [event]))

    def hint_text(self, action: Action) -> str:
        return words.hint_text(self.t, self.obs, action)

    def end_columns(self) -> list[list[str]]:
        return words.end_columns(self.t, self.obs, [e for _, e in self.match.log()])

    # --- drawing ---------------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        draw.draw_board(self, surface)

    def draw_top(self, surface: pygame.Surface) -> None:
        draw.draw_top(self, surface)
