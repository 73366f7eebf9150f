"""The settings file's values (settings.toml): each key's type and range, and how a valid value is described
(the description goes into the messages and into the head of a new file)."""
from __future__ import annotations

from game.languages import LANGUAGES
from game.names_check import check_name
from game.schema import Rule, choice, flag, is_int, number, text, whole
from sprites.looks import BACKS, FELTS, SUIT_COLOURS


def _pin_text(v: object) -> object:
    return str(v) if is_int(v) else v  # an operator may well write ``pin = 4711``: digits as a number too


def _pin(v: object) -> bool:
    digits = _pin_text(v) if not is_int(v) or v >= 0 else None
    return isinstance(digits, str) and digits.isascii() and digits.isdigit() and 4 <= len(digits) <= 8


def _ids(v: object) -> bool:
    return isinstance(v, list) and len(v) < 50 and all(isinstance(x, str) and 0 < len(x) < 40 for x in v)


def _names(v: object) -> bool:
    return isinstance(v, list) and len(v) <= 2 and all(check_name(x) == x for x in v)


def _name(v: object) -> bool:
    return v == "" or check_name(v) == v


TRUE_FALSE = "true or false"
RULES: dict[str, Rule] = {
    "language": choice(LANGUAGES),
    "sound": flag(),
    "animation_speed": number(0.25, 4, "a number from 0.25 (slow) to 4 (fast)"),
    "fullscreen": flag(),
    "kiosk": flag(),
    "idle_minutes": whole(1, 240, "a whole number of minutes, 1 to 240"),
    "pin": Rule(_pin, '4 to 8 digits, e.g. "4711"', _pin_text),
    "server": Rule(lambda v: isinstance(v, str) and v.startswith(("ws://", "wss://")) and len(v) < 200,
                   'an address starting with "ws://" or "wss://"'),
    "bot_level": whole(1, 3, "1 (beginner), 2 (club player) or 3 (expert)"),
    "volume": whole(0, 100),
    "felt": choice(FELTS),
    "card_back": choice(BACKS),
    "suit_colours": choice(SUIT_COLOURS),
    "sort_by": choice(("suit", "rank")),
    "face_to_face": flag(),
    "reduce_motion": flag(),
    "confirm_knock": flag(),
    "tutorial_done": Rule(_ids, "a list of game names", list),
    # what the menu remembers: the last game and mode chosen and the names last played under
    "last_game": text(40, "a game's name"),
    "last_mode": choice(("hotseat", "computer")),
    "last_names": Rule(_names, "a list of at most two names", list),
    "online_name": Rule(_name, "a name of 1 to 16 characters", str),  # the name last played online under
}
SECRET = {"pin"}  # never echoed into a log
