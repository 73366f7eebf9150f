"""Exact expected values of cribbage discards: the kept hand over the 46 starters, the crib over every draw.

The crib's value is averaged over the opponent's two crib cards and the starter drawn from the 46 cards
the discarding player cannot see. Fifteens, pairs and runs depend on ranks only, so the average runs
over rank multisets with their weights (at most 455 of them) instead of 45,540 card triples; the flush
and nobs, the only suit-dependent parts, are added in closed form.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from math import comb
from typing import NamedTuple

from rules.cards import Card, parse_cards, standard_deck
from rules.cribbage.score import rank_points


class DiscardOption(NamedTuple):
    """One way to split six cards: what goes to the crib, what is kept, and what each is worth on average."""

    discard: tuple[str, str]
    keep: tuple[str, ...]
    hand_ev: float  # the kept four with the starter, averaged over the 46 starters
    crib_ev: float  # the crib, averaged over the opponent's two cards and the starter
    ev: float  # hand_ev plus (dealer) or minus (non-dealer) crib_ev


def rank_code(ranks: Iterable[int]) -> int:
    """A rank multiset as one number, additive over cards (at most four of a rank, so base 5 is enough)."""
    return sum(5 ** (r - 1) for r in ranks)


@lru_cache(maxsize=1)
def five_rank_points() -> dict[int, int]:
    """Fifteens + pairs + runs of every five-card rank multiset, by ``rank_code``: one lookup per crib."""
    return {rank_code(t): rank_points(t) for t in combinations_with_replacement(range(1, 14), 5)
            if max(Counter(t).values()) <= 4}


def unseen_pool(hand6: Iterable[Card]) -> list[Card]:
    held = set(hand6)
    return [c for c in standard_deck() if c not in held]


def _suit_counts(pool: Sequence[Card]) -> Counter[str]:
    return Counter(c.suit for c in pool)


def hand_ev(keep: Sequence[Card], pool: Sequence[Card]) -> float:
    """The kept hand's points averaged over every starter in ``pool``."""
    n = len(pool)
    table, held = five_rank_points(), rank_code(c.rank for c in keep)
    total = sum(count * table[held + 5 ** (rank - 1)] for rank, count in Counter(c.rank for c in pool).items())
    suits = _suit_counts(pool)
    if len({c.suit for c in keep}) == 1:
        total += 4 * n + suits[keep[0].suit]  # 4 always, a fifth point when the starter matches
    total += sum(suits[c.suit] for c in keep if c.rank == 11)  # nobs
    return total / n


def crib_draws(pool: Sequence[Card]) -> list[tuple[int, int]]:
    """Every rank multiset of three cards drawn from ``pool`` (as a ``rank_code``), with the number of
    card triples giving it."""
    counts = Counter(c.rank for c in pool)
    out = []
    for triple in combinations_with_replacement(sorted(counts), 3):
        weight = 1
        for rank, times in Counter(triple).items():
            weight *= comb(counts[rank], times)
        if weight:
            out.append((rank_code(triple), weight))
    return out


def crib_ev(discard: Sequence[Card], pool: Sequence[Card],
            draws: list[tuple[int, int]] | None = None) -> float:
    """The crib's average over the opponent's two cards and the starter, all three from ``pool``."""
    n = len(pool)
    draws = crib_draws(pool) if draws is None else draws
    table, mine = five_rank_points(), rank_code(c.rank for c in discard)
    total = sum(w * table[mine + t] for t, w in draws)
    value = total / comb(n, 3)
    suits = _suit_counts(pool)
    a, b = discard
    if a.suit == b.suit:  # a crib flush needs all five: both other crib cards and the starter of that suit
        value += 5 * comb(suits[a.suit], 3) / comb(n, 3)
    value += sum(suits[c.suit] for c in discard if c.rank == 11) / n  # own Jack, starter of its suit
    # An opponent's Jack: two chances, each a Jack in the pool followed by a starter of its suit.
    value += 2 * sum(suits[c.suit] - 1 for c in pool if c.rank == 11) / (n * (n - 1))
    return value


def discard_table(hand6: Iterable[str | Card], is_dealer: bool, with_crib: bool = True) -> list[DiscardOption]:
    """All 15 discards of a six-card hand, best expected value first (ties keep the card order)."""
    hand = tuple(sorted(parse_cards(hand6)))
    if len(set(hand)) != 6:
        raise ValueError("a discard choice needs six different cards")
    return list(_table(hand, is_dealer, with_crib))


@lru_cache(maxsize=64)  # a hint and the bot's own choice often ask about the same hand
def _table(hand: tuple[Card, ...], is_dealer: bool, with_crib: bool) -> tuple[DiscardOption, ...]:
    pool = unseen_pool(hand)
    draws = crib_draws(pool) if with_crib else []
    sign = 1 if is_dealer else -1
    options = []
    for pair in combinations(hand, 2):
        keep = [c for c in hand if c not in pair]
        h = hand_ev(keep, pool)
        c = crib_ev(pair, pool, draws) if with_crib else 0.0
        options.append(DiscardOption((str(pair[0]), str(pair[1])), tuple(str(x) for x in keep), h, c,
                                     h + sign * c))
    return tuple(sorted(options, key=lambda o: -o.ev))


def discard_values(hand6: Iterable[str | Card], is_dealer: bool) -> list[tuple[tuple[str, str], float]]:
    """Each discard pair with its expected value (hand ± crib), best first: the hint's numbers.

    >>> best, ev = discard_values(["5H", "5D", "JS", "KC", "2D", "8C"], is_dealer=True)[0]
    >>> best
    ('2D', '8C')
    """
    return [(o.discard, o.ev) for o in discard_table(hand6, is_dealer)]
