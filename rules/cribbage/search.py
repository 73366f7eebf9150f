"""Cribbage level 3: determinized Monte Carlo over the cards it cannot see, each sampled world solved or played out.

Level 2 (rules/cribbage/bot.py) pegs by a two-card look-ahead against a uniformly unknown hand and discards by
the exact expected points of hand and crib. Level 3 plays on from the real table instead:

- **Pegging.** Each legal card is tried in the same sampled worlds. In a world every card is in view, so the rest
  of the play is solved (``pegtree.Tree``): my best line against the opponent playing as level 2 would with what
  it has seen. The card with the best average margin is played (ties: level 2's). Near the end (a score within
  ``ENDGAME`` of 121) a line is worth the chance to win instead: reaching 121 in the play wins at once, else the
  world's known shows are counted (the non-dealer first) and the win-chance table (``wintable``) prices the
  scores the hand leaves.
- **The worlds.** The opponent is not dealt uniformly at random: its six cards are drawn until a good player
  (``policy.model_discard``) would have kept the cards it has played, its unplayed cards fit its Go's, and its
  plays this hand are the ones level 2's pegging would have made holding them (a draw that fails this last
  test is still kept once in ``1 / SLACK``, and a decision spends at most ``DRAWS`` draws per world). Knowing
  the other hand is worth about 16 points a game in the play, so reading it from the discard and the plays
  is where the search wins.
- **Discards** are level 2's, except near the end: then level 2's best few discards are played out in the same
  sampled deals (the opponent's six, its discard by the model, the starter, level 2's pegging for both) and
  scored by the chance to win from where the hand leaves the game; level 2's discard stays unless another is
  better by ``MARGIN`` and by ``Z`` standard errors.

Everything comes from the seat's observations; ``budget`` counts play-outs (a solved world counts ``WORLD_COST``),
never time, and the bot's random stream is the only randomness, so a seed always gives the same move.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from itertools import combinations
from typing import Any, NamedTuple

from rules.cards import CODE, Card, standard_deck
from rules.core import Action
from rules.cribbage.analysis import discard_rows
from rules.cribbage.bot import choose_play, opponent_pool
from rules.cribbage.flow import GAME_POINTS, VALUE
from rules.cribbage.pegtree import Tree
from rules.cribbage.policy import model_discard, peg_choice, play_value, unseen_pool
from rules.cribbage.score import score_total
from rules.cribbage.state import CribbageState
from rules.cribbage.types import CribbageObs as Obs
from rules.cribbage.types import cribbage_seen
from rules.cribbage.wintable import chance
from rules.shapes import Observation

Pair = tuple[tuple[Card, ...], tuple[Card, ...]]  # something of each seat's
World = tuple[list[Card], tuple[Card, ...], tuple[Card, Card]]  # the opponent's unplayed, kept and thrown cards

PACK = {str(c): c for c in standard_deck()}
PACK_BY_CODE = {c.code: c for c in standard_deck()}
BUDGET = 240  # play-outs per decision
WORLD_COST = 4  # a world whose play is solved counts as this many play-outs (it plays every line)
CANDIDATES = 4  # level 2's best discards tried (more when they are within NEAR of the best)
NEAR = 1.0  # expected points
MARGIN = 0.002  # the chance to win a discard must gain on average to overrule level 2's
Z = 2.0  # ... and standard errors of that gain: the play-outs are noisy, so only a clear gain is taken
TRIES = 40  # draws of the opponent's cards for one world before settling for a looser one
DRAWS = 6  # draws per world on average over a decision, at most
SLACK = 0.05  # chance to keep a draw whose plays level 2 would not have made (the opponent is not level 2)
ENDGAME = 40  # the play is weighed by the chance to win once a score is this close to 121 (before, by points)
MODEL = True  # the opponent in a solved world plays as level 2 would (else its best, seeing every card)
LATE = 40  # discards are searched once a score is this close to 121 (before, level 2's expected points)


def _cards(names: Sequence[str]) -> tuple[Card, ...]:
    return tuple(PACK[c] for c in names)


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=CODE))


# --- play-outs ------------------------------------------------------------------------------------

def play_out(state: CribbageState, me: int) -> tuple[CribbageState, float, int]:
    """Play the hand to the end of its show: the last state, my points minus theirs from here, and whether
    the game was won (1) or lost (-1) on the way."""
    start = state.points
    while state.phase == "play" and state.winner is None:
        state = state.apply(peg_choice(state))
    diff = (state.points[me] - start[me]) - (state.points[1 - me] - start[1 - me])
    return state, diff, 0 if state.winner is None else (1 if state.winner == me else -1)


_SIX = {pair: i for i, pair in enumerate(combinations(range(6), 2))}  # a discard's place in the legal list
_CUT = Action.make("cut", depth=20)  # any depth: the starter never depends on it


def discard_action(state: CribbageState, drop: Sequence[Card]) -> Action:
    """The legal discard of ``drop`` from the hand to move (the engine's own action object)."""
    assert state.turn is not None  # a discard is someone's move
    codes = sorted(c.code for c in state.hands[state.turn])
    i, j = sorted((codes.index(drop[0].code), codes.index(drop[1].code)))
    return state.legal_actions()[_SIX[i, j]]


# --- sampled worlds ------------------------------------------------------------------------------

class Move(NamedTuple):
    """One of the opponent's plays this hand, with what was on the table when it chose."""

    series: tuple[int, ...]  # ranks of the series before it
    count: int  # type: ignore[assignment]  # a field named like tuple.count: read as m.count only
    card: Card  # what it played
    out: bool  # I could not answer (said Go, or no cards)
    my_held: int  # my unplayed cards then
    later: tuple[Card, ...]  # the opponent's cards played after it this hand
    seen_then: tuple[Card, ...]  # my cards the opponent had seen played by then
    floor: int  # my Go's so far told it my cards are worth more than this


class View:
    """What the seat knows now, read once per decision; ``play_world`` and ``discard_world`` deal the rest."""

    def __init__(self, seen: Sequence[Obs]) -> None:
        obs = self.obs = seen[-1]
        self.me = me = obs["seat"]
        self.mine = _cards(obs["hand"])
        self.my_discards = _cards(obs["my_discards"])
        self.series = tuple((s["seat"], PACK[s["card"]]) for s in obs["series"])
        self.played = (_cards(obs["played"][0]), _cards(obs["played"][1]))
        self.starter = PACK[obs["starter"]] if obs["starter"] else None
        known = {*self.mine, *self.my_discards, *self.played[0], *self.played[1], *(c for _, c in self.series)}
        if self.starter is not None:
            known.add(self.starter)
        known_codes = {c.code for c in known}
        self.unseen = [c for c in standard_deck() if c.code not in known_codes]
        self.my_kept = (*self.played[me], *(c for p, c in self.series if p == me), *self.mine)
        self.tries = 0  # draws of the opponent's cards left for this decision (set by the bot)
        if obs["phase"] == "play":
            opp = 1 - me
            self.opp_played = (*self.played[opp], *(c for p, c in self.series if p == opp))
            pool, self.held = opponent_pool(seen)  # the cards the opponent may still hold (its Go's rule some out)
            self.may_hold = {c.code for c in pool}
            self.moves = _moves(seen, me, self.opp_played)

    def _pair(self, mine: tuple[Card, ...], theirs: tuple[Card, ...]) -> Pair:
        return (mine, theirs) if self.me == 0 else (theirs, mine)

    def _state(self, phase: str, hands: Pair, kept: Pair, discards: Pair, seed: int,
               **more: Any) -> CribbageState:
        obs = self.obs
        return CribbageState(seed=seed, phase=phase, turn=obs["to_move"], dealer=obs["dealer"],
                             hand_no=obs["hand_no"], hands=hands, kept=kept, discards=discards,
                             points=(obs["scores"][0], obs["scores"][1]),
                             back=(obs["pegs"][0]["back"], obs["pegs"][1]["back"]), **more)

    def play_world(self, rng: random.Random) -> CribbageState:
        """The opponent's six dealt cards drawn until a good player would have kept the cards it has played
        (and may still hold the rest), and, as far as ``TRIES`` allow, would have played as it did."""
        obs, opp = self.obs, 1 - self.me
        known = list(self.opp_played)
        played = {c.code for c in known}
        world: World | None = None
        fallback: World | None = None
        for _ in range(TRIES):
            if self.tries <= 0:  # this decision's draws are spent (an opponent unlike the model): settle
                break
            self.tries -= 1
            six = (*known, *rng.sample(self.unseen, 6 - len(known)))
            drop = model_discard(six, obs["dealer"] == opp)
            if drop[0].code in played or drop[1].code in played:
                continue
            keep = tuple(c for c in six if c is not drop[0] and c is not drop[1])
            theirs = [c for c in keep if c.code not in played]
            if any(c.code not in self.may_hold for c in theirs):
                continue
            fallback = fallback or (theirs, keep, drop)
            if self._played_so(theirs, keep, drop) or rng.random() < SLACK:
                world = (theirs, keep, drop)
                break
        if world is None:
            world = fallback or self._anyhow(rng)
        theirs, keep, drop = world
        return self._state("play", self._pair(self.mine, _sorted(theirs)), self._pair(self.my_kept, keep),
                           self._pair(self.my_discards, drop), rng.getrandbits(31),
                           starter=self.starter, count=obs["count"], series=self.series, earlier=self.played,
                           gone=tuple(obs["go"]), last_player=obs["last_player"])

    def discard_world(self, rng: random.Random) -> CribbageState:
        """The opponent's six from the unseen cards, already split by the model if it has discarded."""
        obs, opp = self.obs, 1 - self.me
        six = tuple(rng.sample(self.unseen, 6))
        if obs["discarded"][opp]:
            drop = model_discard(six, obs["dealer"] == opp)
            keep = tuple(c for c in six if c is not drop[0] and c is not drop[1])
            return self._state("discard", self._pair(self.mine, _sorted(keep)), self._pair((), keep),
                               self._pair((), drop), rng.getrandbits(31))
        return self._state("discard", self._pair(self.mine, six), ((), ()), ((), ()), rng.getrandbits(31))

    def _anyhow(self, rng: random.Random) -> World:
        """No draw fitted the model: the unplayed cards from those it may hold, the crib from the rest."""
        pool = [c for c in self.unseen if c.code in self.may_hold]
        theirs = rng.sample(pool, self.held)
        rest = [c for c in self.unseen if c not in theirs]
        x, y = rng.sample(rest, 2)
        return theirs, (*self.opp_played, *theirs), (x, y)

    def _played_so(self, theirs: list[Card], keep: tuple[Card, ...], drop: tuple[Card, ...]) -> bool:
        """Would level 2's pegging, holding these cards, have made the opponent's plays this hand?"""
        starter = self.starter
        assert starter is not None  # the play: the starter is cut
        for m in self.moves:
            hand = sorted([*theirs, *m.later, m.card], key=CODE)
            fits = [c for c in hand if m.count + VALUE[c.code] <= 31]
            if len({c.rank for c in fits}) < 2:
                continue
            pool, size = unseen_pool([*keep, *drop, starter, *m.seen_then])
            if m.floor:  # as level 2's opponent_pool: my Go's ruled out my low cards
                pool = [(r, k) for r, k in pool if min(r, 10) > m.floor]
                size = sum(k for _, k in pool)
            best, best_value = 0, -99.0
            for c in fits:
                rest = tuple([x.rank for x in hand if x is not c])
                v = play_value(c.rank, rest, m.series, m.count, pool, size, m.my_held, m.out)
                if v > best_value:
                    best, best_value = c.rank, v
            if best != m.card.rank:
                return False
        return True

def discard_and_play(world: CribbageState, drop: Sequence[Card], me: int) -> float:
    """Discard, let the opponent discard by the model if it still has to, cut, play the hand out with level 2's
    pegging and show it: the chance to win the game from there (1 or 0 if it ended in this hand)."""
    s = world.apply(discard_action(world, drop))
    if s.phase == "discard":
        s = s.apply(discard_action(s, model_discard(s.hands[1 - me], s.dealer != me)))
    s = s.apply(_CUT)
    if s.winner is None:  # else his heels ended it
        s = play_out(s, me)[0]
    if s.winner is not None:
        return 1.0 if s.winner == me else 0.0
    return chance(s.points[me], s.points[1 - me], s.dealer == me)  # the next hand's deal


def _moves(seen: Sequence[Obs], me: int, opp_played: Sequence[Card]) -> list[Move]:
    """The opponent's plays this hand whose setting the seat saw: each card the opponent added to a series
    before one of the seat's turns (later plays, e.g. after the seat's Go, are checked no further)."""
    obs = seen[-1]
    opp, out, done, floor = 1 - me, [], set(), 0
    now = {c.code for c in opp_played}
    for o in seen:
        if o["hand_no"] != obs["hand_no"] or o["phase"] != "play" or o["to_move"] != me:
            continue
        series = [(s["seat"], PACK[s["card"]]) for s in o["series"]]
        before = {PACK[c].code for c in o["played"][opp]}
        mine_before = [PACK[c] for c in o["played"][me]]
        for j, (seat, card) in enumerate(series):
            if seat == me:
                mine_before.append(card)
                continue
            before.add(card.code)
            if card.code in done:
                continue
            done.add(card.code)
            count = sum(VALUE[c.code] for _, c in series[:j])
            held = len(o["hand"]) + sum(1 for p, _ in series[j + 1:] if p == me)
            went = j > 0 and series[j - 1][0] == opp and held > 0  # it played on: I had said Go
            if went:
                floor = max(floor, 31 - count)
            out.append(Move(tuple(c.rank for _, c in series[:j]), count, card, went or held == 0, held,
                            tuple(PACK_BY_CODE[x] for x in now - before), tuple(mine_before), floor))
    return out


class CribbageSearchBot:
    """Level 3: level 2 proposes, sampled deals solved (the play) or played out (late discards) decide."""

    def __init__(self, budget: int = BUDGET) -> None:
        self.budget = budget  # play-outs per decision
        self.last_playouts = 0

    def choose(self, seen: Sequence[Observation], rng: random.Random, budget: int | None = None) -> Action:
        mine = cribbage_seen(seen)
        obs = mine[-1]
        if not obs["legal"]:
            raise ValueError("asked to move without legal actions")
        self.last_playouts = 0
        if obs["cut"] is not None:  # the depth reveals nothing: a seeded gesture, as level 2
            return Action.from_dict(rng.choice(obs["legal"]))
        budget = self.budget if budget is None else budget
        if obs["phase"] == "discard":
            return self._discard(mine, rng, budget)
        return self._play(mine, rng, budget)

    def _discard(self, seen: Sequence[Obs], rng: random.Random, budget: int) -> Action:
        obs = seen[-1]
        table = discard_rows(obs["hand"], obs["dealer"] == obs["seat"])
        options = [o for i, o in enumerate(table) if i < CANDIDATES or o.total >= table[0].total - NEAR]
        rounds = budget // len(options)
        if rounds < 2 or max(obs["scores"]) < GAME_POINTS - LATE:
            return Action.make("discard", cards=list(table[0].discard))
        view, drops = View(seen), [_cards(o.discard) for o in options]
        results: list[list[float]] = [[] for _ in options]
        for _ in range(rounds):
            world = view.discard_world(rng)  # one deal for every option: they are compared on equal cards
            for i, drop in enumerate(drops):
                results[i].append(discard_and_play(world, drop, view.me))
                self.last_playouts += 1
        return Action.make("discard", cards=list(options[_pick(results, 0)].discard))

    def _play(self, seen: Sequence[Obs], rng: random.Random, budget: int) -> Action:
        obs = seen[-1]
        first = choose_play(seen, deep=True)  # level 2's card
        n, worlds = len(obs["legal"]), budget // WORLD_COST
        if n == 1 or worlds < 2:
            return Action.make("play", card=str(first))
        view = View(seen)
        view.tries = DRAWS * worlds
        me, opp = view.me, 1 - view.me
        ranks, count = tuple(c.rank for _, c in view.series), obs["count"]
        near = max(obs["scores"]) >= GAME_POINTS - ENDGAME
        results: list[list[float]] = [[] for _ in range(n)]
        for _ in range(worlds):
            world = view.play_world(rng)
            unseen = [0] + [4] * 13  # ranks the opponent has not seen: level 2's reading, in its seat
            assert world.starter is not None  # the play: the starter is cut
            for c in (*world.kept[opp], *world.discards[opp], world.starter, *world.earlier[me],
                      *(c for p, c in world.series if p == me)):
                unseen[c.rank] -= 1
            tree = Tree(tuple(unseen) if MODEL else None, *(_to_the_end(world, me) if near else ()))
            mine, theirs = tuple(c.rank for c in world.hands[me]), tuple(c.rank for c in world.hands[opp])
            for i, v in enumerate(tree.values(mine, theirs, ranks, count)):  # the legal cards, in their order
                results[i].append(v)
            self.last_playouts += WORLD_COST
        base = [a["card"] for a in obs["legal"]].index(str(first))
        means = [sum(r) / len(r) for r in results]
        return Action.from_dict(obs["legal"][max(range(n), key=lambda i: (means[i], i == base))])


def _to_the_end(world: CribbageState, me: int) -> tuple[Callable[[int, int], float], tuple[int, int]]:
    """What a line of the play is worth near 121 in this world: the chance to win the game once the hand is
    shown (its shows are known here: the non-dealer counts first), or won or lost outright on the way."""
    opp, dealer = 1 - me, world.dealer
    mine, theirs = world.points[me], world.points[opp]
    crib = (*world.discards[0], *world.discards[1])
    starter = world.starter
    assert starter is not None  # the play: the starter is cut
    my_show, their_show = score_total(world.kept[me], starter), score_total(world.kept[opp], starter)
    if dealer == me:
        my_show += score_total(crib, starter, crib=True)
    else:
        their_show += score_total(crib, starter, crib=True)

    def end(pm: int, po: int) -> float:
        a, b = mine + pm, theirs + po
        if a >= GAME_POINTS or b >= GAME_POINTS:
            return 1.0 if a >= GAME_POINTS else 0.0
        if dealer == me:  # the other counts first
            return 0.0 if b + their_show >= GAME_POINTS else chance(a + my_show, b + their_show, False)
        return 1.0 if a + my_show >= GAME_POINTS else chance(a + my_show, b + their_show, True)

    return end, (GAME_POINTS - mine, GAME_POINTS - theirs)


def _pick(results: list[list[float]], base: int) -> int:
    """The option with the best average, if it beats level 2's (``base``) by more than ``MARGIN`` and by more
    than ``Z`` standard errors of the difference (both were played out in the same worlds), else ``base``."""
    means = [sum(r) / len(r) for r in results]
    best = max(range(len(results)), key=lambda i: (means[i], i == base))
    if best == base:
        return base
    diffs = [a - b for a, b in zip(results[best], results[base], strict=True)]
    mean = means[best] - means[base]
    var = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
    return best if mean > MARGIN and mean > Z * (var / len(diffs)) ** 0.5 else base


def make(budget: int = BUDGET) -> CribbageSearchBot:
    return CribbageSearchBot(budget)


__all__ = ["CribbageSearchBot", "View", "make", "play_out"]
