"""Cribbage scoring (RULES.md §2.3–2.4): the show's breakdown, the play's points, and fast totals for bots.

Fifteens, pairs and runs depend on the five ranks alone, so each of the 6,175 rank multisets is worked out
once (lazily) with its combinations as bit masks over the five cards sorted by rank; a hand maps those masks
back to its own card order through the row of its order of ranks (at most 541 orders with ties). Flush and
nobs are two checks on the suits.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations
from operator import itemgetter
from typing import Any, NamedTuple

from rules.cards import Card, parse_cards, standard_deck

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

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "cards": list(self.cards), "points": self.points}


class Breakdown(NamedTuple):
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

    def to_json(self) -> dict[str, object]:
        return {"cards": list(self.cards), "starter": self.starter, "crib": self.crib,
                "parts": [p.to_json() for p in self.parts], "total": self.total, "summary": self.summary()}


def _strs(cards: Iterable[Card]) -> tuple[str, ...]:
    return tuple(str(c) for c in cards)


def _show_cards(hand: Iterable[str | Card], starter: str | Card) -> tuple[tuple[Card, ...], Card]:
    held, top = parse_cards(hand), Card.parse(starter)
    if len(held) != 4:
        raise ValueError(f"a hand to count has 4 cards, not {len(held)}")
    if len(set(held) | {top}) != 5:
        raise ValueError("the hand and the starter must be five different cards")
    return held, top


# --- tables over card codes (rank * 4 + suit) and over the 26 card subsets that can score ----------------

_NAME = [""] * 56
_RANK_CODE = [0] * 56  # 5 ** (rank - 1): the sum over five cards names their rank multiset (at most 4 a rank)
for _c in standard_deck():
    _NAME[_c.code], _RANK_CODE[_c.code] = str(_c), 5 ** (_c.rank - 1)

# Subsets of the five cards (held 0-3, starter 4) in the order ``itertools.combinations`` counts them, which
# is the order of the parts of one kind: _ORDER[mask] is a subset's place.
_SUBSETS = tuple(c for size in range(2, 6) for c in combinations(range(5), size))
_ORDER = [-1] * 32
for _i, _s in enumerate(_SUBSETS):
    _ORDER[sum(1 << j for j in _s)] = _i
_FIFTEEN, _PAIR, _RUN = 0, 32, 64  # a rank part is its kind's offset plus its mask over the rank-sorted cards
_KINDS = ((_FIFTEEN, "fifteen"), (_PAIR, "pair"), (_RUN, "run"))
Row = list[tuple[int, str, "itemgetter[Any]", int]]


def _row(perm: tuple[int, ...]) -> Row:
    """For a hand whose rank-sorted card i sits at position perm[i]: each rank part as (its place in the
    breakdown, kind, the getter of its card names from the names in position order, points). Fifteens and
    pairs list their cards in position order, runs by rank."""
    row: Row = [(0, "", itemgetter(0), 0)] * 96
    for m in range(32):
        if m & (m - 1):  # two cards or more
            sorted_bits = [i for i in range(5) if m >> i & 1]
            place = _ORDER[sum(1 << perm[i] for i in sorted_bits)]
            for offset, kind in _KINDS:
                at = [perm[i] for i in sorted_bits]
                if offset != _RUN:
                    at.sort()
                points = len(at) if offset == _RUN else 2
                key = (offset + place, kind, tuple(at), points)
                if key not in _ENTRIES:
                    _ENTRIES[key] = (offset + place, kind, itemgetter(*at), points)
                row[offset + m] = _ENTRIES[key]
    return row


# Rows share their entries (a fifteen or pair is fixed by its positions, a run by them in rank order): 372
# small tuples stay in the processor's cache where 120 rows of their own (about 2.5 MB) did not (7% faster).
_ENTRIES: dict[tuple[int, str, tuple[int, ...], int], tuple[int, str, itemgetter[Any], int]] = {}

# Rows by the order of the five ranks: how many cards rank below each of positions 0-2, then 3-4, in base 5
# (two small ints, which Python does not allocate, where one packed int would be); each row is made when
# first met. Slot 96 lists the pairs of positions with equal ranks: the only places a card can be repeated.
_ROWS: list[list[Row | None]] = [[None] * 25 for _ in range(125)]


def _ranked(ranks: tuple[int, ...]) -> tuple[int, ...]:
    """The fifteens, pairs and longest runs of five sorted ranks: each its kind's offset plus its mask."""
    vals = [min(r, 10) for r in ranks]
    masks = [m for m in range(32) if m & (m - 1)]
    got = [_FIFTEEN + m for m in masks if sum(vals[i] for i in range(5) if m >> i & 1) == 15]
    got += [_PAIR + m for m in masks if m.bit_count() == 2 and len({ranks[i] for i in range(5) if m >> i & 1}) == 1]
    for size in (5, 4, 3):  # only the longest runs count; the shorter ones inside them score nothing
        runs = [_RUN + m for m in masks if m.bit_count() == size and _is_rank_run([ranks[i] for i in range(5)
                                                                                  if m >> i & 1])]
        if runs:
            return tuple(got + runs)
    return tuple(got)


