"""A hostile server cannot crash the client: every server message is checked before the app reads it."""
from __future__ import annotations

import asyncio
import json

from hypothesis import given, settings
from hypothesis import strategies as st
from websockets.asyncio.server import serve

from game.online import protocol, served
from game.online.client import OnlineClient
from game.online.protocol import ProtocolError
from game.online.remote import RemoteMatch

GOOD_STATE = protocol.message(
    "state", code="K7Q2MF", game="kombi", seat=0, count=1, full=True, obs={"game": "kombi", "to_move": 0,
                                                                                  "legal": [{"kind": "draw"}]},
    events=[[0, {"type": "kombi.draw", "seat": 1}]], names=["Ann", "Ben"], connected=[True, True], status="playing",
    result=None, seed=None, **{"from": 0})

junk = st.recursive(st.none() | st.booleans() | st.integers(-3, 3) | st.text(max_size=6),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                    max_leaves=8)


@settings(max_examples=300, deadline=None)
@given(field=st.sampled_from(sorted(GOOD_STATE)), value=junk)
def test_a_mangled_state_is_refused_or_read_safely(field, value):
    msg = dict(GOOD_STATE, **{field: value})
    try:
        checked = served.decode_server(json.dumps(msg))
    except ProtocolError:
        return
    remote = RemoteMatch("kombi", 0, lambda *a, **k: True)
    remote.feed([checked])  # whatever passed the check, the app's side reads without an exception
    while remote.advance() is not None:
        pass
    remote.state.legal_actions()


def test_names_the_table_could_not_draw_are_refused():
    for names in (["A\x00", "Ben"], ["\ud800", None], ["x" * 500, "Ben"], ["Ann"]):
        with_bad = dict(GOOD_STATE, names=names)
        try:
            served.decode_server(json.dumps(with_bad))
        except ProtocolError as exc:
            assert exc.code == "bad_field"
        else:
            raise AssertionError(names)


def test_the_client_survives_a_hostile_server():
    async def hostile(ws):
        await ws.recv()
        for text in ("{", "[]", json.dumps({"v": 1, "type": "state", "count": -1}), "x" * 70_000,
                     json.dumps(dict(GOOD_STATE, events=[["a", "b"]])), "[" * 100_000,
                     json.dumps(protocol.message("pong", id=1))):
            await ws.send(text)
        await ws.wait_closed()

    async def main():
        async with serve(hostile, "127.0.0.1", 0) as server:
            url = f"ws://127.0.0.1:{server.sockets[0].getsockname()[1]}"
            client = OnlineClient(url).start()
            await asyncio.to_thread(client.wait_for, lambda m: m.get("status") == "connected")
            client.send("ping", id=1)
            pong = await asyncio.to_thread(client.wait_for, lambda m: m["type"] != "_status")
            assert pong["type"] == "pong"  # everything before it was dropped, nothing crashed the thread
            assert client._thread.is_alive()
            client.close(wait=2)

    asyncio.run(main())
