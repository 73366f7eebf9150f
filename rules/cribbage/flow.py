"""Cribbage transitions (RULES.md §2.2–2.6): cuts, the deal, the play automaton with Go, the show, 121.

An action builds its one new state in place: the state copies its fields into a fresh object once, and the
functions here change that copy's field dict ``d`` before anyone can see it. A random game takes about 160
actions, so one copy per action (not one per changed field) is most of the engine's speed. Events are kept
as ``(builder, *args)`` tuples and turned into dicts only when someone reads them; a playout never does.

During the play both hands are sorted by card code (rank first), so the lowest card of a hand is its first:
whether a hand can play at a count is one look, and the legal plays are a prefix of the hand. Two derived
fields ride along in the dict (never compared, rebuilt when None): ``_acts``, each hand's play actions in
hand order, and ``_ranks``, the last four ranks of the current series as 4-bit digits (0 for none), the index
into ``PEG4``, which gives their pair and run points, or ``LONGER`` when a run of five or more may end there.
A third, ``_deal_cut``, holds the second seat's card of a cut for deal (both come from one shuffled pack).
"""
from __future__ import annotations

from itertools import permutations
from operator import itemgetter
from typing import Any, TypeVar

from rules.cards import CODE, Card, standard_deck
from rules.core import Action, Event
from rules.cribbage import deal as seeded
from rules.cribbage.score import TAIL, describe, peg_parts, score_total, tail_points
from rules.cribbage.show_item import ShowItem

GAME_POINTS = 121
MIN_PACKET = 4  # every cut leaves at least four cards in each packet (ACC rule 3; Hoyle)
Events = list[Any]
T = TypeVar("T")
Fields = dict[str, Any]
VALUE = [0] * 56  # counting value by card code
PLAY_ACTION: list[Action] = [Action("play")] * 56  # the one play action of each card, by code
for _c in standard_deck():
    VALUE[_c.code] = min(_c.rank, 10)
    PLAY_ACTION[_c.code] = Action.make("play", card=str(_c))
_PLAY_OF = PLAY_ACTION.__getitem__


# The play's pair and run points by the series' last four ranks (a ``bytes`` of 64 KB, built in about a
# millisecond): a fixed table that stays in cache, where a dict keyed by the last seven ranks kept growing.
# A run of five or more needs four distinct ranks within 7 at the end; those keys say ``LONGER`` and the
# whole series is counted (about 2% of plays).
LONGER = 255


def _peg4() -> bytes:
    t = bytearray(1 << 16)
    for lo in range(1, 12):  # runs of three (a run of four is among the LONGER keys)
        for b, c, d in permutations(range(lo, lo + 3)):
            for a in range(14):
                t[a << 12 | b << 8 | c << 4 | d] = 3
    for r in range(1, 14):
        for a in range(14):
            for b in range(14):
                t[a << 12 | b << 8 | r << 4 | r] = 2
            t[a << 12 | r * 0x111] = 6
        t[r * 0x1111] = 12
    for lo in range(1, 8):
        for a, b, c, d in permutations(range(lo, lo + 7), 4):
            t[a << 12 | b << 8 | c << 4 | d] = LONGER
    return bytes(t)


PEG4 = _peg4()
# A hand of n cards (3 to 6) without its i-th (1 to n - 1), by n << 3 | i: index tuples of two or more.
_DROP = [itemgetter(*[k for k in range(x >> 3) if k != x & 7]) if x >> 3 > 2 and 0 < x & 7 < x >> 3 else None
         for x in range(56)]


def cut_size(phase: str) -> int:
    """How many cards lie in the pack being cut: 52 for the cut for deal and the pre-deal cut, 40 for the starter."""
    return 40 if phase == "starter" else 52


def _seat(pair: tuple[T, T], seat: int, value: T) -> tuple[T, T]:
    """``pair`` with seat ``seat``'s entry replaced."""
    return (value, pair[1]) if seat == 0 else (pair[0], value)


def plays(d: Fields, seat: int) -> tuple[Action, ...]:
    """The play actions of ``seat``'s cards, in hand order."""
    acts: tuple[tuple[Action, ...], tuple[Action, ...]] | None = d["_acts"]
    if acts is None:  # a state built field by field (e.g. ``dataclasses.replace``)
        return tuple([PLAY_ACTION[c.code] for c in d["hands"][seat]])
    return acts[seat]


