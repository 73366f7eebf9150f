"""Command-line options of the app (``main.py --help``)."""
from __future__ import annotations

import argparse
from dataclasses import dataclass

from game.languages import LANGUAGES
from game.names_check import check_name, check_names


@dataclass
class Options:
    game: str | None = None
    mode: str = "hotseat"
    players: list[str] | None = None
    seed: int | None = None
    lang: str | None = None
    fullscreen: bool = False
    size: tuple[int, int] | None = None  # None: a share of the desktop (game/window.py)
    demo: bool = False
    headless: bool = False
    until_end: bool = False
    frames: int | None = None
    kiosk: bool = False
    level: int = 2
    server: str | None = None
    host_table: bool = False
    join: str | None = None
    quick_match: bool = False
    ranked_match: bool = False
    nearby: bool = False
    name: str | None = None
    replay: str | None = None
    play_on: bool = False  # an unfinished recorded game: the computer plays it to its end


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError("use WIDTHxHEIGHT, e.g. 1920x1080") from None
    from game.window import MIN_SIZE

    if not (MIN_SIZE[0] <= w <= 7680 and MIN_SIZE[1] <= h <= 4320):
        raise argparse.ArgumentTypeError(f"{w}x{h} is out of range: from {MIN_SIZE[0]}x{MIN_SIZE[1]} (the smallest "
                                         "window the layout fits) to 7680x4320")
    return w, h


def _players(text: str) -> list[str]:
    """Two names, or one (against the computer, which brings its own)."""
    parts = text.split(",", 2)
    try:
        return [check_name(parts[0])] if len(parts) == 1 else check_names(parts)
    except ValueError as exc:  # the message never repeats the text: it may not even be printable
        raise argparse.ArgumentTypeError(f'{exc}; give two different names: --players "Ann,Bob" (or one '
                                         'against the computer)') from None


def build_parser(games: list[str]) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="card-duels", description="Card Duels: four two-player card games.",
                                epilog="Run a game server instead with: main.py serve --help")
    p.add_argument("--game", choices=games, help="start this game directly")
    p.add_argument("--mode", choices=["hotseat", "computer"], default="hotseat",
                   help="two players on this device, or against the computer")
    p.add_argument("--players", type=_players,
                   help='both names, e.g. "Ann,Bob", or one against the computer (skips the names screen)')
    p.add_argument("--seed", type=int, help="deal number: the same seed deals the same game")
    p.add_argument("--lang", choices=list(LANGUAGES), help="language")
    p.add_argument("--fullscreen", action="store_true", help="desktop fullscreen")
    p.add_argument("--size", type=_size, default=None, help="window size WxH (default: 80%% of the screen)")
    p.add_argument("--demo", action="store_true", help="computer against computer through the real table")
    p.add_argument("--headless", action="store_true",
                   help="no window or sound; simulated clock (each frame advances 1/60 s)")
    p.add_argument("--until-end", action="store_true", help="exit when a game reaches its end screen")
    p.add_argument("--frames", type=int, help="exit after this many frames")
    p.add_argument("--kiosk", action="store_true", help="fullscreen touch kiosk mode")
    p.add_argument("--level", type=int, choices=[1, 2, 3], default=2, help="computer strength")
    p.add_argument("--replay", metavar="CODE", help="play back the game of this replay code")
    p.add_argument("--play-on", action="store_true",
                   help="with --replay: the computer plays an unfinished recorded game to its end")
    online = p.add_argument_group("online", "play through a game server (see docs/online.md)")
    online.add_argument("--server", metavar="URL", help="game server address, e.g. ws://127.0.0.1:8765")
    how = online.add_mutually_exclusive_group()
    how.add_argument("--host-table", action="store_true",
                     help="open a table for --game and print its join code as 'CODE xxxxxx'")
    how.add_argument("--join", metavar="CODE", help="join the table with this code")
    how.add_argument("--quick-match", action="store_true", help="sit down with the next player who wants --game")
    how.add_argument("--ranked-match", action="store_true",
                     help="sit down with a player of similar rating who wants --game; the result is rated")
    online.add_argument("--nearby", action="store_true",
                        help="in kiosk mode: list and announce games on the local network too (off by default)")
    online.add_argument("--name", help="your name at the online table (with --demo the computer plays for you)")
    return p


def parse(argv: list[str], games: list[str]) -> Options:
    parser = build_parser(games)
    ns = parser.parse_args(argv)
    if (ns.host_table or ns.join or ns.quick_match or ns.ranked_match) and not ns.server:
        parser.error("--host-table, --join, --quick-match and --ranked-match need --server URL")
    if ns.players is not None and len(ns.players) == 1 and ns.mode != "computer":
        parser.error('two players on this device need two different names: --players "Ann,Bob"')
    return Options(game=ns.game, mode=ns.mode, players=ns.players, seed=ns.seed, lang=ns.lang,
                   fullscreen=ns.fullscreen, size=ns.size, demo=ns.demo, headless=ns.headless,
                   until_end=ns.until_end, frames=ns.frames, kiosk=ns.kiosk, level=ns.level,
                   server=ns.server, host_table=ns.host_table, join=ns.join, name=ns.name,
                   quick_match=ns.quick_match, ranked_match=ns.ranked_match, nearby=ns.nearby, replay=ns.replay,
                   play_on=ns.play_on)
