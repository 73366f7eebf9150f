"""Kombi-Duell play-outs for the searching level: a quick policy for both seats, played to the end.

The policy plays in level 2's manner at a fraction of its cost: it works on the state's own card bits (a card
is bit ``13 * suit + ring position``, see :mod:`rules.kombi.plays`) and values a hand like level 2 does, its
best play a little below its points plus the near-combinations (pairs, two cards of a run) weighted by the
chance that a card completing them comes: half for a card in the exchange area, a few draws' worth for an
unseen one. It ends the game when that wins, draws first, plays its best combinations, and exchanges when
the hand gains; it keeps the game going while not ahead. It uses only what its seat can see (its hand, the
exchange area, the discards and the counts), and a play-out is only ever run on a world the searching bot
sampled from its own observation.
"""
from __future__ import annotations

from rules.core import Action
from rules.kombi.actions import exchange_rows as _exchange_rows
from rules.kombi.plays import LOW, NOT_TOP, RING, play_table
from rules.kombi.state import DRAW, HAND_LIMIT, PASS, KombiState

FULL = (1 << 52) - 1
STALL_TURNS = 6  # turns in a row with no draw and no play: the table is stuck, the game as good as over
PLAYOUT_CAP = 400  # actions; a play-out of this policy ends far sooner
HOLD = 0.9  # a held combination is worth a little less than its points: the game may end first
NEAR = 0.4  # the weight of near-combinations, which may never come
AREA_REACH = 0.5  # chance that a card in the exchange area can still be taken
REACH_CAP = 0.6
DRAW_HORIZON = 3
GAIN = 0.5  # an exchange must gain this much hand value
FEED = 3.0  # what giving the opponent a card that joins cards it collects costs, in points

# Each card's neighbours on its suit's ring (wrapping A-2).
UP = tuple(b - b % 13 + (b % 13 + 1) % 13 for b in range(52))
DOWN = tuple(b - b % 13 + (b % 13 - 1) % 13 for b in range(52))


def _down(m: int) -> int:
    """Every card moved one place down its suit's ring."""
    return (m >> 1 & NOT_TOP) | (m & LOW) << 12


def near_value(m: int, unseen: int, area: int, reach: float) -> float:
    """Expected points of the near-combinations in ``m`` (level 2's measure): a pair of a rank waits for one
    of the other two cards, two neighbours for the card at either end, two cards one apart for the middle."""
    value = 0.0
    a, b, c, d = m & RING, m >> 13 & RING, m >> 26 & RING, m >> 39
    pairs = ((a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d)) & ~((a & b & (c | d)) | (c & d & (a | b)))
    while pairs:
        low = pairs & -pairs
        pairs ^= low
        missing = low * LOW & ~m
        chance = (missing & unseen).bit_count() * reach + (missing & area).bit_count() * AREA_REACH
        value += 10 * (chance if chance < REACH_CAP else REACH_CAP)
    for shift, ring in ((0, a), (13, b), (26, c), (39, d)):
        if ring & (ring - 1):  # two cards or more
            key = (ring | (unseen >> shift & RING) << 13 | (area >> shift & RING) << 26, reach)
            got = _SUITS.get(key)
            if got is None:
                if len(_SUITS) > SUIT_CACHE:
                    _SUITS.clear()
                got = _SUITS[key] = _suit_value(ring, unseen >> shift & RING, area >> shift & RING, reach)
            value += got
    return value


_SUITS: dict[tuple[int, float], float] = {}  # near-runs of one suit, by its cards, unseen and area cards, reach
SUIT_CACHE = 1 << 17


def _suit_value(ring: int, unseen: int, area: int, reach: float) -> float:
    """The near-runs of one suit's ``ring`` (13 bits, wrapping A-2): two neighbours wait for either end,
    two cards one apart for the middle."""
    value = 0.0
    for q in range(13):
        if not ring >> q & 1:
            continue
        up, up2 = (q + 1) % 13, (q + 2) % 13
        if ring >> up & 1:
            chance = 0.0
            for e in ((q - 1) % 13, up2):
                chance += reach if unseen >> e & 1 else AREA_REACH if area >> e & 1 else 0.0
            value += 6 * min(REACH_CAP, chance)
        elif ring >> up2 & 1:
            value += 6 * min(REACH_CAP, reach if unseen >> up & 1 else AREA_REACH if area >> up & 1 else 0.0)
    return value


def hand_value(m: int, unseen: int, area: int, reach: float) -> float:
    """A hand kept at the end of a turn: its best play a little below its points, the rest's near-combinations."""
    infos = play_table(m)[1]
    loose = NEAR * near_value(m, unseen, area, reach)
    if not infos:
        return loose
    best = infos[0]
    return max(loose, HOLD * best.points + NEAR * near_value(m & ~best.used, unseen, area, reach))


def _related(m: int) -> int:
    """Every card that could join a card of ``m`` in a combination: the same rank, or a suit neighbour up to
    two places away."""
    d1 = _down(m)
    u1 = _up(m)
    return (m | d1 | u1 | _down(d1) | _up(u1) | _ranks(m) * LOW) & FULL


def _up(m: int) -> int:
    return (m << 1 & ~LOW & FULL) | (m >> 12 & LOW)


def _ranks(m: int) -> int:
    return (m | m >> 13 | m >> 26 | m >> 39) & RING