def _event(kind: str, names: tuple[str, ...], values: tuple[object, ...]) -> Event:
    """A plain event from its field names and values (cards written as strings)."""
    return {"type": kind, **{k: str(v) if isinstance(v, Card) else v for k, v in zip(names, values, strict=True)}}


def award(d: Fields, seat: int, points: int, ev: Events) -> None:
    """Peg points (the back peg jumps to the old front); reaching 121 ends the game at once (§2.6)."""
    if points <= 0 or d["winner"] is not None:
        return
    pts, back = d["points"], d["back"]
    old = pts[seat]
    if seat == 0:
        d["points"], d["back"] = (old + points, pts[1]), (old, back[1])
    else:
        d["points"], d["back"] = (pts[0], old + points), (back[0], old)
    if old + points >= GAME_POINTS:
        d["winner"], d["phase"], d["turn"], d["is_over"] = seat, "over", None, True
        ev.append({"type": "cribbage.end", "winners": [seat], "scores": list(d["points"]), "during": _during(d)})


def _during(d: Fields) -> str:
    if d["shows"]:
        return "show"
    return "play" if d["series"] or any(d["earlier"]) else "starter"


def _after(d: Fields, seat: int, points: int) -> tuple[int, int]:
    """The scores once ``seat`` has pegged ``points`` more."""
    return _seat(d["points"], seat, d["points"][seat] + points)


# --- cuts and the deal ---------------------------------------------------------------------------

def cut_for_deal(d: Fields, depth: int, ev: Events) -> None:
    """P1 then P2 show a card; the lower rank deals; equal ranks cut again (§2.2.2, §2.7 #1, #27)."""
    seat, key = d["turn"], seeded.CUT_FOR_DEAL % (d["seed"], d["deal_round"])
    # The card comes from this round's seeded shuffle, never from the depth (§2.7 #2).
    if seat == 0:  # both seats' cards come from one pack: the second waits in the dict
        card, d["_deal_cut"] = seeded.pack(key)[0:2]
    else:  # the key stays, as None: a key added or removed later can cost the state its small dict
        card, d["_deal_cut"] = d["_deal_cut"] or seeded.pack(key)[1], None
    shown = (card, None) if seat == 0 else (d["deal_cards"][0], card)
    ev.append({"type": "cribbage.cut_for_deal", "seat": seat, "depth": depth, "card": str(card),
               "round": d["deal_round"]})
    d["deal_cards"], d["last_cut"] = shown, (seat, depth, "deal")
    if seat == 0:
        d["turn"] = 1
        return
    first, second = d["deal_cards"]  # both shown now
    if first.rank == second.rank:
        ev.append({"type": "cribbage.cut_tie", "cards": [str(first), str(second)], "round": d["deal_round"]})
        d["deal_round"], d["turn"] = d["deal_round"] + 1, 0
        return
    dealer = 0 if first.rank < second.rank else 1
    ev.append({"type": "cribbage.first_dealer", "dealer": dealer, "cards": [str(first), str(second)]})
    d["dealer"] = dealer
    start_hand(d, 1)


_NO_GO = (False, False)
_FRESH_HAND = {"phase": "cut", "hands": ((), ()), "kept": ((), ()), "discards": ((), ()), "starter": None,
               "count": 0, "series": (), "earlier": ((), ()), "gone": _NO_GO, "last_player": None, "_ranks": 0,
               "_acts": ((), ())}


def start_hand(d: Fields, hand_no: int) -> None:
    """Wait for the non-dealer's cut before the deal; the last show stays on the table until then."""
    d.update(_FRESH_HAND)
    d["hand_no"], d["turn"] = hand_no, 1 - d["dealer"]


def deal(d: Fields, depth: int, ev: Events) -> None:
    """The non-dealer's cut is logged but the deal comes from the seeded shuffle (§2.7 #2)."""
    dealer, hand_no = d["dealer"], d["hand_no"]
    ev.append((_event, "cribbage.cut", ("seat", "depth", "of"), (d["turn"], depth, 52)))
    first = d["first_deck"]
    deck = first if hand_no == 1 and first else seeded.pack(seeded.DEAL % (d["seed"], hand_no))
    pone, own = tuple(deck[0:6]), tuple(deck[6:12])  # the non-dealer's six, the dealer's six
    ev.append((_event, "cribbage.deal", ("dealer", "hand_no", "cards_each"), (dealer, hand_no, 6)))
    d["last_cut"], d["phase"], d["turn"] = (d["turn"], depth, "cut"), "discard", 1 - dealer
    d["hands"], d["shows"], d["deal_cards"] = (own, pone) if dealer == 0 else (pone, own), (), (None, None)


