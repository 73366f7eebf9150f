"""The gateway's hot path: messages encoded by orjson (the standard library for what it refuses), each
observation and each snapshot's log built once per position."""
from __future__ import annotations

import json

from game.online.protocol import message
from game.online.server import encode
from game.online.table import Table


def test_messages_encode_to_the_same_json_and_odd_strings_still_go_out():
    msg = message("state", code="K7Q2MF", names=["Ann", "Олена"], obs={"hand": ["7H", "TD"], "score": [1.5, None]},
                  events=[[3, {"type": "kombi.draw", "seat": 0}]], connected=[True, False], result=None)
    data = encode(msg)
    assert isinstance(data, bytes) and json.loads(data) == msg
    assert "Олена".encode() in data  # UTF-8 as it is: no escapes to grow the frame
    odd = message("error", code="bad_field", message="unexpected field '\ud800x'", ref=None)
    assert json.loads(encode(odd)) == odd  # orjson refuses a lone surrogate; the ASCII escapes carry it
    assert json.loads(encode({"v": 1, "by_seat": {0: "a", 1: "b"}})) == {"v": 1, "by_seat": {"0": "a", "1": "b"}}


def test_observations_and_the_log_are_built_once_per_position(monkeypatch):
    table = Table("K7Q2MF", "kombi", 7, "Ann", 0.0)
    table.join("Ben")
    state_type = type(table.match.state)
    seen: list[int] = []
    replays: list[int] = []
    real_observe, real_replay = state_type.observe, type(table.match)._replay
    monkeypatch.setattr(state_type, "observe", lambda self, seat: (seen.append(seat), real_observe(self, seat))[1])
    monkeypatch.setattr(type(table.match), "_replay",
                        lambda self, limit: (replays.append(limit), real_replay(self, limit))[1])
    for _ in range(2):  # e.g. the join's snapshots, then a sync of each player
        for seat in (0, 1):
            assert table.state_message(seat, 0, full=True)["obs"] == real_observe(table.match.state, seat)
    assert sorted(seen) == [0, 1] and len(replays) == 1
    mover = table.match.state.to_move
    table.act(mover, table.count, table.match.state.legal_actions()[0].to_json())
    seen.clear()
    for seat in (0, 1):
        table.state_message(seat, 0, full=False)
        table.state_message(seat, 0, full=True)
    assert sorted(seen) == [0, 1] and len(replays) == 2  # a new position: built again, once
