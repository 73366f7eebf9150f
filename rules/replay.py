"""Replay codes: a whole game (game id, setup, actions) as a short, typeable text with a checksum.

Layout of a code (version 1)::

    "CD1" + base32( payload + crc32(payload) )

``payload`` is: the game id (length byte + ASCII), the setup (a flags byte, then the seed as a varint
and/or the other setup keys as compact JSON, then, when the flags say so, a byte naming the seats the computer
played: bit n for seat n), the number of actions (varint) and the actions packed
as one mixed-radix number: each action is its index in the state's deterministic ``legal_actions()``
list, so a forced move costs nothing and a choice among ``n`` costs ``log2(n)`` bits. Base32 uses
Crockford's alphabet: case does not matter, ``O``/``I``/``L`` are read as ``0``/``1``/``1`` and
spaces or dashes are ignored, so a code survives being read aloud or retyped.

Decoding replays every action through ``apply``; anything wrong raises :class:`ReplayError` (a
``ValueError``) with a one-line reason, and never any other exception. Every bit counts: a code is accepted
only in the one form ``encode`` writes for its game (the last character's unused bits zero, every number in
its shortest form, the setup's JSON as written), so two different codes never decode to the same game. A code
claims at most the game's longest possible game in moves (``GameSpec.max_actions``), so decoding is bounded.
"""
from __future__ import annotations

import base64
import json
import zlib

from rules.core import Action
from rules.match import Match

PREFIX = "CD"
VERSION = 1
_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford: no I L O U
_STD = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
_TO_CODE = str.maketrans(_STD, _ALPHABET)
_FROM_CODE = str.maketrans(_ALPHABET + "OIL", _STD + "ABB")
_HAS_SEED, _HAS_EXTRA, _HAS_SEATS = 1, 2, 4
SEED_LIMIT = 1 << 63  # a seed is a whole number below this (the varint reader stops at 63 bits), saves agree


class ReplayError(ValueError):
    """A code that cannot be played back; the message is one line a player can read."""


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        low, n = n & 0x7F, n >> 7
        out.append(low | (0x80 if n else 0))
        if not n:
            return bytes(out)


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data, self.pos = data, 0

    def take(self, n: int) -> bytes:
        if self.pos + n > len(self.data):
            raise ReplayError("the code is cut short")
        chunk = self.data[self.pos:self.pos + n]
        self.pos += n
        return chunk

    def varint(self) -> int:
        n = shift = 0
        while True:
            b = self.take(1)[0]
            n |= (b & 0x7F) << shift
            shift += 7
            if not b & 0x80:
                return n
            if shift > 63:
                raise ReplayError("the code holds a number that is far too big")

    def rest(self) -> bytes:
        return self.take(len(self.data) - self.pos)


def _pack_actions(match: Match, actions: list[Action]) -> int:
    packed, scale = 0, 1
    for i, action in enumerate(actions):
        legal = match.state_at(i).legal_actions()
        packed += legal.index(action) * scale
        scale *= len(legal)
    return packed