def _is_rank_run(ranks: list[int]) -> bool:
    return len(set(ranks)) == len(ranks) and max(ranks) - min(ranks) == len(ranks) - 1


# By the sum of _RANK_CODE (at most 6,175 entries): bytes 0-55 say for each card code how many of the five
# cards rank below it (no sort of the hand), the rest are the rank parts (_ranked). A tuple or a second object
# would cost more cache misses than the bytes' slower indexing.
_RANKED: dict[int, bytes] = {}
_new = tuple.__new__  # builds a Part or Breakdown without the Python-level NamedTuple __new__


def score_hand(hand: Iterable[str | Card], starter: str | Card, crib: bool = False) -> Breakdown:
    """Count 4 held cards with the starter: each fifteen, pair and run, the flush and nobs.

    >>> score_hand(["5H", "5D", "5C", "JS"], "5S").total
    29
    >>> score_hand(["4C", "5D", "6S", "KD"], "2H").summary()
    'two 15s for 4, run of 3 for 3 = 7'
    """
    try:  # strings have no ``code``: they take the parsing path
        h0, h1, h2, h3 = hand
        c0, c1, c2, c3, c4 = h0.code, h1.code, h2.code, h3.code, starter.code  # type: ignore[union-attr]  # a str raises
    except (ValueError, TypeError, AttributeError):  # strings, or not four cards: parse and check
        held, top = _show_cards(hand, starter)
        c0, c1, c2, c3, c4 = held[0].code, held[1].code, held[2].code, held[3].code, top.code
    key = _RANK_CODE[c0] + _RANK_CODE[c1] + _RANK_CODE[c2] + _RANK_CODE[c3] + _RANK_CODE[c4]
    ranked = _RANKED.get(key) or _new_ranked(key, (c0, c1, c2, c3, c4))
    row = (_ROWS[ranked[c0] + 5 * ranked[c1] + 25 * ranked[c2]][ranked[c3] + 5 * ranked[c4]]
           or _new_row(ranked[c0], ranked[c1], ranked[c2], ranked[c3], ranked[c4]))
    names = (n0, n1, n2, n3, n4) = (_NAME[c0], _NAME[c1], _NAME[c2], _NAME[c3], _NAME[c4])
    ties: tuple[tuple[int, int], ...] = row[96]  # type: ignore[assignment]  # slot 96: tied pairs
    # a repeated card counts its rank twice: the multiset's entry still (five of a rank has its own)
    if ties:
        for i, j in ties:
            if names[i] is names[j]:
                raise ValueError("the hand and the starter must be five different cards")
    n = len(ranked) - 56
    parts: tuple[Part, ...]
    if n == 1:
        _, kind, g, points = row[ranked[56]]
        parts = (_new(Part, (kind, g(names), points)),)
    elif n == 2:  # the commonest counts are put in order without a sort
        a, b = row[ranked[56]], row[ranked[57]]
        if a[0] > b[0]:
            a, b = b, a
        _, kind, g, points = a
        _, kind_b, g_b, points_b = b
        parts = (_new(Part, (kind, g(names), points)), _new(Part, (kind_b, g_b(names), points_b)))
    elif n == 3:
        a, b, c = row[ranked[56]], row[ranked[57]], row[ranked[58]]
        if a[0] > b[0]:
            a, b = b, a
        if b[0] > c[0]:
            b, c = c, b
            if a[0] > b[0]:
                a, b = b, a
        _, kind, g, points = a
        _, kind_b, g_b, points_b = b
        _, kind_c, g_c, points_c = c
        parts = (_new(Part, (kind, g(names), points)), _new(Part, (kind_b, g_b(names), points_b)),
                 _new(Part, (kind_c, g_c(names), points_c)))
    elif n:
        got = []
        for _, kind, g, points in sorted(map(row.__getitem__, ranked[56:])):
            got.append(_new(Part, (kind, g(names), points)))
        parts = tuple(got)
    else:
        parts = ()
    if not (c0 ^ c1 | c0 ^ c2 | c0 ^ c3) & 3:  # the four held cards share a suit
        if not (c0 ^ c4) & 3:
            parts += (_new(Part, ("flush", names, 5)),)
        elif not crib:  # the crib's flush needs the starter too (§2.4)
            parts += (_new(Part, ("flush", (n0, n1, n2, n3), 4)),)
    nobs = 44 | c4 & 3  # the Jack of the starter's suit
    if c0 == nobs or c1 == nobs or c2 == nobs or c3 == nobs:
        parts += (_new(Part, ("nobs", (names[(c0, c1, c2, c3).index(nobs)], n4), 1)),)
    return _new(Breakdown, ((n0, n1, n2, n3), n4, crib, parts))


