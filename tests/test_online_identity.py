"""Who a player is, without a password: the app's key pair, a fresh challenge per connection, a name bound to the
key on every gateway and after restarts, and nobody acting as another (a stolen name, a replayed proof, a forged
signature or token are refused). The recovery code carries the identity to another device."""
from __future__ import annotations

import json
import os

import pytest

from game.online import protocol
from game.online.client import OnlineClient
from game.online.hosting import ServerThread
from game.online.identity import player_id
from game.online.keyfile import CODE_CHARS, KeyFile, Keys
from game.online.stores import open_store
from game.paths import user_data_dir
from tests.test_online_client import FAST, Side, until
from tests.test_online_meet_app import find, open_online
from tools.driver import frames, make_app, tap


class Raw:
    """A hand-driven connection: sends exactly what it is told and keeps every answer."""

    def __init__(self, url: str) -> None:
        self.client = OnlineClient(url).start()
        self.seen: list[dict] = []
        until(lambda: self.pump() or self.client.connected)

    def pump(self) -> bool:
        self.seen += [m for m in self.client.poll() if m["type"] != "_status"]
        return False

    def ask(self, kind: str, want=("challenge", "identified", "error", "seated"), **fields) -> dict:
        """Send a message and wait for the server's answer to it."""
        before = len(self.seen)
        self.client.send(kind, **fields)
        until(lambda: self.pump() or any(m["type"] in want for m in self.seen[before:]))
        return next(m for m in self.seen[before:] if m["type"] in want)

    def prove(self, keys: Keys, name: str, nonce: str | None = None) -> dict:
        if nonce is None:
            nonce = self.ask("challenge")["nonce"]
        return self.ask("prove", key=keys.public, sig=keys.sign(nonce, name), name=name)

    def close(self) -> None:
        self.client.close(wait=1.0)


@pytest.fixture
def server():
    srv = ServerThread("127.0.0.1", 0, FAST).start()
    yield srv
    srv.stop()


def test_the_app_makes_a_key_on_first_online_use_and_the_server_keeps_only_the_public_half(server):
    path = user_data_dir() / "online-identity.json"
    assert not path.exists()
    app = make_app()
    form = open_online(app)
    form.fields["server"].text, form.fields["name"].text = server.url, "Ann"
    tap(app, find(app, "host").center)
    lobby = app.stack.top
    until(lambda: lobby.match is not None, step=lambda: frames(app))
    keys = KeyFile().load()
    assert keys is not None and oct(path.stat().st_mode & 0o777) == "0o600"  # the owner's alone
    assert lobby.client.player == keys.player == player_id(keys.public)
    rows = server.server.store.read(lambda db: db.rows("SELECT id, pubkey, name FROM players"))
    assert rows == [(keys.player, keys.public, "Ann")]
    seed = json.loads(path.read_text())["seed"]
    assert seed not in repr(rows)  # the private seed never leaves the data folder
    lobby.client.close(wait=1.0)


def test_a_stolen_name_is_refused(server):
    ann = Raw(server.url)
    assert ann.prove(Keys.make(), "Ann")["type"] == "identified"
    mallory = Raw(server.url)
    for name in ("Ann", "ANN", "  ann "):  # without a proof, in any case and spacing
        refused = mallory.ask("create", game="kombi", name=name)
        assert (refused["type"], refused["code"]) == ("error", "name_taken")
    assert mallory.prove(Keys.make(), "Ann")["code"] == "name_taken"  # with a key of her own
    seated = mallory.ask("create", game="kombi", name="Mallory")  # her own name is hers to use
    assert seated["type"] == "seated" and seated["names"][0] == "Mallory"
    lied = ann.ask("create", game="kombi", name="Mallory")  # a proven player plays under its own name only
    assert lied["type"] == "seated" and lied["names"][0] == "Ann"
    for c in (ann, mallory):
        c.close()


