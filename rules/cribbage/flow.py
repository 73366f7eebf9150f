"""Cribbage transitions (RULES.md §2.2–2.6): cuts, the deal, the play automaton with Go, the show, 121."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rules.cards import Card, standard_deck
from rules.core import evolve
from rules.cribbage.score import Breakdown, describe, peg_parts, score_hand, score_total
from rules.rng import derive

if TYPE_CHECKING:
    from rules.cribbage.state import CribbageState

GAME_POINTS = 121
MIN_PACKET = 4  # every cut leaves at least four cards in each packet (ACC rule 3; Hoyle)
Events = list[dict[str, Any]]


@dataclass(frozen=True)
class ShowItem:
    """One count of the show: whose it is, the cards, and whether it was scored (not after 121).

    The itemised breakdown is built only when asked (a view or an event needs it, a playout never does).
    """

    seat: int
    cards: tuple[Card, ...]
    starter: Card
    crib: bool
    counted: bool
    _breakdown: list = field(default_factory=list, compare=False, repr=False)

    @property
    def breakdown(self) -> Breakdown:
        if not self._breakdown:
            self._breakdown.append(score_hand(self.cards, self.starter, crib=self.crib))
        return self._breakdown[0]

    def to_json(self) -> dict[str, Any]:
        kind = "crib" if self.crib else "hand"
        return {"seat": self.seat, "kind": kind, **self.breakdown.to_json(), "counted": self.counted}


def cut_size(phase: str) -> int:
    """How many cards lie in the pack being cut: 52 for the cut for deal and the pre-deal cut, 40 for the starter."""
    return 40 if phase == "starter" else 52


def _pack(seed: int, *labels: object) -> list[Card]:
    deck = standard_deck()
    derive(seed, *labels).shuffle(deck)
    return deck


def _with(s: CribbageState, **changes: Any) -> CribbageState:
    return evolve(s, **changes)


def award(s: CribbageState, seat: int, points: int, ev: Events) -> CribbageState:
    """Peg points (the back peg jumps to the old front); reaching 121 ends the game at once (§2.6)."""
    if points <= 0 or s.winner is not None:
        return s
    pts, back = list(s.points), list(s.back)
    back[seat], pts[seat] = pts[seat], pts[seat] + points
    s = _with(s, points=tuple(pts), back=tuple(back))
    if pts[seat] >= GAME_POINTS:
        s = _with(s, winner=seat, phase="over", turn=None)
        ev.append({"type": "cribbage.end", "winners": [seat], "scores": list(pts), "during": _during(s)})
    return s


def _during(s: CribbageState) -> str:
    if s.shows:
        return "show"
    return "play" if s.series or any(s.earlier) else "starter"


# --- cuts and the deal ---------------------------------------------------------------------------

def cut_for_deal(s: CribbageState, depth: int, ev: Events) -> CribbageState:
    """P1 then P2 show a card; the lower rank deals; equal ranks cut again (§2.2.2, §2.7 #1, #27)."""
    seat = s.turn
    assert seat is not None
    # The card comes from this round's seeded shuffle, never from the depth (§2.7 #2).
    card = _pack(s.seed, "cut", "deal", s.deal_round)[seat]
    shown = (card, None) if seat == 0 else (s.deal_cards[0], card)
    ev.append({"type": "cribbage.cut_for_deal", "seat": seat, "depth": depth, "card": str(card),
               "round": s.deal_round})
    s = _with(s, deal_cards=shown, last_cut=(seat, depth, "deal"))
    if seat == 0:
        return _with(s, turn=1)
    first, second = shown
    assert first is not None and second is not None
    if first.rank == second.rank:
        ev.append({"type": "cribbage.cut_tie", "cards": [str(first), str(second)], "round": s.deal_round})
        return _with(s, deal_round=s.deal_round + 1, turn=0)
    dealer = 0 if first.rank < second.rank else 1
    ev.append({"type": "cribbage.first_dealer", "dealer": dealer, "cards": [str(first), str(second)]})
    return start_hand(_with(s, dealer=dealer), 1)


def start_hand(s: CribbageState, hand_no: int) -> CribbageState:
    """Wait for the non-dealer's cut before the deal; the last show stays on the table until then."""
    assert s.dealer is not None
    return _with(s, phase="cut", hand_no=hand_no, turn=1 - s.dealer, hands=((), ()), kept=((), ()),
                   discards=((), ()), starter=None, count=0, series=(), earlier=((), ()),
                   gone=(False, False), last_player=None)


def deal(s: CribbageState, depth: int, ev: Events) -> CribbageState:
    """The non-dealer's cut is logged but the deal comes from the seeded shuffle (§2.7 #2)."""
    assert s.dealer is not None and s.turn is not None
    ev.append({"type": "cribbage.cut", "seat": s.turn, "depth": depth, "of": 52})
    deck = list(s.first_deck) if s.hand_no == 1 and s.first_deck else _pack(s.seed, "deal", s.hand_no)
    hands = [(), ()]
    hands[1 - s.dealer] = tuple(deck[0:6])
    hands[s.dealer] = tuple(deck[6:12])
    ev.append({"type": "cribbage.deal", "dealer": s.dealer, "hand_no": s.hand_no, "cards_each": 6})
    return _with(s, phase="discard", turn=1 - s.dealer, hands=(hands[0], hands[1]), shows=(),
                   deal_cards=(None, None), last_cut=(s.turn, depth, "cut"))


def discard(s: CribbageState, cards: tuple[Card, Card], ev: Events) -> CribbageState:
    seat, dealer = s.turn, s.dealer
    assert seat is not None and dealer is not None
    hands, kept, discards = list(s.hands), list(s.kept), list(s.discards)
    hands[seat] = tuple(c for c in s.hands[seat] if c not in cards)
    kept[seat], discards[seat] = hands[seat], tuple(cards)
    ev.append({"type": "cribbage.discard", "seat": seat, "cards": 2})
    nxt = dealer if seat != dealer else 1 - dealer
    return _with(s, hands=tuple(hands), kept=tuple(kept), discards=tuple(discards), turn=nxt,
                   phase="discard" if seat != dealer else "starter")


def _starter_card(s: CribbageState) -> Card:
    if s.hand_no == 1 and s.first_deck:
        return s.first_deck[12]
    dealt = set(s.kept[0] + s.kept[1] + s.discards[0] + s.discards[1])
    rest = [c for c in standard_deck() if c not in dealt]
    # Seeded per hand and independent of the depth: undoing and cutting elsewhere shows the same card.
    return derive(s.seed, "cut", s.hand_no, "starter").choice(rest)


def turn_starter(s: CribbageState, depth: int, ev: Events) -> CribbageState:
    """The non-dealer cuts the 40; a Jack gives the dealer 2 for his heels at once (§2.2.5)."""
    assert s.dealer is not None
    card = _starter_card(s)
    ev.append({"type": "cribbage.starter", "seat": s.turn, "depth": depth, "of": 40, "card": str(card)})
    s = _with(s, starter=card, phase="play", turn=1 - s.dealer, last_cut=(s.turn, depth, "starter"))
    if card.rank == 11:
        ev.append({"type": "cribbage.his_heels", "seat": s.dealer, "points": 2,
                   "scores": [s.points[0] + 2 * (s.dealer == 0), s.points[1] + 2 * (s.dealer == 1)]})
        s = award(s, s.dealer, 2, ev)
    return s


# --- the play ------------------------------------------------------------------------------------

def can_play(s: CribbageState, seat: int) -> bool:
    room = 31 - s.count
    return any((c.rank if c.rank < 10 else 10) <= room for c in s.hands[seat])


def play(s: CribbageState, card: Card, ev: Events) -> CribbageState:
    """Play one card, score it, then run the automatic part: Go, the go point, resets, the show."""
    seat = s.turn
    assert seat is not None
    hands = list(s.hands)
    hands[seat] = tuple(c for c in s.hands[seat] if c != card)
    series = (*s.series, (seat, card))
    count = s.count + (card.rank if card.rank < 10 else 10)
    points = peg_total([c.rank for _, c in series], count)
    s = _with(s, hands=tuple(hands), series=series, count=count, last_player=seat)
    ev.append(_LazyPlay(seat, card, count, points, series, _after(s, seat, points)))
    s = award(s, seat, points, ev)
    return s if s.winner is not None else _advance(s, ev)


class _LazyPlay:
    """The play event, its parts and summary built only when the events are read."""

    __slots__ = ("args",)

    def __init__(self, *args: Any) -> None:
        self.args = args

    def __call__(self) -> dict[str, Any]:
        seat, card, count, points, series, scores = self.args
        parts = peg_parts([c for _, c in series])
        return {"type": "cribbage.play", "seat": seat, "card": str(card), "count": count, "points": points,
                "parts": [p.to_json() for p in parts], "summary": describe(parts) if parts else "",
                "scores": scores}


def peg_total(ranks: list[int], count: int) -> int:
    """What the last card of a series scores in the play, from the ranks alone (same as ``peg_points``)."""
    points = 2 if count in (15, 31) else 0
    n, last = len(ranks), ranks[-1]
    same = 1
    while same < n and ranks[-1 - same] == last:
        same += 1
    if same >= 2:
        points += same * (same - 1)  # 2, 6, 12
    for k in range(n, 2, -1):
        tail = ranks[-k:]
        if max(tail) - min(tail) == k - 1 and len(set(tail)) == k:
            return points + k
    return points


def _after(s: CribbageState, seat: int, points: int) -> list[int]:
    out = list(s.points)
    out[seat] += points
    return out


def _advance(s: CribbageState, ev: Events) -> CribbageState:
    """Who plays next: the opponent if a card fits, else the same player, else the series ends (§2.3)."""
    last = s.last_player
    assert last is not None
    if s.count == 31:
        return _reset(s, "31", ev)
    other = 1 - last
    if can_play(s, other):
        return _with(s, turn=other)
    if s.hands[other] and not s.gone[other]:
        ev.append({"type": "cribbage.go", "seat": other, "count": s.count})
        gone = list(s.gone)
        gone[other] = True
        s = _with(s, gone=tuple(gone))
    if can_play(s, last):
        return _with(s, turn=last)
    final = not (s.hands[0] or s.hands[1])
    ev.append({"type": "cribbage.go_point", "seat": last, "points": 1,
               "reason": "last_card" if final else "go", "scores": _after(s, last, 1)})
    s = award(s, last, 1, ev)
    return s if s.winner is not None else _reset(s, "go", ev)


def _reset(s: CribbageState, reason: str, ev: Events) -> CribbageState:
    """End the series; the opponent of the last player leads if they still hold cards (§2.7 #6)."""
    earlier = [list(s.earlier[0]), list(s.earlier[1])]
    for seat, card in s.series:
        earlier[seat].append(card)
    s = _with(s, count=0, series=(), gone=(False, False), earlier=(tuple(earlier[0]), tuple(earlier[1])))
    ev.append({"type": "cribbage.reset", "reason": reason})
    if not (s.hands[0] or s.hands[1]):
        return show(s, ev)
    last = s.last_player
    assert last is not None
    return _with(s, turn=1 - last if s.hands[1 - last] else last)


# --- the show ------------------------------------------------------------------------------------

def show(s: CribbageState, ev: Events) -> CribbageState:
    """Non-dealer's hand, dealer's hand, then the crib; 121 stops the counting (§2.4, §2.7 #13)."""
    dealer, starter = s.dealer, s.starter
    assert dealer is not None and starter is not None
    order = [(1 - dealer, False, s.kept[1 - dealer]), (dealer, False, s.kept[dealer]),
             (dealer, True, tuple(sorted(s.discards[1 - dealer] + s.discards[dealer])))]
    items: list[ShowItem] = []
    for seat, is_crib, cards in order:
        counted = s.winner is None
        item = ShowItem(seat, cards, starter, is_crib, counted)
        items.append(item)
        s = _with(s, shows=tuple(items))
        if counted:
            total = score_total(cards, starter, crib=is_crib)
            ev.append(_LazyShow(item, _after(s, seat, total)))
            s = award(s, seat, total, ev)
    if s.winner is not None:
        return s
    return start_hand(_with(s, dealer=1 - dealer), s.hand_no + 1)


class _LazyShow:
    """The show event, itemised only when the events are read."""

    __slots__ = ("item", "scores")

    def __init__(self, item: ShowItem, scores: list[int]) -> None:
        self.item, self.scores = item, scores

    def __call__(self) -> dict[str, Any]:
        b = self.item.breakdown
        return {"type": "cribbage.show", "seat": self.item.seat, "kind": "crib" if b.crib else "hand",
                **b.to_json(), "scores": self.scores}