def discard(d: Fields, arg: tuple[tuple[Card, Card], tuple[Card, ...]], ev: Events) -> None:
    """The two cards and the kept four, which stay in dealt order (the show lists them so); the hand to play
    from is sorted."""
    seat, dealer = d["turn"], d["dealer"]
    cards, kept = arg
    hands, acts, kept_pair, discards = d["hands"], d["_acts"], d["kept"], d["discards"]
    if acts is None:  # a state built field by field (e.g. ``dataclasses.replace``)
        acts = (plays(d, 0), plays(d, 1))
    hand = tuple(sorted(kept, key=CODE))
    mine = tuple(map(_PLAY_OF, map(CODE, hand)))  # map: no comprehension frame
    if seat == 0:
        d["hands"], d["_acts"] = (hand, hands[1]), (mine, acts[1])
        d["kept"], d["discards"] = (kept, kept_pair[1]), (cards, discards[1])
    else:
        d["hands"], d["_acts"] = (hands[0], hand), (acts[0], mine)
        d["kept"], d["discards"] = (kept_pair[0], kept), (discards[0], cards)
    ev.append((_event, "cribbage.discard", ("seat", "cards"), (seat, 2)))
    if seat != dealer:
        d["turn"] = dealer
    else:
        d["turn"], d["phase"] = 1 - dealer, "starter"


def turn_starter(d: Fields, depth: int, ev: Events) -> None:
    """The non-dealer cuts the 40; a Jack gives the dealer 2 for his heels at once (§2.2.5)."""
    dealer, first = d["dealer"], d["first_deck"]
    if d["hand_no"] == 1 and first:
        card = first[12]
    else:  # seeded per hand and independent of the depth: cutting elsewhere after an undo shows the same card
        kept, discards = d["kept"], d["discards"]
        card = seeded.starter(d["seed"], d["hand_no"], [*kept[0], *kept[1], *discards[0], *discards[1]])
    ev.append((_event, "cribbage.starter", ("seat", "depth", "of", "card"), (d["turn"], depth, 40, card)))
    d["last_cut"], d["starter"], d["phase"], d["turn"] = (d["turn"], depth, "starter"), card, "play", 1 - dealer
    if card.rank == 11:
        ev.append({"type": "cribbage.his_heels", "seat": dealer, "points": 2, "scores": list(_after(d, dealer, 2))})
        award(d, dealer, 2, ev)


# --- the play ------------------------------------------------------------------------------------

def play(d: Fields, i: int) -> None:
    """Play the ``i``-th card of the hand, score it, then run the automatic part: Go, the go point, resets,
    the show. Sets the state's events itself.

    The hottest code of a playout: the common steps are written out rather than calling the helpers above.
    """
    seat = d["turn"]
    acts: tuple[tuple[Action, ...], tuple[Action, ...]] | None = d["_acts"]
    if acts is None:  # a state built field by field (e.g. ``dataclasses.replace``)
        acts = (plays(d, 0), plays(d, 1))
    hands = d["hands"]
    hand, mine = hands[seat], acts[seat]
    card = hand[i]
    if not i:  # the lowest card: one slice each
        hand, mine = hand[1:], mine[1:]
    elif len(hand) > 2:  # one C call each where two slices and a concatenation each cost about twice as much
        drop = _DROP[len(hand) << 3 | i]
        assert drop is not None  # there is one for every hand of three cards or more
        hand, mine = drop(hand), drop(mine)
    else:
        hand, mine = hand[:1], mine[:1]
    if seat == 0:
        d["_acts"], hands = (mine, acts[1]), (hand, hands[1])
    else:
        d["_acts"], hands = (acts[0], mine), (hands[0], hand)
    d["hands"] = hands
    key = d["_ranks"]
    if key is None:  # no running ranks either
        key = 0
        for _, c in d["series"][-3:]:
            key = key << 4 | c.rank
    d["_ranks"] = key = (key & 0xFFF) << 4 | card.rank
    d["series"] = series = d["series"] + ((seat, card),)
    d["count"] = count = d["count"] + VALUE[card.code]
    d["last_player"] = seat
    points = PEG4[key]
    if points == LONGER:
        points = tail_points(tuple([c.rank for _, c in series[-TAIL:]]))
    if count == 15 or count == 31:
        points += 2
    if points:
        old = d["points"]
        ev: Events = [(_play_event, seat, card, count, points, series, _seat(old, seat, old[seat] + points))]
        award(d, seat, points, ev)
        if d["winner"] is not None:
            d["event_log"] = tuple(ev)
            return
    else:
        ev = [(_play_event, seat, card, count, 0, series, d["points"])]
    theirs = hands[1 - seat]
    if count != 31 and theirs and VALUE[theirs[0].code] <= 31 - count:  # the usual case: the other plays on
        d["turn"] = 1 - seat
    else:
        _advance(d, seat, count, ev)
    d["event_log"] = tuple(ev)