def _partnered(m: int) -> int:
    """The cards of ``m`` with a partner in ``m``: another card of the rank, or a suit neighbour up to two
    places away."""
    d1, u1 = _down(m), _up(m)
    a, b, c, d = m & RING, m >> 13 & RING, m >> 26 & RING, m >> 39
    two = (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d)
    return m & (d1 | u1 | _down(d1) | _up(u1) | two * LOW)


def _best_exchange(s: KombiState, m: int, hand: tuple[int, ...], before: float, unseen: int, area_mask: int,
                   reach: float, avoid: int) -> tuple[float, int, int]:
    """The exchange that gains the most hand value over ``before``: (gain, hand card, area card). Only an
    area card that could join the hand can gain, and a hand card with no partner is the one to give when
    there is one (it adds nothing to the hand's value). The unseen cards stay the same: an exchange only
    moves cards between the hand and the area. Giving a card of ``avoid`` costs :data:`FEED`."""
    best = (0.0, -1, -1)
    near = _related(m)
    for x in s._area:
        if not near >> x & 1:
            continue
        with_x, others = m | 1 << x, area_mask & ~(1 << x)
        lone = with_x & ~_partnered(with_x) & ~avoid
        gives = [next(g for g in hand if lone >> g & 1)] if lone else hand
        for g in gives:
            gain = hand_value(with_x & ~(1 << g), unseen, others | 1 << g, reach) - before
            if avoid >> g & 1:
                gain -= FEED
            if gain > best[0]:
                best = (gain, g, x)
    return best


def _reach(s: KombiState, unseen: int) -> float:
    pile = len(s._deck) - s._top
    return min(REACH_CAP, min(DRAW_HORIZON, pile) / max(1, unseen.bit_count()))


def quick_move(s: KombiState, avoid: int = 0) -> Action:
    """The play-out policy's move in ``s`` (a state that is not over): level 2's habits. A turn opens with
    the best play, else a draw; then the rest of the turn goes to whatever raises the hand's value most."""
    p, done = s._current, s._done
    m, hand, gone = s._masks[p], s._hands[p], s._masks[2]
    lead = s._points[p] - s._points[1 - p]
    if not done and s._full_pass and lead > 0:
        return PASS  # a full pass now ends the game with a win
    actions, infos = play_table(m) if "play" not in done else ((), ())
    if actions and infos[0].used == m:
        if lead + infos[0].points > 0:
            return actions[0]  # empty the hand and win
        actions, infos = actions[1:], infos[1:]  # emptying would not win: keep a card back
    can_draw = "draw" not in done and s._top < len(s._deck) and len(hand) < HAND_LIMIT
    if not done:
        if actions:
            return actions[0]
        if can_draw:
            return DRAW
    elif "exchange" in done or not s._exchange_open():
        return actions[0] if actions else DRAW if can_draw else PASS
    area_mask = sum(1 << x for x in s._area)
    unseen = FULL & ~(m | area_mask | gone)
    reach = _reach(s, unseen)
    keep = hand_value(m, unseen, area_mask, reach)
    if actions:  # after a draw: play now, or exchange and hold the play
        info = infos[0]
        play = info.points + hand_value(m & ~info.used, unseen, area_mask, reach)
        gain, give, take = _best_exchange(s, m, hand, keep, unseen, area_mask, reach, avoid)
        if give >= 0 and keep + gain > play:
            return _exchange_rows()[give][take]
        return actions[0]
    if "exchange" not in done and s._exchange_open():
        gain, give, take = _best_exchange(s, m, hand, keep, unseen, area_mask, reach, avoid)
        if give >= 0 and gain > (GAIN if not done else 0.0):
            return _exchange_rows()[give][take]
        if not done and s._full_pass:
            give = next((g for g in reversed(hand) if not avoid >> g & 1), hand[-1])
            return _exchange_rows()[give][s._area[0]]  # not ahead after a full pass: keep the game going
    return DRAW if can_draw else PASS


def joining(m: int) -> int:
    """Every card that joins a card of ``m`` in some combination: the same rank, or a suit neighbour up to
    two places away."""
    d1, u1 = _down(m), _up(m)
    return (d1 | u1 | _down(d1) | _up(u1) | _ranks(m) * LOW) & FULL


def playout(s: KombiState, me: int, known: int = 0) -> float:
    """Play ``s`` to the end with :func:`quick_move` for both seats: 1 for a win, 0.5 for a draw, 0 for a
    loss, plus a thousandth of a point per point of margin so that bigger wins rank first. Seat ``me``
    remembers the cards the opponent takes from the exchange area (``known`` at the start) and does not
    give it cards that join them."""
    quiet = 0  # turns since the last draw or play
    other = 1 - me
    known &= s._masks[other]
    avoid = joining(known) if known else 0
    for _ in range(PLAYOUT_CAP):
        if s._end is not None:
            break
        mine = s._current == me
        action = quick_move(s, avoid if mine else 0)
        if action is DRAW or action.kind == "play":
            quiet = 0
        elif action is PASS:
            quiet += 1
            if quiet >= 2 * STALL_TURNS:
                break
        s = s.apply(action)
        if not mine and (known or action.kind == "exchange"):
            record = s._record
            if record is not None and record[0] == "exchange":
                known |= 1 << record[3]
            known &= s._masks[other]
            avoid = joining(known) if known else 0
    margin = s._points[me] - s._points[1 - me]
    return (0.5 if margin == 0 else float(margin > 0)) + margin / 1000