def _new_ranked(key: int, codes: tuple[int, ...]) -> bytes:
    ranks = sorted(c >> 2 for c in codes)
    below = [ranks.index(c >> 2) if c >> 2 in ranks else 0 for c in range(56)]
    ranked = _RANKED[key] = bytes(below) + bytes(_ranked(tuple(ranks)))
    return ranked


def _new_row(*below: int) -> Row:
    perm = sorted(range(5), key=below.__getitem__)  # equal ranks in position order (any order counts the same)
    row = _row(tuple(perm))
    row.append(tuple((i, j) for i, j in combinations(range(5), 2) if below[i] == below[j]))  # type: ignore[arg-type]  # slot 96
    _ROWS[below[0] + 5 * below[1] + 25 * below[2]][below[3] + 5 * below[4]] = row
    return row


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
        if _is_rank_run([c.rank for c in cards[-n:]]):  # only the longest run ending with this card counts
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


_TOTALS: dict[int, int] = {}  # rank_points by the sum of _RANK_CODE


def score_total(hand: Sequence[Card], starter: Card, crib: bool = False) -> int:
    """The same total as ``score_hand(...).total``, without building the parts (for bots)."""
    if len(hand) != 4:
        raise ValueError(f"a hand to count has 4 cards, not {len(hand)}")
    c0, c1, c2, c3 = hand[0].code, hand[1].code, hand[2].code, hand[3].code
    c4 = starter.code
    key = _RANK_CODE[c0] + _RANK_CODE[c1] + _RANK_CODE[c2] + _RANK_CODE[c3] + _RANK_CODE[c4]
    points = _TOTALS.get(key)
    if points is None:
        points = _TOTALS[key] = rank_points(tuple(sorted([c0 >> 2, c1 >> 2, c2 >> 2, c3 >> 2, c4 >> 2])))
    if not (c0 ^ c1) & 3 and not (c0 ^ c2) & 3 and not (c0 ^ c3) & 3:
        if not (c0 ^ c4) & 3:
            points += 5
        elif not crib:
            points += 4
    nobs = 44 | (c4 & 3)
    return points + (c0 == nobs or c1 == nobs or c2 == nobs or c3 == nobs)


_PEGGED: dict[tuple[int, ...], int] = {}  # peg_total by the ranks of a series (bounded below)
_TAILS: dict[tuple[int, ...], int] = {}  # pair and run points by a series' last 7 ranks (bounded below)
TAIL = 7  # a series holds at most 7 different ranks in a row (1 + ... + 8 passes 31): runs end within them


def peg_total(ranks: tuple[int, ...]) -> int:
    """What the last card of a series scores in the play, from the ranks alone (same as ``peg_points``).

    >>> peg_total((4, 6, 5))
    5
    """
    got = _PEGGED.get(ranks)
    if got is not None:
        return got
    count = sum([r if r < 10 else 10 for r in ranks])
    tail = ranks[-TAIL:]
    points = _TAILS.get(tail)
    if points is None:
        points = tail_points(tail)
    points += 2 if count == 15 or count == 31 else 0
    if len(_PEGGED) > 200_000:  # searches see many series; keep the memory bounded
        _PEGGED.clear()
    _PEGGED[ranks] = points
    return points


def tail_points(tail: tuple[int, ...]) -> int:
    """The pair and run points of the last card after the ranks before it (the series' last ``TAIL``
    ranks suffice); the count's 15 or 31 comes on top.

    >>> tail_points((4, 6, 5)), tail_points((9, 9, 9))
    (3, 6)
    """
    n, last = len(tail), tail[-1]
    same = 1
    while same < n and tail[-1 - same] == last:
        same += 1
    if same >= 2:
        points = same * (same - 1)  # 2, 6, 12
    else:  # the longest run ending here: walk back while the ranks stay different
        seen, low, high, points = {last}, last, last, 0
        for k in range(2, n + 1):
            r = tail[-k]
            if r in seen:
                break
            seen.add(r)
            low, high = min(low, r), max(high, r)
            if k >= 3 and high - low == k - 1:
                points = k
    if len(_TAILS) > 200_000:
        _TAILS.clear()
    _TAILS[tail] = points
    return points
