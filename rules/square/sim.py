"""Card Square on plain lists, for the level-3 search: one determinized deal played out fast.

All cards of a determinization are fixed, so only *who knows what* needs tracking: ``know[seat]`` is
a mask of the 8 slots (``owner * 4 + index``) whose card that seat has seen, and knowledge moves with
the cards (a Jack or a Queen swap exchanges the bits). Both seats play ``policy``: level 2's rules
(rules/square/bot.py, Style 2) restated on this representation and judged only from the mover's own
knowledge, so a play-out never lets a player use a card it has not seen.
"""
from __future__ import annotations

import math
import random
from math import erf

from rules.cards import standard_deck

DECK = tuple(standard_deck())
VALUE = tuple(-1 if c.rank == 13 else min(c.rank, 10) for c in DECK)
RANK = tuple(c.rank for c in DECK)
TOTAL = sum(VALUE)
SQUARE = tuple(v * v for v in VALUE)
TOTAL_SQ = sum(SQUARE)
SLOTS = tuple(tuple(k for k in range(8) if m >> k & 1) for m in range(256))  # the slots of a knowledge mask
COUNT = tuple(len(s) for s in SLOTS)
NO_OVER = -99  # no placed-over value at a slot

# Level 2's knobs (rules/square/bot.py STYLES[2]); the play-outs stand in for a level-2 opponent
KNOCK_CONFIDENCE, FINAL_GAIN, PEEK_VALUE, SPY_VALUE = 0.9, 4.0, 2.0, 0.8
KNOCKER_GUESS, MAX_TAKE_STREAK, TAKE_VALUE, TAKE_GAIN = 5.0, 2, 2, 7.0
SWAP_INFO, JACK_MARGIN = 0.5, 1.5

# Moves: (kind, a, b) with slots as indices 0..3 of the mover's or the opponent's square
KNOCK, DRAW, TAKE, SWAP, DISCARD, PEEK, SPY, JACK, QUEEN = range(9)
SQRT2 = math.sqrt(2.0)


