"""How much of the table the cards use: the card height as a share of the window height and the bare felt
as a share of the playing area and of the window, measured on the ``make shots`` pictures. ``make shots`` notes
each table shot's cards, playing area and bare window in ``table_share.json`` beside the pictures and prints the
report; ``python -m tools.table_share [folder]`` prints it again from the files."""
from __future__ import annotations

import json
import os
import statistics
import sys
from pathlib import Path

# The middle of a game at each table (``TableEntry.midgame_shot``; the targets: cards >= 25% of the window height,
# face to face >= 15%, no more than 40% of the playing area bare felt).
PREFIXES = ("small_", "", "large_")
TOLERANCE = 4  # per channel: a pixel this close to the bare felt's is bare felt
FILE = "table_share.json"
CAP = 0.40  # the most of the window a table state with cards may leave bare felt (issue 44)


class Measures:
    """Notes where the cards and the playing area are on every table shot (a hook of ``tools.shots.save``)."""

    def __init__(self) -> None:
        self.shots: dict[str, dict] = {}

    def shot(self, app, name: str) -> None:
        table = next((s for s in reversed(app.stack.scenes) if hasattr(s, "board") or hasattr(s, "bands")), None)
        if table is None:
            return
        bands = getattr(table, "bands", None)  # the scene is a table with card layers
        if bands:  # face to face: the cards of both halves, the playing area not measured
            cards = [r for b in bands for r in b.cards.rects().values()]
            board, full = None, [round(b.geo.ch) for b in bands if hasattr(b, "geo")]
        else:
            cards = list(table.cards.rects().values())
            board, full = tuple(table.board), [round(table.geo.ch)] if hasattr(table, "geo") else []
        # the table's full-size cards (hand, piles: its geometry's card), and every card drawn
        self.shots[name] = {"window": list(app.size), "board": board, "full_h": min(full, default=0),
                            "card_h": sorted(r.h for r in cards)}
        if felt_state(app):
            self.shots[name]["bare_window"] = bare_fraction(app.screen)

    def write(self, folder: Path) -> None:
        (Path(folder) / FILE).write_text(json.dumps(self.shots, indent=1))

    def report(self, folder: Path | None = None) -> None:
        print(report(Path(folder) if folder else None, self.shots))


def felt_state(app) -> bool:
    """Whether the window shows a table with cards (its card layer's, or a pack drawn for a cut) and nothing over it
    but the end's result moved aside (the final table): the states whose bare felt is held to ``CAP``. A dialog, the
    cover or a review over it is not one, nor a table before its deal (Own Trumps' choice of trump)."""
    visible = app.stack.visible()
    if not visible or not hasattr(visible[0], "cards") or not (visible[0].cards.rects() or visible[0].packs()):
        return False
    return all(getattr(s, "name", "") == "end" and getattr(s, "aside", False) for s in visible[1:])


def bare_share(png: Path, board: tuple[int, int, int, int]) -> float:
    """The share of ``board`` whose pixels are the bare felt's (as ``sprites.felt`` draws it)."""
    import pygame

    return bare_fraction(pygame.image.load(str(png)), board)


def bare_fraction(shot, rect=None) -> float:
    """The share of ``rect`` of the picture ``shot`` (all of it when None) whose pixels are the bare felt's, as
    ``sprites.felt`` draws it for the picture's size in the felt colour chosen now: no card, plate, panel, text,
    board or shadow lies there."""
    import pygame

    from sprites.felt import felt

    bare = felt(shot.get_size())
    rect = pygame.Rect(rect) if rect is not None else shot.get_rect()
    a, b = shot.subsurface(rect).copy(), bare.subsurface(rect).copy()
    diff = a.copy()
    diff.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)  # max(a - b, 0)
    b.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)  # max(b - a, 0)
    diff.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_ADD)  # |a - b|
    mask = pygame.mask.from_threshold(diff, (0, 0, 0), (TOLERANCE + 1,) * 3 + (255,))
    return mask.count() / max(1, rect.w * rect.h)


def report(folder: Path | None, shots: dict[str, dict]) -> str:
    lines = ["table shares (cards: the full-size card's height and the smallest card's / window height; "
             "bare: felt / playing area):"]
    from game.tables import ENTRIES

    for game, entry in ENTRIES.items():
        base = entry.midgame_shot
        for prefix in PREFIXES:
            for name, bare_wanted in ((f"{prefix}{base}", True), (f"{prefix}face_to_face_{game}", False)):
                shot = shots.get(name)
                if not shot or not shot["card_h"]:
                    continue
                h = shot["window"][1]
                full = shot.get("full_h") or statistics.median(shot["card_h"])
                line = f"  {name:34} cards {full / h:5.1%} (smallest {shot['card_h'][0] / h:5.1%})"
                png = folder / f"{name}.png" if folder else None
                if bare_wanted and png is not None and png.is_file():
                    line += f"  bare felt {bare_share(png, shot['board']):5.1%}"
                lines.append(line)
    lines.append(f"bare felt / window in the table states with cards (at most {CAP:.0%}):")
    lines += [f"  {name:40} {shot['bare_window']:5.1%}{'  OVER' if shot['bare_window'] > CAP else ''}"
              for name, shot in shots.items() if "bare_window" in shot]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    folder = Path(argv[0] if argv else "shots")
    print(report(folder, json.loads((folder / FILE).read_text())))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
