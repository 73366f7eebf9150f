"""Fast stand-ins for level 2 inside level 3's play-outs and its model of the opponent.

- ``play_value`` / ``peg_choice``: level 2's pegging (rules/cribbage/bot.py ``play_value``, the deep form)
  computed on ranks from a state's fields, so a play-out can ask it at every card. It reads what the mover
  has seen (own cards, own discards, the starter, the cards played) and nothing else.
- ``model_discard``: which two of six cards a good player throws: the kept four's expected points over the
  46 starters (exact, as level 2) plus or minus the crib's average for the two ranks thrown (a table made once,
  lazily), so it agrees with level 2 on most hands at a fraction of the cost.
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations
from math import comb

from rules.cards import CODE, Card, standard_deck
from rules.core import Action
from rules.cribbage.ev import crib_ev, five_rank_points
from rules.cribbage.score import _PEGGED, peg_total
from rules.cribbage.state import CribbageState

_FIVES = [5 ** r for r in range(13)]  # rank_code weights: rank r counts 5 ** (r - 1)


_VAL = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]  # counting value by rank


def _peg(ranks: tuple[int, ...]) -> int:
    got = _PEGGED.get(ranks)
    return peg_total(ranks) if got is None else got


# (series ranks with my card, my other ranks) -> per reply rank (bounded below)
_REPLIES: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[float | None, ...]] = {}


def _replies(s1: tuple[int, ...], n1: int, rest: tuple[int, ...]) -> tuple[float | None, ...]:
    """For each rank the opponent may answer with: its points minus my best answer after it (None: no fit)."""
    key = (s1, rest)
    got = _REPLIES.get(key)
    if got is None:
        out: list[float | None] = [None] * 14
        for r in range(1, 14):
            n2 = n1 + _VAL[r]
            if n2 > 31:  # values only grow with the rank
                break
            s2 = (*s1, r)
            best = _best_follow(s2, n2, rest)
            out[r] = _peg(s2) - (best if best is not None else (0.0 if n2 == 31 else -1.0))
        if len(_REPLIES) > 100_000:
            _REPLIES.clear()
        got = _REPLIES[key] = tuple(out)
    return got


def _best_follow(series: tuple[int, ...], count: int, rest: tuple[int, ...]) -> int | None:
    """The most the play pays for one of ``rest`` laid on ``series`` (at ``count``); None when none fits."""
    best = None
    for x in rest:
        if count + _VAL[x] <= 31:
            p = _peg((*series, x))
            if best is None or p > best:
                best = p
    return best


def play_value(rank: int, rest: tuple[int, ...], ranks: tuple[int, ...], count: int,
               pool: list[tuple[int, int]], size: int, held: int, out: bool) -> float:
    """Level 2's value of playing ``rank`` with ``rest`` left: the points now, minus the opponent's expected
    best reply net of my answer (it holds ``held`` of ``size`` unseen cards, ``pool`` as (rank, how many)),
    plus the go point when nobody can answer; high cards first on ties."""
    s1, n1 = (*ranks, rank), count + _VAL[rank]
    gain = float(_peg(s1))
    if n1 == 31:
        return gain
    options = []
    if not out:
        replies = _replies(s1, n1, rest)
        options = [(v, k) for r, k in pool if (v := replies[r]) is not None]
    against, p_none = _best_reply(options, size, held)
    follow = _best_follow(s1, n1, rest)
    return gain - against + p_none * (1.0 if follow is None else follow) + 0.001 * _VAL[rank]


def _best_reply(options: list[tuple[float, int]], size: int, held: int) -> tuple[float, float]:
    """Level 2's ``_best_of``: the expected best option among ``held`` cards drawn from ``size``, and the
    chance of none (equal values may go in any order: the sum is the same)."""
    total = comb(size, held) if held <= size else 0
    if total == 0:
        return 0.0, 1.0
    options.sort(reverse=True)
    expected, excluded, p_none_before = 0.0, 0, 1.0
    for val, k in options:
        excluded += k
        p_none_after = comb(size - excluded, held) / total
        expected += (p_none_before - p_none_after) * val
        p_none_before = p_none_after
    return expected, p_none_before


def unseen_pool(seen_cards: Sequence[Card]) -> tuple[list[tuple[int, int]], int]:
    """(rank, how many) of the cards not in ``seen_cards``, and how many cards that is."""
    unseen = [0] + [4] * 13
    for c in seen_cards:
        unseen[c.rank] -= 1
    pool = [(r, unseen[r]) for r in range(1, 14) if unseen[r]]
    return pool, sum(n for _, n in pool)


_CHOSEN: dict[tuple[object, ...], int] = {}  # what the mover knows -> where of its card among the legal ones (bounded)


def peg_choice(state: CribbageState) -> Action:
    """Level 2's card for the seat to move in ``state``. Play-outs meet the same situation again and again
    (the mover's cards, the series, what it has not seen), so the choice is remembered by exactly those."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    me = state.turn
    assert me is not None and state.starter is not None  # a play: someone moves, the starter is cut
    opp = 1 - me
    hand, series, count = state.hands[me], state.series, state.count
    unseen = [0] + [4] * 13
    for c in (*state.kept[me], *state.discards[me], state.starter, *state.earlier[opp]):
        unseen[c.rank] -= 1
    for p, c in series:
        if p == opp:
            unseen[c.rank] -= 1
    ranks = tuple([c.rank for _, c in series])
    held = len(state.hands[opp])
    out = state.gone[opp] or held == 0
    mine = tuple([c.rank for c in hand])
    key = (mine, ranks, tuple(unseen), held, out)
    got = _CHOSEN.get(key)
    if got is None:
        pool = [(r, unseen[r]) for r in range(1, 14) if unseen[r]]
        size = sum(n for _, n in pool)
        got, best_value = 0, -99.0
        for i in range(len(legal)):  # the legal plays are the first cards of the sorted hand
            rest = mine[:i] + mine[i + 1:]
            value = play_value(mine[i], rest, ranks, count, pool, size, held, out)
            if value > best_value:
                got, best_value = i, value
        if len(_CHOSEN) > 200_000:
            _CHOSEN.clear()
        _CHOSEN[key] = got
    return legal[got]


# --- the discard model ---------------------------------------------------------------------------

@cache
def crib_pair(a: int, b: int) -> float:
    """The crib's average points given two thrown ranks (other suits), over the rest of the pack."""
    x, y = Card(a, "C"), Card(b, "D")
    return crib_ev((x, y), [c for c in standard_deck() if c != x and c != y])


_SPLITS = tuple(combinations(range(6), 2))
_RANK_PART: dict[tuple[object, ...], list[float]] = {}  # by the six ranks (sorted) and the seat: each split's rank part


@cache
def _starters(code: int) -> int:
    """Four kept ranks (a rank code): their points summed over a full pack's 52 starters (5 of a rank: none)."""
    table = five_rank_points()
    return sum(4 * table.get(code + f, 0) for f in _FIVES)


def _rank_part(ranks: tuple[int, ...], is_dealer: bool) -> list[float]:
    """Each split's kept ranks' expected points over the 46 starters left, plus or minus the crib's average
    for the ranks thrown (suits count apart: the flush and nobs)."""
    table = five_rank_points()
    codes = [_FIVES[r - 1] for r in ranks]
    total = sum(codes)
    sign = 1.0 if is_dealer else -1.0
    out = []
    get = table.get
    c0, c1, c2, c3, c4, c5 = codes
    for i, j in _SPLITS:
        keep = total - codes[i] - codes[j]
        # the six cards are not starters: take their ranks out of the full pack's sum
        hand = _starters(keep) - (get(keep + c0, 0) + get(keep + c1, 0) + get(keep + c2, 0) + get(keep + c3, 0)
                                  + get(keep + c4, 0) + get(keep + c5, 0))
        out.append(hand / 46 + sign * crib_pair(ranks[i], ranks[j]))
    return out


def model_discard(six: Sequence[Card], is_dealer: bool) -> tuple[Card, Card]:
    """The two cards a good player throws from ``six``: the kept hand's expected points over the 46 starters
    plus (own crib) or minus (the other's) the crib's average for the two ranks; ties keep the card order."""
    h = sorted(six, key=CODE)
    ranks = tuple([c.rank for c in h])
    values = _RANK_PART.get((ranks, is_dealer))
    if values is None:
        values = _RANK_PART[ranks, is_dealer] = _rank_part(ranks, is_dealer)
    suits = [c.suit for c in h]
    if 11 in ranks or max(suits.count(x) for x in "CDHS") >= 4:  # nobs or a flush may count: add them
        values = list(values)
        left = {x: 13 - suits.count(x) for x in "CDHS"}
        for n, (i, j) in enumerate(_SPLITS):
            keep = [c for k, c in enumerate(h) if k != i and k != j]
            if keep[0].suit == keep[1].suit == keep[2].suit == keep[3].suit:
                values[n] += 4 + left[keep[0].suit] / 46
            values[n] += sum(left[c.suit] for c in keep if c.rank == 11) / 46
    best = max(range(15), key=values.__getitem__)
    i, j = _SPLITS[best]
    return h[i], h[j]
