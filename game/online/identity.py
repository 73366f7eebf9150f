"""Who a player is, without a password: the proof a connection gives and the names bound to keys (server side).

The app keeps an Ed25519 private key in its data folder (game/online/keyfile.py); a server keeps only the public
key and the name bound to it, in the store's ``players`` table (created with the store's own schema). A connection
asks for a challenge (32 random bytes, good for one proof on that connection only), signs it together with the
name it plays under, and sends the public key, the signature and the name. So a recorded proof cannot be replayed
(any other connection has another challenge, and this one's is spent), a signature cannot be made without the key,
and a name once claimed is refused to every other connection, on any gateway and after restarts: the claim is in
the store (its table: game/online/players.py). A connection that never proves anything plays as before, under any
name nobody has claimed.
"""
from __future__ import annotations

import asyncio
import base64
import binascii
import hashlib
import logging
import secrets
import time
import weakref
from collections.abc import Awaitable, Callable
from functools import partial
from typing import TYPE_CHECKING, NamedTuple

from game.online import protocol
from game.online.messages import ClientMsg
from game.online.protocol import ProtocolError

if TYPE_CHECKING:
    from game.online.limits import Conn
    from game.online.parts import GatewayParts
    from game.online.store import Db, Store
else:
    GatewayParts = object  # a base for the type checker only: server.GameServer supplies every member

log = logging.getLogger("carduels.online")

CONTEXT = b"card-duels identity 1\n"  # what a signature is for: never valid as a signature of anything else


# --- the proof, on both sides -------------------------------------------------------------------------------
def b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def signed_text(nonce: str, name: str) -> bytes:
    """What the key signs: the challenge and the name claimed with it."""
    return CONTEXT + nonce.encode("ascii") + b"\n" + name.encode("utf-8")


def player_id(key: str) -> str:
    """A player's lasting id: a hash of the public key (the same on every gateway, after every restart)."""
    return hashlib.sha256(unb64(key)).hexdigest()[:32]


def verify(key: str, sig: str, nonce: str, name: str) -> bool:
    from cryptography.exceptions import InvalidSignature  # noqa: PLC0415 - only a server checking a proof
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey  # noqa: PLC0415

    try:
        Ed25519PublicKey.from_public_bytes(unb64(key)).verify(unb64(sig), signed_text(nonce, name))
    except (InvalidSignature, ValueError, binascii.Error):
        return False
    return True


def fold(name: str) -> str:
    """Names are claimed regardless of case: "ann" is Ann's too."""
    return name.casefold()


# --- the store's side ----------------------------------------------------------------------------------------
def owner_of(db: Db, folded: str) -> str | None:
    row = db.one("SELECT id FROM players WHERE folded = ?", (folded,))
    return None if row is None else str(row[0])


def claim(db: Db, player: str, key: str, name: str, now: float) -> str | None:
    """Bind ``name`` to ``player`` (a new player is kept with its public key; a known one changes name and frees
    its old one). Returns the id of another player who holds the name, and then changes nothing."""
    owner = owner_of(db, fold(name))
    if owner is not None and owner != player:
        return owner
    if db.one("SELECT id FROM players WHERE id = ?", (player,)) is None:
        db.run("INSERT INTO players (id, pubkey, name, folded, created, seen) VALUES (?, ?, ?, ?, ?, ?)",
               (player, key, name, fold(name), now, now))
    else:
        db.run("UPDATE players SET name = ?, folded = ?, seen = ? WHERE id = ?", (name, fold(name), now, player))
    return None


class Proven(NamedTuple):
    player: str
    name: str


class Identities:
    """The gateway's side: one challenge per connection, who each connection proved to be, and the names it
    knows to be claimed (a claim is never undone behind a gateway's back, so a known claim needs no store)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.nonces: weakref.WeakKeyDictionary[Conn, str] = weakref.WeakKeyDictionary()
        self.proven: weakref.WeakKeyDictionary[Conn, Proven] = weakref.WeakKeyDictionary()
        self.claimed: dict[str, str] = {}  # folded name -> the player holding it

    def challenge(self, conn: Conn) -> str:
        nonce = b64(secrets.token_bytes(32))
        self.nonces[conn] = nonce
        return nonce

    async def prove(self, conn: Conn, key: str, sig: str, name: str) -> Proven:
        nonce = self.nonces.pop(conn, None)  # spent, whether the proof holds or not
        if nonce is None or not verify(key, sig, nonce, name):
            raise ProtocolError("bad_proof", "the proof does not answer this connection's challenge")
        player = player_id(key)
        try:
            owner = await asyncio.to_thread(self.store.run, partial(claim, player=player, key=key, name=name,
                                                                     now=time.time()))
        except Exception:  # two gateways claimed the name at once: the store's unique index let one through
            owner = await asyncio.to_thread(self.store.read, partial(owner_of, folded=fold(name)))
            if owner is None or owner == player:
                raise
        if owner is not None:
            self.claimed[fold(name)] = owner
            raise ProtocolError("name_taken", "another player plays under this name")
        self.claimed[fold(name)] = player
        proven = self.proven[conn] = Proven(player, name)
        return proven

    def settled(self, conn: Conn, msg: ClientMsg) -> bool:
        """Whether a message may go on at once: it names nobody, or its connection proved who it is (and then it
        plays under its own name, whatever it wrote). A name known to be claimed is refused here."""
        if "name" not in msg or msg["type"] == "prove":  # a proof vouches for its own name
            return True
        proven = self.proven.get(conn)
        if proven is not None:
            msg["name"] = proven.name
            return True
        if fold(msg["name"]) in self.claimed:
            raise ProtocolError("name_taken", "another player plays under this name; prove who you are to use it")
        return False

    async def vetted(self, msg: ClientMsg, then: Callable[[], Awaitable[None] | None]) -> None:
        """A name used without a proof: asks the store whether anyone claimed it (on another gateway, or before a
        restart), then goes on with ``then``."""
        owner = await asyncio.to_thread(self.store.read, partial(owner_of, folded=fold(msg["name"])))
        if owner is not None:
            self.claimed[fold(msg["name"])] = owner
            raise ProtocolError("name_taken", "another player plays under this name; prove who you are to use it")
        out = then()
        if out is not None:
            await out


class Identifying(GatewayParts):
    """The messages ``challenge`` and ``prove`` (a part of ``GameServer``)."""

    identities: Identities

    def _on_challenge(self, conn: Conn, msg: ClientMsg, now: float) -> None:
        self.send(conn, protocol.message("challenge", nonce=self.identities.challenge(conn)))

    def _on_prove(self, conn: Conn, msg: ClientMsg, now: float) -> Awaitable[None]:
        return self._proved(conn, msg)

    async def _proved(self, conn: Conn, msg: ClientMsg) -> None:
        proven = await self.identities.prove(conn, msg["key"], msg["sig"], msg["name"])
        log.info("player %s proved its key (as %s)", proven.player[:8], proven.name)
        self.send(conn, protocol.message("identified", player=proven.player, name=proven.name))
