"""A saved game's file (saves/autosave-<game>-<mode>.json): every value's type and range, checked before the game
is rebuilt. The rules then check the moves themselves (``Session.from_json`` replays each through ``apply``)."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import rules
from game.names_check import check_name
from game.schema import Bad, Rule, choice, is_int, number, record, whole
from rules.replay import SEED_LIMIT

FORMAT = "card-duels-save"
VERSION = 1
MATCH_FORMAT, MATCH_VERSION = "card-duels-match", 1
MAX_BYTES = 4 << 20  # far above the longest game's save; a bigger file is not read at all
# A save is written for a game played here: its seats follow from its mode (online and demo games are not saved).
SEATS = {"hotseat": ["human", "human"], "computer": ["human", "bot"]}


def _is(expected: object, wanted: str) -> Rule:
    return Rule(lambda v: type(v) is type(expected) and v == expected, wanted)


def _names(v: object) -> bool:
    return isinstance(v, list) and len(v) == 2 and all(check_name(x) == x for x in v)


def _dicts(v: object) -> bool:
    return isinstance(v, list) and all(isinstance(x, dict) for x in v)


TOP = {"format": _is(FORMAT, "a Card Duels save"),
       "version": _is(VERSION, f"version {VERSION} (saved by another version of the app)"),
       "saved_at": number(0, 1e11, "a time"),
       "session": Rule(lambda v: isinstance(v, dict), "a record")}
SESSION = {"game": choice(tuple(rules.GAMES)),
           "mode": choice(tuple(SEATS)),
           "names": Rule(_names, "two names"),
           "seats": Rule(lambda v: isinstance(v, list), "a list of seats"),
           "bot_level": whole(1, 3),
           "match": Rule(lambda v: isinstance(v, dict), "a record")}
MATCH = {"format": _is(MATCH_FORMAT, "a Card Duels game"),
         "version": _is(MATCH_VERSION, f"version {MATCH_VERSION}"),
         "game": choice(tuple(rules.GAMES)),
         "setup": Rule(lambda v: isinstance(v, dict), "a record"),
         "actions": Rule(_dicts, "a list of moves"),
         "cursor": Rule(is_int, "a whole number")}
SEED = whole(0, SEED_LIMIT - 1, f"a whole number from 0 to {SEED_LIMIT - 1}")


def check_save(data: object) -> dict[str, Any]:
    """The session record of a save file's JSON, every value checked; Bad says what is wrong."""
    top = record(data, TOP, "the save")
    session = record(top["session"], SESSION, "the saved game")
    if session["seats"] != SEATS[session["mode"]]:
        raise Bad(f"the seats do not fit a {session['mode']} game")
    match = record(session["match"], MATCH, "the saved moves")
    game = session["game"]
    if match["game"] != game:
        raise Bad("the game does not match its moves")
    spec = rules.spec(game)
    longest = spec.max_actions
    if len(match["actions"]) > longest:
        raise Bad(f"more moves than any game has ({len(match['actions'])} > {longest})")
    if not 0 <= match["cursor"] <= len(match["actions"]):
        raise Bad("the current move lies outside the moves")
    _check_setup(match["setup"], spec.new_game)
    return session


def _check_setup(setup: Mapping[str, object], new_game: Callable[..., object]) -> None:
    """The setup's keys are the game's own (``new_game``'s parameters: it checks their values as it deals); the
    seed, which every game reads alike, is checked here."""
    import inspect

    known = set(inspect.signature(new_game).parameters)
    if not set(setup) <= known:
        raise Bad(f"the setup holds {', '.join(sorted(set(setup) - known))}, which this game does not know")
    if "seed" in setup:
        try:
            SEED(setup["seed"])
        except Bad as exc:
            raise Bad(f"the seed must be {exc}") from None
