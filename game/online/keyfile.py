"""This app's identity for online play: an Ed25519 key pair made on first online use and kept in the data folder,
and the recovery code that carries it to another device (the server's side is game/online/identity.py).

The file holds the 32-byte private seed (base64 in JSON, readable by its owner only, as ``atomic_write`` makes
every file); it is read with ``json`` and checked, and a damaged one is set aside, never trusted. The recovery code
is the seed and a 2-byte check in Crockford's base32 (no I, L, O or U to misread), in groups of five.
"""
from __future__ import annotations

import binascii
import hashlib
import json
import logging
import os
from pathlib import Path

from game.online.identity import b64, player_id, signed_text, unb64
from game.paths import atomic_write, user_data_dir

log = logging.getLogger("carduels.online")

FILE_NAME = "online-identity.json"
VERSION = 1
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base32
_READ_AS = {"O": "0", "I": "1", "L": "1"}  # letters a person may type for a digit
CODE_CHARS = 55  # 34 bytes (the seed and its check) in 5-bit symbols


class Keys:
    """A private key: signs challenges; its public half and id are what a server knows of it."""

    def __init__(self, seed: bytes) -> None:
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey  # noqa: PLC0415
        from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat  # noqa: PLC0415

        if len(seed) != 32:
            raise ValueError("a key is 32 bytes")
        self.seed = seed
        self._key = Ed25519PrivateKey.from_private_bytes(seed)
        self.public = b64(self._key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw))

    @classmethod
    def make(cls) -> Keys:
        return cls(os.urandom(32))

    @property
    def player(self) -> str:
        return player_id(self.public)

    def sign(self, nonce: str, name: str) -> str:
        return b64(self._key.sign(signed_text(nonce, name)))

    def recovery_code(self) -> str:
        number = int.from_bytes(self.seed + _check(self.seed), "big")
        symbols = "".join(ALPHABET[(number >> (5 * i)) & 31] for i in range(CODE_CHARS - 1, -1, -1))
        return " ".join(symbols[i:i + 5] for i in range(0, CODE_CHARS, 5))

    @classmethod
    def from_recovery_code(cls, text: str) -> Keys:
        """The keys a recovery code carries, or ValueError when it is mistyped (the check catches a wrong symbol)."""
        symbols = "".join(_READ_AS.get(ch, ch) for ch in text.upper() if ch not in " -\t\n")
        if len(symbols) != CODE_CHARS or any(ch not in ALPHABET for ch in symbols):
            raise ValueError(f"a recovery code has {CODE_CHARS} letters and digits")
        number = 0
        for ch in symbols:
            number = number * 32 + ALPHABET.index(ch)
        if number >> (34 * 8):
            raise ValueError("this is not a recovery code")
        raw = number.to_bytes(34, "big")
        if _check(raw[:32]) != raw[32:]:
            raise ValueError("a letter of the recovery code is wrong")
        return cls(raw[:32])


def _check(seed: bytes) -> bytes:
    return hashlib.sha256(b"card-duels recovery\n" + seed).digest()[:2]


class KeyFile:
    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else user_data_dir() / FILE_NAME
        self.problem = ""  # why the last load refused the file (for the log and the tests)

    def load(self) -> Keys | None:
        self.problem = ""
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError) as exc:
            self.problem = f"unreadable: {exc}"
            return None
        try:
            data: object = json.loads(text)
            if not isinstance(data, dict) or data.get("version") != VERSION or not isinstance(data.get("seed"), str):
                raise ValueError("not an identity of this version")
            return Keys(unb64(data["seed"]))
        except (ValueError, binascii.Error, RecursionError) as exc:
            self.problem = f"damaged: {exc}"
            self._set_aside()
            return None

    def load_or_make(self) -> Keys:
        """The app's keys, made on first use. Two apps starting at once on one data folder end up with one key:
        each reads back what was written last."""
        keys = self.load()
        if keys is not None:
            return keys
        self.save(Keys.make())
        return self.load() or Keys.make()  # a disk that keeps nothing: an identity for this run only

    def save(self, keys: Keys) -> None:
        try:
            atomic_write(self.path, json.dumps({"version": VERSION, "seed": b64(keys.seed)}))
        except OSError as exc:
            log.warning("could not keep the online identity: %s", exc)

    def _set_aside(self) -> None:
        log.warning("online identity file %s refused (%s)", self.path, self.problem)
        try:
            os.replace(self.path, self.path.with_name(self.path.name + ".damaged"))
        except OSError as exc:
            log.warning("could not set the damaged identity aside: %s", exc)