def test_a_replayed_proof_is_refused(server):
    keys = Keys.make()
    ann = Raw(server.url)
    nonce = ann.ask("challenge")["nonce"]
    proof = {"key": keys.public, "sig": keys.sign(nonce, "Ann"), "name": "Ann"}
    assert ann.ask("prove", **proof)["type"] == "identified"
    assert ann.ask("prove", **proof)["code"] == "bad_proof"  # the challenge is spent
    eve = Raw(server.url)
    assert eve.ask("prove", **proof)["code"] == "bad_proof"  # no challenge of her own yet
    assert eve.ask("challenge")["nonce"] != nonce  # a fresh one for each connection
    assert eve.ask("prove", **proof)["code"] == "bad_proof"  # an answer to Ann's challenge, not hers
    assert eve.ask("create", game="kombi", name="Ann")["code"] == "name_taken"
    for c in (ann, eve):
        c.close()


def test_a_forged_signature_or_token_is_refused(server):
    keys, other = Keys.make(), Keys.make()
    eve = Raw(server.url)
    nonce = eve.ask("challenge")["nonce"]
    forged = eve.ask("prove", key=keys.public, sig=other.sign(nonce, "Ann"), name="Ann")  # signed by another key
    assert forged["code"] == "bad_proof"
    nonce = eve.ask("challenge")["nonce"]
    bent = eve.ask("prove", key=keys.public, sig=keys.sign(nonce, "Eve"), name="Ann")  # signed for another name
    assert bent["code"] == "bad_proof"
    nonce = eve.ask("challenge")["nonce"]
    assert eve.ask("prove", key=keys.public, sig="A" * 86, name="Ann")["code"] == "bad_proof"
    with pytest.raises(protocol.ProtocolError):
        protocol.client_message("prove", key="short", sig="A" * 86, name="Ann")
    ann = Raw(server.url)
    assert ann.prove(keys, "Ann")["type"] == "identified"
    code = ann.ask("create", game="kombi", name="Ann")["code"]
    stolen = eve.ask("resume", code=code, token="A" * 32)  # a made-up seat token
    assert (stolen["type"], stolen["code"]) == ("error", "bad_token")
    for c in (ann, eve):
        c.close()


def test_a_player_may_change_name_and_the_old_one_is_free_again(server):
    keys = Keys.make()
    ann = Raw(server.url)
    assert ann.prove(keys, "Ann")["type"] == "identified"
    again = Raw(server.url)
    renamed = again.prove(keys, "Anna")
    assert renamed["type"] == "identified" and renamed["player"] == keys.player
    other = Raw(server.url)
    assert other.prove(Keys.make(), "Ann")["type"] == "identified"
    for c in (ann, again, other):
        c.close()


def test_the_same_player_is_known_on_every_gateway_and_after_a_restart(store_url):
    keys = Keys.make()
    one = ServerThread("127.0.0.1", 0, FAST, store=open_store(store_url, "normal")).start()
    two = ServerThread("127.0.0.1", 0, FAST, store=open_store(store_url, "normal")).start()
    try:
        a = Raw(one.url)
        assert a.prove(keys, "Ann")["player"] == keys.player
        mallory = Raw(two.url)  # the other gateway never saw Ann: it asks the store
        assert mallory.ask("create", game="kombi", name="Ann")["code"] == "name_taken"
        b = Raw(two.url)
        assert b.prove(keys, "Ann")["player"] == keys.player
        for c in (a, mallory, b):
            c.close()
    finally:
        for s in (one, two):
            store = s.server.store
            s.stop()
            store.close()
    again = ServerThread("127.0.0.1", 0, FAST, store=open_store(store_url, "normal")).start()
    try:
        mallory = Raw(again.url)
        assert mallory.ask("quick", game="kombi", name="ann")["code"] == "name_taken"
        ann = Raw(again.url)
        assert ann.prove(keys, "Ann")["player"] == keys.player
        for c in (mallory, ann):
            c.close()
    finally:
        store = again.server.store
        again.stop()
        store.close()