def encode(match: Match, upto: int | None = None, computers: tuple[int, ...] | None = None) -> str:
    """The code of ``match`` up to its cursor (or the first ``upto`` actions); ``computers``, when given, names the
    seats the computer played, so a replay can say who was who."""
    actions = match.actions[: match.cursor if upto is None else upto]
    gid = match.game_id.encode("ascii")
    setup = dict(match.setup)
    seed = setup.pop("seed", None)
    flags = (_HAS_SEED if isinstance(seed, int) and seed >= 0 else 0) | (_HAS_EXTRA if setup else 0)
    if seed is not None and not flags & _HAS_SEED:
        setup["seed"] = seed
        flags |= _HAS_EXTRA
    flags |= _HAS_SEATS if computers is not None else 0
    out = bytearray([len(gid)]) + gid + bytes([flags])
    if flags & _HAS_SEED:
        assert isinstance(seed, int)  # the flag is set for a whole-number seed only
        out += _varint(seed)
    if flags & _HAS_EXTRA:
        extra = json.dumps(setup, sort_keys=True, separators=(",", ":")).encode()
        out += _varint(len(extra)) + extra
    if computers is not None:
        out.append(sum(1 << seat for seat in set(computers)))
    out += _varint(len(actions))
    packed = _pack_actions(match, actions)
    out += packed.to_bytes((packed.bit_length() + 7) // 8, "big")
    body = bytes([VERSION]) + bytes(out)
    raw = body + zlib.crc32(body).to_bytes(4, "big")
    return PREFIX + str(VERSION) + base64.b32encode(raw).decode().rstrip("=").translate(_TO_CODE)


def normalize(code: str) -> str:
    """The code as ``encode`` writes it: no spaces or dashes, upper case, ``O``/``I``/``L`` read as digits."""
    if not isinstance(code, str):
        raise ReplayError("a replay code is text")
    text = "".join(code.split()).replace("-", "").upper()
    return text[:3] + text[3:].translate(str.maketrans("OIL", "011"))


def _unwrap(code: str) -> bytes:
    text = normalize(code)
    if not text.startswith(PREFIX):
        raise ReplayError(f"a replay code starts with {PREFIX}{VERSION}")
    if text[2:3] != str(VERSION):
        raise ReplayError(f"this code was made by another version ({text[2:3] or 'none'}), not {VERSION}")
    body = text[3:]
    bad = sorted(set(body) - set(_ALPHABET + "OIL"))
    if bad:
        raise ReplayError(f"the code contains a character that does not belong: {bad[0]!r}")
    if len(body) % 8 in (1, 3, 6):
        raise ReplayError("the code has the wrong length: a character is missing or extra")
    try:
        raw = base64.b32decode(body.translate(_FROM_CODE) + "=" * (-len(body) % 8))
    except ValueError:
        raise ReplayError("the code has the wrong length: a character is missing or extra") from None
    if len(raw) < 6 or zlib.crc32(raw[:-4]).to_bytes(4, "big") != raw[-4:]:
        raise ReplayError("the code is mistyped: its checksum does not match")
    if base64.b32encode(raw).decode().rstrip("=").translate(_TO_CODE) != body:
        # the last character's bits past the data: b32decode ignores them, the checksum must not
        raise ReplayError("the code is mistyped: its checksum does not match")
    if raw[0] != VERSION:
        raise ReplayError(f"this code was made by another version ({raw[0]}), not {VERSION}")
    return raw[1:-4]


def _setup(r: _Reader) -> tuple[dict[str, object], tuple[int, ...] | None]:
    flags = r.take(1)[0]
    if flags & ~(_HAS_SEED | _HAS_EXTRA | _HAS_SEATS):
        raise ReplayError("the code's setup is damaged")
    setup: dict[str, object] = {}
    if flags & _HAS_SEED:
        setup["seed"] = seed = r.varint()
        if seed >= SEED_LIMIT:
            raise ReplayError("the code's seed is far too big")
    if flags & _HAS_EXTRA:
        try:
            extra = json.loads(r.take(r.varint()).decode())
        except (UnicodeDecodeError, json.JSONDecodeError):
            raise ReplayError("the code's setup is damaged") from None
        if not isinstance(extra, dict) or "seed" in extra:  # a seed is the varint, never among the options
            raise ReplayError("the code's setup is damaged")
        setup.update(extra)
    if not flags & _HAS_SEATS:
        return setup, None
    mask = r.take(1)[0]
    if mask > 3:
        raise ReplayError("the code's seats are damaged")
    return setup, tuple(seat for seat in (0, 1) if mask >> seat & 1)


def _decode(code: str) -> tuple[Match, tuple[int, ...] | None]:
    import rules  # the registry imports match.py's siblings: defer, as match.py does

    r = _Reader(_unwrap(code))
    game_id = r.take(r.take(1)[0]).decode("ascii", errors="replace")
    if game_id not in rules.GAMES:
        raise ReplayError(f"the code names an unknown game ({game_id!r})")
    setup, computers = _setup(r)
    count = r.varint()
    if count > rules.spec(game_id).max_actions:
        raise ReplayError("the code claims more moves than any game has")
    rest = r.rest()
    if rest[:1] == b"\x00":
        raise ReplayError("the code's moves are damaged")
    packed = int.from_bytes(rest, "big")
    try:
        match = Match(game_id, setup)
    except (ValueError, TypeError) as exc:
        raise ReplayError(f"the code's setup is not a game: {exc}") from None
    for i in range(count):
        legal = match.state.legal_actions()
        if not legal:
            raise ReplayError(f"the code has moves after the end of the game (move {i + 1} of {count})")
        packed, index = divmod(packed, len(legal))
        match.play(legal[index])  # the one door validates again
    if packed:
        raise ReplayError("the code's moves are damaged: data is left over")
    return match, computers


def read(code: str) -> tuple[Match, tuple[int, ...] | None]:
    """The match a code describes, every action re-validated, and the seats the computer played (None when the
    code does not say); bad codes raise :class:`ReplayError`."""
    try:
        match, computers = _decode(code)
        if encode(match, computers=computers) != normalize(code):  # e.g. a number written long, the JSON respaced
            raise ReplayError("the code is mistyped: its checksum does not match")
        return match, computers
    except ReplayError:
        raise
    except Exception as exc:  # a damaged code must never crash whoever reads it
        raise ReplayError(f"the code is damaged ({type(exc).__name__})") from None


def decode(code: str) -> Match:
    """The match a code describes (see :func:`read`)."""
    return read(code)[0]


__all__ = ["ReplayError", "decode", "encode", "normalize", "read"]