class Sim:
    """A whole position with every card placed: slots, draw pile (top last), discard pile (top last)."""

    __slots__ = ("cards", "disc", "disc_sq", "disc_sum", "draw", "knocked", "know", "over", "random", "rng", "streak",
                 "turn")

    def __init__(self, cards: list[int], draw: list[int], disc: list[int], know: list[int], over: list[int],
                 knocked: int, turn: int, streak: list[int]) -> None:
        self.cards, self.draw, self.disc = cards, draw, disc
        self.know, self.over, self.knocked, self.turn, self.streak = know, over, knocked, turn, streak
        self.random = -1  # the seat that plays uniformly random legal moves
        self.rng: random.Random | None = None  # and its dice
        self.disc_sum = sum(VALUE[c] for c in disc)
        self.disc_sq = sum(VALUE[c] ** 2 for c in disc)

    def copy(self) -> Sim:
        s = Sim.__new__(Sim)
        s.cards, s.draw, s.disc = self.cards[:], self.draw[:], self.disc[:]
        s.know, s.over, s.streak = self.know[:], self.over[:], self.streak[:]
        s.knocked, s.turn, s.disc_sum, s.disc_sq = self.knocked, self.turn, self.disc_sum, self.disc_sq
        s.random, s.rng = self.random, self.rng
        return s

    def sums(self) -> tuple[int, int]:
        c = self.cards
        return (VALUE[c[0]] + VALUE[c[1]] + VALUE[c[2]] + VALUE[c[3]],
                VALUE[c[4]] + VALUE[c[5]] + VALUE[c[6]] + VALUE[c[7]])

    # --- what the seat to move believes ------------------------------------------------------
    def unseen(self, seat: int, drawn: int | None = None) -> tuple[int, int, int]:
        """Count, sum and sum of squares of the values of the cards ``seat`` has not seen."""
        cards = self.cards
        known = [cards[k] for k in SLOTS[self.know[seat]]]
        n = 52 - len(self.disc) - len(known)
        s = TOTAL - self.disc_sum - sum([VALUE[c] for c in known])
        sq = TOTAL_SQ - self.disc_sq - sum([SQUARE[c] for c in known])
        if drawn is not None:
            n, s, sq = n - 1, s - VALUE[drawn], sq - SQUARE[drawn]
        return n, s, sq

    def values(self, seat: int, mean: float) -> list[float]:
        """The seat's value of each of the 8 slots: a card it has seen, else a guess (level 2's)."""
        know, cards = self.know[seat], self.cards
        vals = [VALUE[cards[k]] if know >> k & 1 else mean for k in range(8)]
        opp = 4 - 4 * seat
        knocker = self.knocked == 1 - seat
        for k in range(opp, opp + 4):
            if not know >> k & 1:
                over = self.over[k]
                guess = mean if over == NO_OVER else min(mean, (over + mean) / 2)
                vals[k] = min(guess, KNOCKER_GUESS) if knocker else guess
        return vals

    # --- level 2's decisions ------------------------------------------------------------------
    def turn_move(self) -> tuple[int, int, int]:
        """Knock, take or draw, as level 2 does."""
        me = self.turn
        n, s, sq = self.unseen(me)
        mean = s / n if n else 0.0
        return self._turn_choice(me, self.values(me, mean), mean, max(0.0, sq / n - mean * mean) if n else 0.0)

    def knock_chance(self) -> float:
        """Level 2's estimate of the mover's chance to win by knocking now."""
        me = self.turn
        n, s, sq = self.unseen(me)
        mean = s / n if n else 0.0
        return self._knock_chance(me, self.values(me, mean), max(0.0, sq / n - mean * mean) if n else 0.0)

    def _knock_chance(self, me: int, vals: list[float], var: float) -> float:
        base = 4 * me
        lead = sum(vals) - 2 * (vals[base] + vals[base + 1] + vals[base + 2] + vals[base + 3]) - FINAL_GAIN
        sd = math.sqrt((8 - COUNT[self.know[me]]) * var + FINAL_GAIN ** 2 + 1.0)
        return 0.5 * (1.0 + math.erf((lead - 0.5) / (sd * SQRT2)))

    def _turn_choice(self, me: int, vals: list[float], mean: float, var: float) -> tuple[int, int, int]:
        if self.knocked >= 0:
            return self._last_turn_choice(me, vals, mean, var)
        if self._knock_chance(me, vals, var) >= KNOCK_CONFIDENCE:
            return KNOCK, 0, 0
        base = 4 * me
        m0, m1, m2, m3 = vals[base:base + 4]
        if self.disc and self.streak[me] < MAX_TAKE_STREAK:
            v = VALUE[self.disc[-1]]
            slot, high = 0, m0
            if m1 > high:
                slot, high = 1, m1
            if m2 > high:
                slot, high = 2, m2
            if m3 > high:
                slot, high = 3, m3
            gain = high - v
            if (v <= TAKE_VALUE and gain >= 3) or gain >= TAKE_GAIN:
                return TAKE, slot, 0
        return DRAW, 0, 0

    def chance(self, me: int, vals: list[float], var: float) -> tuple[float, float, float]:
        """Level 2's P(own sum < opponent's) at the very end, as Φ((lead + gain) / sd): the lead now and
        the two sd's (times √2), for a move that leaves the unseen cards unseen or makes one own card known."""
        base = 4 * me
        mine = vals[base] + vals[base + 1] + vals[base + 2] + vals[base + 3]
        unseen = 8 - COUNT[self.know[me]]
        return (sum(vals) - 2 * mine, math.sqrt(unseen * var + 0.25) * SQRT2,
                math.sqrt(max(0, unseen - 1) * var + 0.25) * SQRT2)

    def _last_turn_choice(self, me: int, vals: list[float], mean: float, var: float) -> tuple[int, int, int]:
        """The final turn: the known discard onto the slot that wins most often, unless a blind draw
        (resolved as well as it can be, averaged over the unseen cards) wins more often."""
        best, move = -1.0, (DRAW, 0, 0)
        know = self.know[me]
        lead, sd, sd_settled = odds = self.chance(me, vals, var)
        if self.disc:
            v = VALUE[self.disc[-1]]
            for i in range(4):
                k = 4 * me + i
                c = 0.5 * (1.0 + erf((lead + vals[k] - v) / (sd if know >> k & 1 else sd_settled)))
                if c > best:
                    best, move = c, (TAKE, i, 0)
        cards = self.cards
        seen = {cards[k] for k in SLOTS[know]}
        seen.update(self.disc)
        ranks: dict[int, list[int]] = {}  # cards of one rank resolve alike: one representative and the count
        for c in range(52):
            if c not in seen:
                ranks.setdefault(RANK[c], []).append(c)
        if ranks:
            total = sum(self.last_option(cs[0], vals, mean, var, odds)[0] * len(cs) for cs in ranks.values())
            if total / sum(len(cs) for cs in ranks.values()) >= best:
                return DRAW, 0, 0
        return move

    def last_option(self, card: int, vals: list[float], mean: float, var: float,
                    odds: tuple[float, float, float] | None = None) -> tuple[float, tuple[int, int, int]]:
        """Level 2 with a drawn card when nobody moves after it: the option most likely to win."""
        me = self.turn
        know = self.know[me]
        lead, sd, sd_settled = odds or self.chance(me, vals, var)
        best: tuple[float, tuple[int, int, int]] = (-1e9, (DISCARD, 0, 0))
        for g, move in self.drawn_options(card, vals, mean, True):
            settled = move[0] == SWAP and not know >> (4 * me + move[1]) & 1
            score = 0.5 * (1.0 + erf((lead + g) / (sd_settled if settled else sd))) + 0.001 * g
            if score > best[0]:
                best = (score, move)
        return best

    def drawn_move(self, card: int) -> tuple[int, int, int]:
        """What level 2 does with a drawn card."""
        me = self.turn
        n, s, sq = self.unseen(me, card)
        mean = s / n if n else 0.0
        return self._drawn_choice(card, self.values(me, mean), mean, max(0.0, sq / n - mean * mean) if n else 0.0)

    def _drawn_choice(self, card: int, vals: list[float], mean: float, var: float) -> tuple[int, int, int]:
        if self.knocked >= 0 or not self.draw:
            return self.last_option(card, vals, mean, var)[1]
        return max(self.drawn_options(card, vals, mean, False), key=_gain)[1]

    def drawn_options(self, card: int, vals: list[float], mean: float,
                      last: bool) -> list[tuple[float, tuple[int, int, int]]]:
        """Level 2's options for a drawn card with their estimated gains; ties go to the earliest.
        ``last``: nobody moves after this turn, so seeing a card is worth nothing."""
        me = self.turn
        know = self.know[me]
        base, opp = 4 * me, 4 - 4 * me
        d = VALUE[card]
        out: list[tuple[float, tuple[int, int, int]]] = [(0.0, (DISCARD, 0, 0))]
        for i in range(4):
            g = vals[base + i] - d - 0.01 * i
            if not last and not know >> (base + i) & 1:
                g += SWAP_INFO
            out.append((g, (SWAP, i, 0)))
        rank = RANK[card]
        if rank == 7 or rank == 8:
            if not last:
                for i in range(4):
                    if not know >> (base + i) & 1:
                        out.append((PEEK_VALUE, (PEEK, i, 0)))
                        break
        elif rank == 9 or rank == 10:
            if not last:
                for j in range(4):
                    if not know >> (opp + j) & 1:
                        out.append((SPY_VALUE, (SPY, j, 0)))
                        break
        elif rank == 11:
            i = max(range(4), key=lambda k: vals[base + k])
            j = min(range(4), key=lambda k: vals[opp + k])
            out.append((2 * (vals[base + i] - vals[opp + j]) - JACK_MARGIN, (JACK, i, j)))
        elif rank == 12:
            g, i, j = self._queen(vals, mean, know, base, opp, last, card)
            out.append((g, (QUEEN, i, j)))
        return out

    def _queen(self, vals: list[float], mean: float, know: int, base: int, opp: int, last: bool,
               queen: int) -> tuple[float, int, int]:
        pool = None
        best = (-1e9, 0, 0)
        for i in range(4):
            a, mine = vals[base + i], know >> (base + i) & 1
            for j in range(4):
                b, theirs = vals[opp + j], know >> (opp + j) & 1
                if mine and theirs:
                    gain = max(0.0, a - b)
                elif mine:
                    if b >= mean:
                        pool = pool or self._pool(self.turn, queen)
                        gain = sum(a - x for x in pool if x < a) / len(pool)
                    else:
                        gain = max(0.0, a - b) * 0.8
                elif theirs:
                    pool = pool or self._pool(self.turn, queen)
                    gain = sum(x - b for x in pool if x > b) / len(pool)
                else:
                    gain = max(0.0, a - b) * 0.5 + 0.5
                info = 0.0 if last else (0.0 if mine else PEEK_VALUE) + (0.0 if theirs else SPY_VALUE)
                g = 2 * gain + info
                if g > best[0]:
                    best = (g, i, j)
        return best

    def _pool(self, me: int, drawn: int | None = None) -> list[int]:
        """The values of the cards ``me`` has not seen (its drawn card is one it has)."""
        know, cards = self.know[me], self.cards
        seen = {cards[k] for k in range(8) if know >> k & 1}
        seen.update(self.disc)
        if drawn is not None:
            seen.add(drawn)
        return [VALUE[c] for c in range(52) if c not in seen] or [0]

    # --- the rules ----------------------------------------------------------------------------
    def play(self, move: tuple[int, int, int], drawn: int | None = None) -> int | None:
        """Apply the mover's move; a DRAW returns the drawn card (to be resolved with ``play`` again)."""
        kind, a, b = move
        me = self.turn
        if kind == DRAW:
            return self.draw.pop()
        if kind == KNOCK:
            self.knocked = me
            self.streak[me] = 0
        elif kind == TAKE:
            k = 4 * me + a
            top = self.disc.pop()
            old = self.cards[k]
            self.cards[k] = top
            self._discarded(old, VALUE[top])
            self.know[0] |= 1 << k
            self.know[1] |= 1 << k
            self.over[k] = NO_OVER
            self.streak[me] += 1
            return None
        else:
            assert drawn is not None
            self.streak[me] = 0
            if kind == SWAP:
                k = 4 * me + a
                old = self.cards[k]
                self.cards[k] = drawn
                self._discarded(old)
                self.know[me] |= 1 << k
                self.know[1 - me] &= ~(1 << k)
                self.over[k] = VALUE[old]
                return None
            self._discarded(drawn)
            if kind == PEEK:
                self.know[me] |= 1 << (4 * me + a)
            elif kind == SPY:
                self.know[me] |= 1 << (4 - 4 * me + a)
            elif kind == JACK:
                self._exchange(4 * me + a, 4 - 4 * me + b)
            elif kind == QUEEN:
                x, y = 4 * me + a, 4 - 4 * me + b
                self.know[me] |= (1 << x) | (1 << y)
                if VALUE[self.cards[x]] > VALUE[self.cards[y]]:
                    self._exchange(x, y)
        return None

    def _random_turn(self) -> None:
        """A turn of uniformly random legal moves (what ``rules.bots.RandomBot`` plays)."""
        assert self.rng is not None  # set with ``random``
        roll = self.rng.randrange
        pick = roll(1 + (4 if self.disc else 0) + (1 if self.knocked < 0 else 0))
        if pick == 0:
            card = self.draw.pop()
            rank = RANK[card]
            powers = 4 if rank in (7, 8, 9, 10) else 16 if rank in (11, 12) else 0
            pick = roll(5 + powers)
            if pick < 4:
                self.play((SWAP, pick, 0), card)
            elif pick == 4:
                self.play((DISCARD, 0, 0), card)
            else:
                a, b = divmod(pick - 5, 4) if powers == 16 else (pick - 5, pick - 5)
                kind = PEEK if rank in (7, 8) else SPY if rank in (9, 10) else JACK if rank == 11 else QUEEN
                if kind == QUEEN:  # it looks, then swaps or keeps at random
                    x, y = 4 * self.turn + a, 4 - 4 * self.turn + b
                    self._discarded(card)
                    self.streak[self.turn] = 0
                    self.know[self.turn] |= (1 << x) | (1 << y)
                    if roll(2):
                        self._exchange(x, y)
                else:
                    self.play((kind, a, b), card)
        elif self.disc and pick <= 4:
            self.play((TAKE, pick - 1, 0))
        else:
            self.play((KNOCK, 0, 0))

    def _discarded(self, card: int, taken: int = 0) -> None:
        v = VALUE[card]
        self.disc.append(card)
        self.disc_sum += v - taken
        self.disc_sq += v * v - taken * taken

    def _exchange(self, x: int, y: int) -> None:
        c = self.cards
        c[x], c[y] = c[y], c[x]
        o = self.over
        o[x], o[y] = o[y], o[x]
        for seat in (0, 1):
            m = self.know[seat]
            bx, by = m >> x & 1, m >> y & 1
            if bx != by:
                self.know[seat] = m ^ ((1 << x) | (1 << y))

    def end_turn(self) -> bool:
        """END_TURN (§1.4); True when the game is over."""
        if not self.draw or self.knocked == 1 - self.turn:
            return True
        self.turn = 1 - self.turn
        return False

    def finish(self) -> tuple[int, int]:
        """Both seats play level 2's moves to the end; the final sums."""
        draw, unseen, values = self.draw, self.unseen, self.values
        while True:
            me = self.turn
            if me == self.random:
                self._random_turn()
                if not draw or self.knocked == 1 - me:
                    return self.sums()
                self.turn = 1 - me
                continue
            n, s, sq = unseen(me)
            mean = s / n
            move = self._turn_choice(me, values(me, mean), mean, max(0.0, sq / n - mean * mean))
            if move[0] == DRAW:
                card = draw.pop()
                v = VALUE[card]
                if n > 1:
                    n, s, sq = n - 1, s - v, sq - SQUARE[card]
                mean = s / n
                self.play(self._drawn_choice(card, values(me, mean), mean, max(0.0, sq / n - mean * mean)), card)
            else:
                self.play(move)
            if not draw or self.knocked == 1 - me:
                return self.sums()
            self.turn = 1 - me


def _gain(option: tuple[float, tuple[int, int, int]]) -> float:
    return option[0]