def test_the_recovery_code_moves_the_identity_to_another_device(server, tmp_path):
    keys = KeyFile().load_or_make()
    code = keys.recovery_code()
    assert len(code.replace(" ", "")) == CODE_CHARS and all(len(g) <= 5 for g in code.split())
    moved = Keys.from_recovery_code(code.lower().replace(" ", "-").replace("0", "o"))  # as a person may type it
    assert moved.public == keys.public
    wrong = code[:7] + ("X" if code[7] != "X" else "Y") + code[8:]
    with pytest.raises(ValueError):
        Keys.from_recovery_code(wrong)
    with pytest.raises(ValueError):
        Keys.from_recovery_code(code[:-2])
    elsewhere = KeyFile(tmp_path / "other-device" / "online-identity.json")  # another device's data folder
    elsewhere.save(Keys.from_recovery_code(code))
    ann = Raw(server.url)
    assert ann.prove(keys, "Ann")["type"] == "identified"
    there = Raw(server.url)
    loaded = elsewhere.load()
    assert loaded is not None and there.prove(loaded, "Ann")["player"] == keys.player
    for c in (ann, there):
        c.close()


def test_a_damaged_key_file_is_set_aside_and_a_new_key_made():
    path = user_data_dir() / "online-identity.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"version": 1, "seed": "not base64!"}')
    files = KeyFile()
    keys = files.load_or_make()
    assert files.problem == "" and keys.public and path.with_name(path.name + ".damaged").exists()
    assert KeyFile().load().public == keys.public
    assert os.stat(path).st_mode & 0o077 == 0


def test_an_app_whose_name_is_taken_says_so_in_plain_words(server):
    ann = Raw(server.url)
    assert ann.prove(Keys.make(), "Ann")["type"] == "identified"
    app = make_app()
    form = open_online(app)
    form.fields["server"].text, form.fields["name"].text = server.url, "Ann"
    tap(app, find(app, "host").center)
    lobby = app.stack.top
    until(lambda: lobby.error, step=lambda: frames(app))
    assert lobby.error == app.t("online.error.name_taken") and lobby.match is None
    ann.close()


def test_a_scripted_client_without_a_key_still_plays_under_a_free_name(server):
    side = Side(server.url)
    until(side.connected)
    side.client.send("create", game="kombi", name="Cy")
    until(lambda: side.match is not None, step=side.pump)
    side.client.close(wait=1.0)


def test_the_recovery_code_screen_shows_copies_and_takes_a_code_from_another_device(server):
    app = make_app()
    open_online(app)
    tap(app, find(app, "identity").center)
    screen = app.stack.top
    mine = KeyFile().load()
    assert screen.name == "identity" and mine is not None and screen.keys.public == mine.public
    tap(app, find(app, "copy").center)
    assert app.clipboard == mine.recovery_code()

    screen.field.text = "not a code"
    tap(app, find(app, "use").center)
    assert screen.error == app.t("identity.bad_code") and KeyFile().load().public == mine.public

    other = Keys.make()  # the player's other device
    ann = Raw(server.url)
    assert ann.prove(other, "Ann")["type"] == "identified"
    ann.close()
    screen.field.text = other.recovery_code()
    tap(app, find(app, "use").center)
    assert app.stack.top.name == "confirm"  # this device's own identity would be lost: asked first
    tap(app, find(app, "yes").center)
    frames(app, 2)
    assert app.stack.top is screen and screen.note == app.t("identity.done")
    assert KeyFile().load().public == other.public

    tap(app, find(app, "back").center)
    form = app.stack.top
    form.fields["server"].text, form.fields["name"].text = server.url, "Ann"  # the name is this player's now
    tap(app, find(app, "host").center)
    lobby = app.stack.top
    until(lambda: lobby.match is not None, step=lambda: frames(app), why=lambda: lobby.error)
    assert lobby.client.player == other.player
    lobby.client.close(wait=1.0)
