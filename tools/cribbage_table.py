"""Builds rules/cribbage/wintable_data.py (read by rules/cribbage/wintable.py): the dealer's chance to win from
every pair of scores, by level 2's own hands.

``python -m tools.cribbage_table [hands]`` plays ``hands`` single deals with level 2 in both seats (seeded, the
dealer alternating) and records what each was worth and in which order: his heels, the pegging point by point,
the non-dealer's show, the dealer's show and crib. A hand's points do not depend on the scores (level 2 plays
for points), so the game is a race of independent hands and the chance to win from (dealer's score, non-dealer's
score) follows by a recursion from the scores nearest 121 down, exact for that model:

- the starter and the play: whoever reaches 121 first in the recorded order wins;
- then the non-dealer counts first, then the dealer (hand and crib together, both theirs);
- else the next hand, the deal passed: the chance is one minus the other's chance as dealer.

The pegging order matters only near 121, so far from it the recursion sums over the pairs of pegging totals.
The table is stored as 16-bit steps along each row (``zlib`` + Base85): about 20 kB of text.
"""
from __future__ import annotations

import base64
import random
import sys
import zlib
from collections import Counter
from pathlib import Path

from rules.core import Action
from rules.cribbage.bot import CribbageBot
from rules.cribbage.state import new_game

G = 121
OUT = Path(__file__).resolve().parent.parent / "rules" / "cribbage" / "wintable_data.py"


def sample_hand(seed: int, bot: CribbageBot, rng: random.Random) -> tuple[tuple, int, int]:
    """One deal played by ``bot`` in both seats: (heels and pegging as (dealer?, points) in order, the
    non-dealer's show, the dealer's show with the crib)."""
    s = new_game(seed=seed, dealer=seed % 2).apply(Action.make("cut", depth=20))
    dealer, hand_no = s.dealer, s.hand_no
    seq: list[tuple[bool, int]] = []
    show = [0, 0]
    seen: tuple[list, list] = ([], [])
    while s.hand_no == hand_no and s.winner is None:
        seat = s.to_move
        seen[seat].append(s.observe(seat))
        s = s.apply(bot.choose(seen[seat], rng))
        for e in s.events:
            kind = e["type"]
            if kind in ("cribbage.his_heels", "cribbage.play", "cribbage.go_point") and e.get("points"):
                seq.append((e["seat"] == dealer, e["points"]))
            elif kind == "cribbage.show":
                show[e["seat"] == dealer] += e["total"]
    return tuple(seq), show[0], show[1]


def build(hands: list[tuple[tuple, int, int]]) -> list[list[float]]:
    """W[a][b]: the dealer's chance to win from dealer score a, non-dealer score b, before the starter."""
    n = len(hands)
    seqs = Counter(h[0] for h in hands)
    shows = [(pone, dealer, c / n) for (pone, dealer), c in Counter((h[1], h[2]) for h in hands).items()]
    lines, totals = [], Counter()
    for seq, c in seqs.items():
        td, tp = sum(p for d, p in seq if d), sum(p for d, p in seq if not d)
        lines.append((seq, c / n, td, tp))
        totals[td, tp] += c / n
    pairs = list(totals.items())
    most_d, most_p = max(x[2] for x in lines), max(x[3] for x in lines)
    W = [[0.0] * G for _ in range(G)]
    S = [[0.0] * G for _ in range(G)]  # the dealer's chance once the play is over at (a, b), both below 121
    for total in range(2 * (G - 1), -1, -1):  # every hand scores at least the last card: higher sums first
        cells = [(a, total - a) for a in range(max(0, total - G + 1), min(G - 1, total) + 1)]
        for a, b in cells:
            need_d, need_p = G - a, G - b
            v = 0.0
            if most_d < need_d and most_p < need_p:
                for (x, y), p in pairs:
                    v += p * S[a + x][b + y]
            else:
                for seq, p, td, tp in lines:
                    if td < need_d and tp < need_p:
                        v += p * S[a + td][b + tp]
                        continue
                    x = y = 0
                    for d, q in seq:
                        if d:
                            x += q
                            if x >= need_d:
                                v += p
                                break
                        else:
                            y += q
                            if y >= need_p:
                                break
            W[a][b] = v
        for a, b in cells:  # the show: the same sum may come back (a hand of no show points at all)
            need_d, need_p = G - a, G - b
            v = 0.0
            for pone, dealer, p in shows:
                if pone >= need_p:
                    continue
                v += p if dealer >= need_d else p * (1.0 - W[b + pone][a + dealer])
            S[a][b] = v
    return W


def encode(W: list[list[float]]) -> str:
    steps = bytearray()
    for row in W:
        last = 0
        for x in row:
            q = round(x * 65535)
            steps += ((q - last) & 0xFFFF).to_bytes(2, "little")
            last = q
    return base64.b85encode(zlib.compress(bytes(steps), 9)).decode()


def write(W: list[list[float]], hands: int) -> None:
    text = encode(W)
    width = 116
    body = "\n".join(f'    "{text[i:i + width]}"' for i in range(0, len(text), width))
    OUT.write_text(f'''"""The dealer's chance to win Cribbage from any pair of scores, as ``wintable`` reads it:
written by ``python -m tools.cribbage_table`` ({hands} hands); do not edit by hand."""

DATA = (
{body}
)
''')


def main(hands: int = 8000) -> None:
    bot, rng = CribbageBot(2), random.Random(0)  # the cut depth is all rng decides, and it changes nothing
    W = build([sample_hand(seed, bot, rng) for seed in range(hands)])
    write(W, hands)
    print(f"wrote {OUT} from {hands} hands: dealer at 0-0 wins {W[0][0]:.3f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 8000)