def _play_event(seat: int, card: Card, count: int, points: int, series: tuple[tuple[int, Card], ...],
                scores: tuple[int, int]) -> Event:
    parts = peg_parts([c for _, c in series])
    return {"type": "cribbage.play", "seat": seat, "card": str(card), "count": count, "points": points,
            "parts": [p.to_json() for p in parts], "summary": describe(parts) if parts else "",
            "scores": list(scores)}


def _advance(d: Fields, last: int, count: int, ev: Events) -> None:
    """Who plays next: the opponent if a card fits, else the same player, else the series ends (§2.3)."""
    if count == 31:
        _reset(d, "31", ev)
        return
    other, room, hands = 1 - last, 31 - count, d["hands"]
    theirs, mine = hands[other], hands[last]
    if theirs and VALUE[theirs[0].code] <= room:
        d["turn"] = other
        return
    if theirs and not d["gone"][other]:
        ev.append((_go_event, other, count))
        d["gone"] = _seat(d["gone"], other, True)
    if mine and VALUE[mine[0].code] <= room:
        d["turn"] = last
        return
    reason = "go" if theirs or mine else "last_card"
    ev.append((_go_point_event, last, reason, _after(d, last, 1)))
    award(d, last, 1, ev)
    if d["winner"] is None:
        _reset(d, "go", ev)


def _go_event(seat: int, count: int) -> Event:
    return {"type": "cribbage.go", "seat": seat, "count": count}


def _go_point_event(seat: int, reason: str, scores: tuple[int, int]) -> Event:
    return {"type": "cribbage.go_point", "seat": seat, "points": 1, "reason": reason, "scores": list(scores)}


def _reset(d: Fields, reason: str, ev: Events) -> None:
    """End the series; the opponent of the last player leads if they still hold cards (§2.7 #6)."""
    e0, e1 = d["earlier"]
    for p, c in d["series"]:  # a loop, not two comprehensions (each a frame)
        if p:
            e1 += (c,)
        else:
            e0 += (c,)
    d["earlier"] = (e0, e1)
    d["count"], d["series"], d["gone"], d["_ranks"] = 0, (), _NO_GO, 0
    ev.append((_reset_event, reason))
    hands = d["hands"]
    if not (hands[0] or hands[1]):
        show(d, ev)
        return
    last = d["last_player"]
    d["turn"] = 1 - last if hands[1 - last] else last


def _reset_event(reason: str) -> Event:
    return {"type": "cribbage.reset", "reason": reason}


# --- the show ------------------------------------------------------------------------------------

def show(d: Fields, ev: Events) -> None:
    """Non-dealer's hand, dealer's hand, then the crib; 121 stops the counting (§2.4, §2.7 #13)."""
    dealer, starter, kept, discards = d["dealer"], d["starter"], d["kept"], d["discards"]
    pone = 1 - dealer
    crib = tuple(sorted(discards[pone] + discards[dealer], key=CODE))
    items: list[ShowItem] = []
    for seat, is_crib, cards in ((pone, False, kept[pone]), (dealer, False, kept[dealer]), (dealer, True, crib)):
        counted = d["winner"] is None
        item = ShowItem(seat, cards, starter, is_crib, counted)
        items.append(item)
        if counted:
            total = score_total(cards, starter, is_crib)
            old = d["points"]
            ev.append((_show_event, item, _seat(old, seat, old[seat] + total)))
            if old[seat] + total >= GAME_POINTS:  # the game ends during the show: its end names the counts so far
                d["shows"] = tuple(items)
            if total:
                award(d, seat, total, ev)
    d["shows"] = tuple(items)
    if d["winner"] is None:
        d["dealer"] = pone
        start_hand(d, d["hand_no"] + 1)


def _show_event(item: ShowItem, scores: tuple[int, int]) -> Event:
    b = item.breakdown
    return {"type": "cribbage.show", "seat": item.seat, "kind": "crib" if b.crib else "hand", **b.to_json(),
            "scores": list(scores)}
