"""Builds rules/cribbage/pegtable_data.py (read by rules/cribbage/pegtable.py): what each kept four pegs, on average,
more than the opponent, as dealer and as non-dealer.

``python -m tools.cribbage_pegtable [deals] [jobs]`` plays, for every multiset of four ranks (1,820) and both roles,
``deals`` sampled deals with level 2's pegging on both sides (rules/cribbage/pegsim.py): the rest of a shuffled pack
gives my two discards, the opponent's six (it keeps what ``policy.model_discard`` keeps) and the starter. Deal k
is the same shuffle for every entry (common random numbers), so two keeps are compared on the same opponents and
their difference is far less noisy than their values. Stored as hundredths of a point, 16-bit (``zlib`` + Base85).
"""
from __future__ import annotations

import base64
import random
import sys
import zlib
from itertools import combinations_with_replacement
from multiprocessing import Pool
from pathlib import Path

from rules.cards import Card, standard_deck
from rules.cribbage.pegsim import play
from rules.cribbage.policy import model_discard

OUT = Path(__file__).resolve().parent.parent / "rules" / "cribbage" / "pegtable_data.py"
KEEPS = tuple(combinations_with_replacement(range(1, 14), 4))
SEED = 20_251_205


def _cards(ranks: tuple[int, ...]) -> list[Card]:
    """Specific cards for a rank multiset: repeated ranks take the suits in order (C, D, H, S)."""
    out, used = [], {}
    for r in ranks:
        k = used.get(r, 0)
        used[r] = k + 1
        out.append(Card(r, "CDHS"[(k + r) % 4]))
    return out


def entry(args: tuple[tuple[int, ...], int]) -> tuple[float, float]:
    """The mean pegging margin of keeping ``ranks`` as (dealer, non-dealer) over ``deals`` shared deals."""
    ranks, deals = args
    mine = _cards(ranks)
    taken = {c.code for c in mine}
    total = [0, 0]
    pack = standard_deck()
    for k in range(deals):
        deck = list(pack)
        random.Random(SEED + k).shuffle(deck)
        rest = [c for c in deck if c.code not in taken]
        drop, six, starter = rest[:2], rest[2:8], rest[8]
        for role, dealer in enumerate((True, False)):
            d = model_discard(six, not dealer)
            theirs = tuple(sorted(c.rank for c in six if c is not d[0] and c is not d[1]))
            seen_me = (drop[0].rank, drop[1].rank, starter.rank)
            seen_them = (d[0].rank, d[1].rank, starter.rank)
            if dealer:
                po, pm = play(theirs, ranks, seen_them, seen_me)
            else:
                pm, po = play(ranks, theirs, seen_me, seen_them)
            total[role] += pm - po
    return total[0] / deals, total[1] / deals


def encode(values: list[float]) -> str:
    raw = b"".join(int(round(v * 100)).to_bytes(2, "little", signed=True) for v in values)
    return base64.b85encode(zlib.compress(raw, 9)).decode("ascii")


def main(argv: list[str]) -> int:
    deals = int(argv[0]) if argv else 800
    jobs = int(argv[1]) if len(argv) > 1 else 1
    with Pool(jobs) as pool:
        rows = pool.map(entry, [(k, deals) for k in KEEPS], chunksize=20)
    values = [v for row in rows for v in row]  # per keep: dealer, then non-dealer
    text = encode(values)
    chunks = [text[i:i + 116] for i in range(0, len(text), 116)]
    body = "\n".join(f'    "{c}"' for c in chunks)
    OUT.write_text('"""What each kept four pegs more than the opponent, as ``pegtable`` reads it: written by\n'
                   f'``python -m tools.cribbage_pegtable`` ({deals} deals an entry); do not edit by hand."""\n\n'
                   f"DEALS = {deals}\nDATA = (\n{body}\n)\n", encoding="utf-8")
    print(f"wrote {OUT} ({len(values)} values)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
