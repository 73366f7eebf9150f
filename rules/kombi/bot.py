"""The Kombi-Duell computer player: a lookahead over its own two-slot turn, fed only by observations."""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from types import MappingProxyType

from rules.cards import SUITS, Card, standard_deck
from rules.core import Action
from rules.kombi.combos import (
    QUAD_POINTS,
    SEQUENCE_POINTS_PER_CARD,
    TRIPLE_POINTS,
    Combo,
    combo_points,
    mask_cards,
    play_sets,
    ring_index,
)
from rules.kombi.state import HAND_LIMIT, QUIET_LIMIT, SLOTS, action_from_json, play_action
from rules.kombi.types import KombiObs, kombi_seen
from rules.shapes import Observation

PASS = Action.make("pass")
DRAW = Action.make("draw")
ENDED_WIN, ENDED_TIE, ENDED_LOSS = 500.0, -100.0, -500.0  # ending dwarfs any points still to come
STALL_TURNS = 4  # own turns without any progress on the table before exchange-only turns stop
EXCHANGE_ONLY_MARGIN = 0.5  # an exchange alone must clearly help, or the table churns forever
AREA_REACH = 0.5  # chance a card now in the exchange area is still there to take next turn
REACH_CAP = 0.6
DRAW_HORIZON = 3  # own draws the potential looks ahead
PLAY_BREADTH = 24  # plays searched per step, best first: long runs split a hundred ways


@dataclass(frozen=True)
class Style:
    """How far the bot looks: level 1 values complete combinations only, level 2+ also near ones."""

    hold_factor: float
    potential: float  # weight of near-combinations and upgrades, which may never come
    draw_bonus: float


STYLES = MappingProxyType({1: Style(hold_factor=0.9, potential=0.0, draw_bonus=1.0),
                           2: Style(hold_factor=0.9, potential=0.4, draw_bonus=2.0)})


@dataclass(frozen=True)
class View:
    """What one observation tells the bot, decoded once per decision."""

    hand: tuple[Card, ...]
    area: tuple[Card, ...]
    pool: frozenset[Card]  # cards it cannot see: the draw pile and the opponent's hand
    draw_count: int
    lead: int  # own score minus the opponent's
    done: tuple[str, ...]
    last_full_pass: bool
    stalled: bool
    exchange_closed: bool = False  # quiet turns closed the exchange at the start of this turn (state.QUIET_LIMIT)


PACK = MappingProxyType({str(c): c for c in standard_deck()})  # observations always write cards this way


def _view(seen: Sequence[KombiObs]) -> View:
    obs = seen[-1]
    me = obs["seat"]
    hand, area = tuple(PACK[c] for c in obs["hand"]), tuple(PACK[c] for c in obs["exchange"])
    played = {PACK[c] for pile in obs["discards"] for combo in pile for c in combo["cards"]}
    pool = frozenset(PACK.values()) - set(hand) - set(area) - played
    lead = obs["scores"][me] - obs["scores"][1 - me]
    return View(hand, area, pool, obs["draw_count"], lead, tuple(obs["done"]), obs["last_full_pass"],
                _stalled(seen), obs["quiet"] >= QUIET_LIMIT)


def _stalled(seen: Sequence[KombiObs]) -> bool:
    """True when the table has not moved (no draw, no play) over the bot's last few turn starts."""
    starts = [o for o in seen if o["legal"] and not o["done"]][-STALL_TURNS:]
    if len(starts) < STALL_TURNS:
        return False
    marks = {(o["draw_count"], tuple(o["scores"]), tuple(o["hand_counts"])) for o in starts}
    return len(marks) == 1


def _code(card: Card) -> int:
    """A card as one small int, suit-major on the ring: neighbours are plain arithmetic."""
    return SUITS.index(card.suit) * 13 + ring_index(card)


