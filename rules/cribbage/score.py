"""Cribbage scoring (RULES.md §2.3–2.4): the show's breakdown, the play's points, and fast totals for bots."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations
from typing import NamedTuple

from rules.cards import Card, parse_cards

PAIR_KINDS = {2: ("pair", 2), 3: ("pair_royal", 6), 4: ("double_pair_royal", 12)}
_PLAIN = {"pair": "pair", "pair_royal": "pair royal", "double_pair_royal": "double pair royal",
          "thirty_one": "31", "fifteen": "15", "go": "go", "last_card": "last card"}
_COUNT_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def value(card: Card) -> int:
    """Counting value: A=1, pips, 10/J/Q/K=10."""
    return min(card.rank, 10)


class Part(NamedTuple):
    """One scoring combination: its kind, the cards that make it (as strings) and its points."""

    kind: str
    cards: tuple[str, ...]
    points: int

    def to_json(self) -> dict:
        return {"kind": self.kind, "cards": list(self.cards), "points": self.points}


@dataclass(frozen=True)
class Breakdown:
    """A counted hand or crib: every combination as its own part, so a table can show them one by one."""

    cards: tuple[str, ...]
    starter: str
    crib: bool
    parts: tuple[Part, ...]

    @property
    def total(self) -> int:
        return sum(p.points for p in self.parts)

    def summary(self) -> str:
        """Plain English, e.g. ``"15 for 2, pair for 2, run of 3 for 3 = 7"``."""
        return f"{describe(self.parts)} = {self.total}"

    def to_json(self) -> dict:
        return {"cards": list(self.cards), "starter": self.starter, "crib": self.crib,
                "parts": [p.to_json() for p in self.parts], "total": self.total, "summary": self.summary()}


def _strs(cards: Iterable[Card]) -> tuple[str, ...]:
    return tuple(str(c) for c in cards)


def _is_run(cards: Sequence[Card]) -> bool:
    ranks = sorted(c.rank for c in cards)
    return len(set(ranks)) == len(ranks) and ranks[-1] - ranks[0] == len(ranks) - 1


def _show_cards(hand: Iterable[str | Card], starter: str | Card) -> tuple[tuple[Card, ...], Card]:
    held, top = parse_cards(hand), Card.parse(starter)
    if len(held) != 4:
        raise ValueError(f"a hand to count has 4 cards, not {len(held)}")
    if len(set(held) | {top}) != 5:
        raise ValueError("the hand and the starter must be five different cards")
    return held, top


# Index subsets of the five show cards (held 0-3, starter 4), in the order ``itertools.combinations`` gives:
# the parts come out in the same order as counting them one by one.
_SUBSETS = tuple(c for size in range(2, 6) for c in combinations(range(5), size))
_PAIRS = tuple(combinations(range(5), 2))
_RUN_SETS = {size: tuple(combinations(range(5), size)) for size in (3, 4, 5)}


def score_hand(hand: Iterable[str | Card], starter: str | Card, crib: bool = False) -> Breakdown:
    """Count 4 held cards with the starter: each fifteen, pair and run, the flush and nobs.

    >>> score_hand(["5H", "5D", "5C", "JS"], "5S").total
    29
    >>> score_hand(["4C", "5D", "6S", "KD"], "2H").summary()
    'two 15s for 4, run of 3 for 3 = 7'
    """
    held, top = _show_cards(hand, starter)
    five = (*held, top)
    names = [str(c) for c in five]
    parts = [Part(kind, tuple([names[i] for i in idx]), points)
             for kind, idx, points in _rank_parts((held[0].rank, held[1].rank, held[2].rank, held[3].rank, top.rank))]
    suit = held[0].suit
    if held[1].suit == suit and held[2].suit == suit and held[3].suit == suit:
        if top.suit == suit:
            parts.append(Part("flush", tuple(names), 5))
        elif not crib:  # the crib's flush needs the starter too (§2.4)
            parts.append(Part("flush", tuple(names[:4]), 4))
    parts += [Part("nobs", (names[i], names[4]), 1) for i in range(4)
              if held[i].rank == 11 and held[i].suit == top.suit]
    return Breakdown(tuple(names[:4]), names[4], crib, tuple(parts))


@lru_cache(maxsize=1 << 15)  # ranks in seat order decide which positions score; a hand's suits never do
def _rank_parts(ranks: tuple[int, ...]) -> tuple[tuple[str, tuple[int, ...], int], ...]:
    """(kind, positions, points) of the fifteens, pairs and longest runs of five ranks, in counting order."""
    vals = [r if r < 10 else 10 for r in ranks]
    out = []
    if sum(vals) >= 15:  # otherwise no subset reaches 15
        out += [("fifteen", c, 2) for c in _SUBSETS if sum([vals[i] for i in c]) == 15]
    out += [("pair", (a, b), 2) for a, b in _PAIRS if ranks[a] == ranks[b]]
    for size in (5, 4, 3):
        runs = [c for c in _RUN_SETS[size] if _is_rank_run([ranks[i] for i in c])]
        if runs:  # only the longest runs count; the shorter ones inside them score nothing
            # each run's cards in card order: by rank, then suit; equal ranks never meet inside one run
            out += [("run", tuple(sorted(c, key=lambda i: ranks[i])), size) for c in runs]
            break
    return tuple(out)


def _is_rank_run(ranks: list[int]) -> bool:
    return len(set(ranks)) == len(ranks) and max(ranks) - min(ranks) == len(ranks) - 1


def peg_parts(series: Iterable[str | Card]) -> list[Part]:
    """What the last card of ``series`` (the cards since the last reset, in order) scores in the play.

    >>> [(p.kind, p.points) for p in peg_parts(["7C", "8D", "8H", "8S"])]
    [('thirty_one', 2), ('pair_royal', 6)]
    """
    cards = parse_cards(series)
    if not cards:
        return []
    count = sum(value(c) for c in cards)
    if count > 31:
        raise ValueError(f"the count of a series never passes 31 (this one is {count})")
    parts: list[Part] = []
    if count in (15, 31):
        parts.append(Part("fifteen" if count == 15 else "thirty_one", _strs(cards), 2))
    same = 1
    while same < len(cards) and cards[-1 - same].rank == cards[-1].rank:
        same += 1
    if same >= 2:
        kind, points = PAIR_KINDS[same]
        parts.append(Part(kind, _strs(cards[-same:]), points))
    for n in range(len(cards), 2, -1):
        if _is_run(cards[-n:]):  # only the longest run ending with this card counts
            parts.append(Part("run", _strs(cards[-n:]), n))
            break
    return parts


def peg_points(series: Iterable[str | Card]) -> int:
    """Points for the last card of the series since the last reset.

    >>> peg_points(["4C", "6D", "5H"])
    5
    """
    return sum(p.points for p in peg_parts(series))


def describe(parts: Sequence[Part]) -> str:
    """Group parts into plain English: ``"three 15s for 6, pair royal for 6, double run of 3 for 6"``."""
    if not parts:
        return "no points"
    bits: list[str] = []
    fifteens = [p for p in parts if p.kind == "fifteen"]
    if fifteens:
        n = len(fifteens)
        bits.append("15 for 2" if n == 1 else f"{_COUNT_WORDS.get(n, n)} 15s for {2 * n}")
    bits += [f"{_PLAIN[p.kind]} for {p.points}" for p in parts if p.kind == "thirty_one"]
    bits += _describe_pairs([p for p in parts if p.kind == "pair"])
    bits += [f"{_PLAIN[p.kind]} for {p.points}" for p in parts if p.kind in ("pair_royal", "double_pair_royal")]
    runs = [p for p in parts if p.kind == "run"]
    if runs:
        n, size = len(runs), runs[0].points
        label = {1: "run", 2: "double run", 3: "triple run", 4: "double double run"}.get(n, f"{n} runs")
        bits.append(f"{label} of {size} for {n * size}")
    bits += [f"{p.kind} for {p.points}" for p in parts if p.kind in ("flush", "nobs")]
    bits += [f"{_PLAIN[p.kind]} for {p.points}" for p in parts if p.kind in ("go", "last_card")]
    return ", ".join(bits)


def _describe_pairs(pairs: Sequence[Part]) -> list[str]:
    by_rank = Counter(Card.parse(p.cards[0]).rank for p in pairs)
    names = {1: "pair", 3: "pair royal", 6: "double pair royal"}
    return [f"{names[n]} for {2 * n}" for _, n in sorted(by_rank.items())]


# --- fast totals (no parts) for bots and benches -------------------------------------------------

@cache
def rank_points(ranks: tuple[int, ...]) -> int:
    """Fifteens + pairs + runs of cards given only by their sorted ranks (suits never matter for these).

    >>> rank_points((5, 5, 5, 5, 11))
    28
    """
    ways = [1] + [0] * 15  # ways[s]: subsets of the cards seen so far whose values sum to s
    for r in ranks:
        v = min(r, 10)
        for s in range(15, v - 1, -1):
            ways[s] += ways[s - v]
    counts = Counter(ranks)
    points = 2 * ways[15] + sum(n * (n - 1) for n in counts.values())
    stretch, mult = 0, 1
    best = 0
    for r in range(1, 15):  # 14 is a sentinel that closes the last stretch
        if counts.get(r):
            stretch, mult = stretch + 1, mult * counts[r]
            continue
        if stretch >= 3:
            best += stretch * mult
        stretch, mult = 0, 1
    return points + best


def score_total(hand: Sequence[Card], starter: Card, crib: bool = False) -> int:
    """The same total as ``score_hand(...).total``, without building the parts (for bots)."""
    points = rank_points(tuple(sorted([c.rank for c in hand] + [starter.rank])))
    suits = {c.suit for c in hand}
    if len(suits) == 1:
        if starter.suit in suits:
            points += 5
        elif not crib:
            points += 4
    return points + sum(1 for c in hand if c.rank == 11 and c.suit == starter.suit)
