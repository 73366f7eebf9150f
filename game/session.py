"""A game being played: the match (history) plus who sits where and their names."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import rules
from game.names_check import check_name
from rules.match import Match
from rules.replay import decode, encode, read

MODES = ("hotseat", "computer", "demo", "online")


@dataclass
class Session:
    game_id: str
    mode: str
    names: list[str]
    match: Match
    bot_level: int = 2
    seats: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"unknown mode {self.mode!r}")
        if not self.seats:
            self.seats = {"hotseat": ["human", "human"], "computer": ["human", "bot"],
                          "demo": ["bot", "bot"], "online": ["human", "remote"]}[self.mode]
        if not isinstance(self.names, list) or len(self.names) != 2:
            raise ValueError("two player names are needed")
        self.names = [check_name(n) for n in self.names]  # a save or the network may hold anything

    @classmethod
    def new(cls, game_id: str, mode: str, names: list[str], seed: int, bot_level: int = 2) -> Session:
        setup: dict[str, object] = {"seed": seed}
        if mode == "computer":
            setup.update(rules.spec(game_id).vs_computer)
        return cls(game_id, mode, list(names), Match(game_id, setup), bot_level)

    @classmethod
    def from_replay(cls, code: str, names: list[str]) -> Session:
        """The game of a replay code, computer against computer, at its last recorded move."""
        return cls((match := decode(code)).game_id, "demo", list(names), match)

    @classmethod
    def watching(cls, code: str, t: Callable[..., str]) -> Session:
        """The game of a replay code, its seats named for who played them (``replay_names``)."""
        match, computers = read(code)
        return cls(match.game_id, "demo", replay_names(t, computers), match)

    def replay_code(self) -> str | None:
        """This game as a replay code (saying which seats the computer played); an online game has one once the
        server's reveal checked out."""
        match = self.match if isinstance(self.match, Match) else getattr(self.match, "replayed", None)
        bots = tuple(seat for seat, kind in enumerate(self.seats) if kind == "bot")
        return encode(match, computers=bots) if match is not None else None

    def is_human(self, seat: int) -> bool:
        return self.seats[seat] == "human"

    @property
    def humans(self) -> list[int]:
        return [i for i, kind in enumerate(self.seats) if kind == "human"]

    @property
    def seed(self) -> int | None:
        seed = self.match.setup.get("seed")  # a setup's seed is a whole number (checked where it is read)
        return seed if isinstance(seed, int) else None

    def to_json(self) -> dict[str, object]:
        return {"game": self.game_id, "mode": self.mode, "names": self.names, "seats": self.seats,
                "bot_level": self.bot_level, "match": self.match.to_json()}

    @classmethod
    def from_json(cls, data: object) -> Session:
        if not isinstance(data, dict):
            raise ValueError("not a saved game")
        match = Match.from_json(data.get("match"))
        names, seats, level = data.get("names"), data.get("seats"), data.get("bot_level", 2)
        if not isinstance(names, list) or not isinstance(seats, list) or len(seats) != 2 \
                or any(s not in ("human", "bot") for s in seats) or not isinstance(level, int):
            raise ValueError("damaged player list")
        if data.get("game") != match.game_id:
            raise ValueError("the game does not match its moves")
        return cls(match.game_id, str(data.get("mode")), names, match, level, seats)


def replay_names(t: Callable[..., str], computers: tuple[int, ...] | None) -> list[str]:
    """Who sat where in a recorded game, as far as its code says (a code carries no names): the computer by that
    name, a person as Player 1 or 2."""
    computer = t("names.computer")
    if computers is not None and set(computers) == {0, 1}:
        return [computer + " A", computer + " B"]
    return [computer if computers and seat in computers else t("names.player", n=seat + 1) for seat in (0, 1)]