class Planner:
    """Scores every way to use the remaining slots of this turn; the best first step is the move."""

    def __init__(self, view: View, style: Style) -> None:
        self.v = view
        self.style = style
        reach = min(REACH_CAP, min(DRAW_HORIZON, view.draw_count) / max(1, len(view.pool)))
        pool = {_code(c) for c in view.pool}
        self.pool_reach = [reach if x in pool else 0.0 for x in range(52)]
        self._held: dict[tuple[frozenset[Card], tuple[Card, ...]], float] = {}
        self._sets: dict[frozenset[Card], list[tuple[tuple[Combo, ...], int]]] = {}

    def best(self) -> Action:
        return self._plan(self.v.hand, self.v.area, self.v.done, 0)[1]

    def ranked(self) -> list[tuple[float, Action]]:
        """Every first step this planner considers with its value, best first (ties: the order of ``best``)."""
        options = self._options(self.v.hand, self.v.area, self.v.done, 0)
        return sorted(options, key=lambda o: -o[0])  # stable: equal values keep their order, so [0] is best()

    def plays(self, hand: tuple[Card, ...]) -> list[tuple[tuple[Combo, ...], int]]:
        """Every legal play of ``hand`` with its points, computed once per set of cards."""
        key = frozenset(hand)
        if key not in self._sets:
            found, scored = [], {}
            for masks in play_sets(hand):
                for m in masks:
                    if m not in scored:
                        scored[m] = (mask_cards(hand, m), combo_points(mask_cards(hand, m)))
                found.append((tuple(scored[m][0] for m in masks), sum(scored[m][1] for m in masks)))
            found.sort(key=lambda play: -play[1])  # stable: equal points keep their fixed order
            self._sets[key] = found
        return self._sets[key]

    def _plan(self, hand: tuple[Card, ...], area: tuple[Card, ...], done: tuple[str, ...],
              gained: int) -> tuple[float, Action]:
        options = self._options(hand, area, done, gained)
        best = options[0]
        for option in options[1:]:
            if option[0] > best[0]:
                best = option
        return best

    def _options(self, hand: tuple[Card, ...], area: tuple[Card, ...], done: tuple[str, ...],
                 gained: int) -> list[tuple[float, Action]]:
        # Order matters on ties: drawing first shows the new card before the second choice.
        options: list[tuple[float, Action]] = []
        if "draw" not in done and self.v.draw_count > 0 and len(hand) < HAND_LIMIT:
            bonus = self.style.draw_bonus * (0.5 if len(hand) == HAND_LIMIT - 1 else 1.0)
            options.append((bonus + self._after(hand, area, done + ("draw",), gained), DRAW))
        if "play" not in done:
            for combos, points in self.plays(hand)[:PLAY_BREADTH]:
                used = {c for combo in combos for c in combo}
                rest = tuple(c for c in hand if c not in used)
                total = gained + points
                # After a planned draw the hand holds one more, unknown card: it cannot run out.
                runs_out = not rest and ("draw" not in done or "draw" in self.v.done)
                value = self._ended(total) if runs_out else self._after(rest, area, done + ("play",), total)
                options.append((value, play_action(combos)))
        if "exchange" not in done and (not self.v.exchange_closed or "draw" in done or "play" in done):
            # Any exchange keeps the game alive when a full pass would end it, or would let an
            # opponent who is ahead end it with a pass of their own.
            keep_alive = not done and (self.v.last_full_pass or self.v.lead <= 0)
            for a in (a for a in area if keep_alive or _related(a, hand)):
                for h in hand:
                    new_hand = tuple(a if c == h else c for c in hand)
                    new_area = tuple(h if c == a else c for c in area)
                    value = self._after(new_hand, new_area, done + ("exchange",), gained)
                    options.append((value, Action.make("exchange", hand=str(h), area=str(a))))
        options.append((self._stop(hand, area, done, gained), PASS))
        return options

    def _after(self, hand: tuple[Card, ...], area: tuple[Card, ...], done: tuple[str, ...],
               gained: int) -> float:
        if len(done) >= SLOTS:
            return gained + self.hold_value(hand, area)
        return self._plan(hand, area, done, gained)[0]

    def _stop(self, hand: tuple[Card, ...], area: tuple[Card, ...], done: tuple[str, ...],
              gained: int) -> float:
        if not done and self.v.last_full_pass:
            return self._ended(0)
        value = gained + self.hold_value(hand, area)
        if not done and self.v.lead <= 0 and not self.v.stalled:
            return self._ended(0)  # a full pass while not ahead hands the opponent a winning pass
        if done == ("exchange",):
            # An exchange-only turn never moves the game on; allow it only while the table is moving.
            return float("-inf") if self.v.stalled else value - EXCHANGE_ONLY_MARGIN
        return value

    def _ended(self, gained: int) -> float:
        lead = self.v.lead + gained
        if lead > 0:
            return ENDED_WIN + lead
        return ENDED_LOSS + lead if lead < 0 else ENDED_TIE

    # --- the value of a hand kept at the end of the turn -------------------------------------
    def hold_value(self, hand: tuple[Card, ...], area: tuple[Card, ...]) -> float:
        """Complete combinations a little below their points (the game may end first), plus the
        chances of near-combinations and of upgrades to the held ones."""
        key = (frozenset(hand), area)
        if key in self._held:
            return self._held[key]
        weight = self.style.potential
        reach = list(self.pool_reach)
        for c in area:
            reach[_code(c)] = AREA_REACH
        best = weight * _near(tuple(map(_code, hand)), reach) if weight else 0.0
        for combos, points in self.plays(hand)[:PLAY_BREADTH]:
            value = self.style.hold_factor * points
            if weight:
                used = {c for combo in combos for c in combo}
                rest = tuple(_code(c) for c in hand if c not in used)
                value += weight * (sum(_upgrade(tuple(map(_code, c)), reach) for c in combos) + _near(rest, reach))
            best = max(best, value)
        self._held[key] = best
        return best


def _related(card: Card, hand: tuple[Card, ...]) -> bool:
    """Whether ``card`` could join a hand card in any combination; taking any other card from the
    exchange area cannot help, so those exchanges are not worth scoring."""
    x = ring_index(card)
    return any(c.rank == card.rank or (c.suit == card.suit and (ring_index(c) - x) % 13 in (1, 2, 11, 12))
               for c in hand)


def _upgrade(combo: tuple[int, ...], reach: list[float]) -> float:
    """What holding a complete combination may add: the fourth of a triple, a longer sequence."""
    ring = {x % 13 for x in combo}
    if len(ring) == 1:
        if len(combo) != 3:
            return 0.0
        fourth = next(s * 13 + combo[0] % 13 for s in range(4) if s * 13 + combo[0] % 13 not in combo)
        return (QUAD_POINTS - TRIPLE_POINTS) * reach[fourth]
    if len(combo) >= 13:
        return 0.0
    base = combo[0] - combo[0] % 13
    low = next(p for p in ring if (p - 1) % 13 not in ring)
    high = next(p for p in ring if (p + 1) % 13 not in ring)
    chance = reach[base + (low - 1) % 13] + reach[base + (high + 1) % 13]
    return SEQUENCE_POINTS_PER_CARD * min(REACH_CAP, chance)


def _near(cards: tuple[int, ...], reach: list[float]) -> float:
    """Expected points from pairs one card short of a triple or of a three-card sequence."""
    value = 0.0
    by_ring: dict[int, list[int]] = {}
    for x in cards:
        by_ring.setdefault(x % 13, []).append(x)
    for ring, group in by_ring.items():
        if len(group) == 2:
            chance = sum(reach[s * 13 + ring] for s in range(4) if s * 13 + ring not in group)
            value += TRIPLE_POINTS * min(REACH_CAP, chance)
    ordered = sorted(cards)
    for i, a in enumerate(ordered):
        for b in ordered[i + 1:]:
            if b // 13 != a // 13:
                break
            base, ra, rb = a - a % 13, a % 13, b % 13
            step = (rb - ra) % 13
            if step in (1, 12):
                low = ra if step == 1 else rb
                chance = reach[base + (low - 1) % 13] + reach[base + (low + 2) % 13]
            elif step in (2, 11):
                chance = reach[base + ((ra if step == 2 else rb) + 1) % 13]
            else:
                continue
            value += 3 * SEQUENCE_POINTS_PER_CARD * min(REACH_CAP, chance)
    return value


class KombiBot:
    """Plays for points: completes combinations from the draw pile and the exchange area, holds a
    combination only when the card that improves it is within reach, ends the game when it leads."""

    def __init__(self, level: int = 2) -> None:
        self.level = level
        self.style = STYLES[min(max(level, 1), max(STYLES))]

    def choose(self, seen: Sequence[Observation], rng: random.Random) -> Action:
        """The move for the last observation; deterministic, so ``rng`` is not needed."""
        legal = seen[-1]["legal"]
        if not legal:
            raise ValueError("asked to move without legal actions")
        action = Planner(_view(kombi_seen(seen)), self.style).best()
        # The plan is built from the same rules, so it is legal; the check keeps a bot bug harmless.
        return action if action.to_json() in legal else action_from_json(legal[-1])


def make(level: int) -> KombiBot:
    return KombiBot(level)
