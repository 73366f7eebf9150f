"""No hidden card is ever drawn face up for the wrong seat: every registered game, in every way a table shows it
(two at one screen behind covers, face to face, against the computer, a replay being watched).

A table draws ``Match.view``: the public view unless the seat's own player holds the device. After every move and
every hand-off, the faces each table draws are held to what the seat it shows for may see (nobody's private
cards while the device is between players)."""
from __future__ import annotations

import random

import pytest

import rules
from game.session import Session
from game.tables.facing import open_facing
from game.tables.replay import open_replay
from rules.core import GameState
from rules.match import Match
from tools.driver import frames, make_app, settle, tap

GAME_IDS = sorted(rules.GAMES)
MOVES = 40


def may_see(table, state: GameState) -> set[str]:
    """Cards this table must not draw face up now."""
    seat = table.revealed_for
    if seat is not None and seat == table.view_seat and not (state.is_over and table.session.mode == "hotseat"):
        return state.hidden_from(seat)
    return state.hidden_from(0) | state.hidden_from(1)


def check(tables: list, state: GameState) -> int:
    faces = 0
    for table in tables:
        drawn = table.cards.faces_drawn
        wrong = drawn & may_see(table, state)
        assert not wrong, f"{type(table).__name__} for seat {table.revealed_for} draws {sorted(wrong)}"
        faces += len(drawn)
    return faces


def confirm_cover(app) -> None:
    top = app.stack.top
    if top.name == "cover":
        top.confirm()
        settle(app)


def drive(app, session: Session, tables: list, seed: int) -> int:
    """Random moves by whoever is to move (the humans through their table's door, the computer by itself);
    checks every table after each. Returns how many faces were drawn in all (so the check saw cards)."""
    rng, faces = random.Random(seed), 0
    for _ in range(MOVES):
        settle(app)
        faces += check(tables, session.match.state)
        confirm_cover(app)
        faces += check(tables, session.match.state)
        state = session.match.state
        if state.is_over:
            break
        seat = state.to_move
        holder = [t for t in tables if t.view_seat == seat and t.revealed_for == seat]
        if session.is_human(seat) and holder:
            assert holder[0].submit(rng.choice(state.legal_actions()))
        else:  # the computer's move, or a hand-off still on its way
            frames(app, 20)
    return faces


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_hotseat_behind_the_covers(game_id: str) -> None:
    app = make_app()
    session = Session.new(game_id, "hotseat", ["Ann", "Ben"], 21)
    table = app.open_table(session)
    app.stack.reset(table)
    assert drive(app, session, [table], 21) > 0


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_face_to_face_each_half_for_its_own_player(game_id: str) -> None:
    app = make_app()
    session = Session.new(game_id, "hotseat", ["Ann", "Ben"], 22)
    f2f = open_facing(app, session)
    app.stack.reset(f2f)
    assert drive(app, session, list(f2f.bands), 22) > 0


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_against_the_computer(game_id: str) -> None:
    app = make_app()
    session = Session.new(game_id, "computer", ["Ann", "Computer"], 23, bot_level=1)
    table = app.open_table(session)
    app.stack.reset(table)
    assert drive(app, session, [table], 23) > 0


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_watching_a_replay(game_id: str) -> None:
    rng = random.Random(24)
    recording = Match(game_id, {"seed": 24})
    for _ in range(MOVES):
        if recording.state.is_over:
            break
        recording.play(rng.choice(recording.state.legal_actions()))
    app = make_app()
    table = open_replay(app, recording, ["Ann", "Ben"])
    app.stack.reset(table)
    settle(app)
    tap(app, next(b for b in table.buttons.buttons if b.id == "rp:play").rect.center)
    faces = 0
    for _ in range(MOVES):
        frames(app, 40)
        faces += check([table], table.match.state)
    assert faces > 0


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_online_each_client_draws_its_own_seat_only(game_id: str) -> None:
    """An app at an online table, against a second client: its table never draws a card the server's state hides
    from its seat (the server sends each client its own observation only). Each drawing is held to the server's
    state of the same move count, the one the table was told of: the server's latest may be a move further on (the
    other player's move, already played, not yet arrived), where a card the table rightly still shows (its hand
    before the next deal, the pile before a pick-up) is hidden."""
    from game.online.hosting import ServerThread
    from game.online.play import online_table
    from tests.test_online_client import FAST, Side, until

    server = ServerThread("127.0.0.1", 0, FAST, seeds=lambda: 25).start()
    try:
        ann, ben = Side(server.url), Side(server.url)
        until(ann.connected)
        until(ben.connected)
        ann.client.send("create", game=game_id, name="Ann")
        until(lambda: ann.match is not None, step=ann.pump)
        ben.client.send("join", code=ann.client.code, name="Ben")
        until(lambda: ann.match.started and ben.match is not None and ben.match.started,
              step=lambda: (ann.pump(), ben.pump()))
        app = make_app()
        remote = ann.match
        seats = ["remote", "remote"]
        seats[remote.seat] = "human"
        session = Session(game_id, "online", ["Ann", "Ben"], remote, 1, seats)  # type: ignore[arg-type]  # a RemoteMatch stands in
        table = online_table(app, session, ann.client)
        app.stack.reset(table)
        rng, faces = random.Random(25), 0
        for _ in range(MOVES):
            settle(app)
            ben.pump()
            served = next(iter(server.server.tables.values())).match  # its seed and actions (the server's thread
            count = table.match.cursor  # only ever appends to them)
            truth = Match(game_id, {"seed": served.seed}, served.actions[:count]).state
            told = {k: v for k, v in table.match.state.obs.items() if k != "legal"}
            assert told == {k: v for k, v in truth.observe(remote.seat).items() if k != "legal"}, count
            wrong = table.cards.faces_drawn & truth.hidden_from(remote.seat)
            assert not wrong, f"the online table draws {sorted(wrong)} after move {count}"
            faces += len(table.cards.faces_drawn)
            if served.state.is_over:
                break
            if table.my_turn and not table.match.waiting:  # not while its last move is on its way
                table.submit(rng.choice(table.match.state.legal_actions()))
            elif not ben.match.waiting:
                ben.match.play(rng.choice(ben.match.state.legal_actions()))
            frames(app, 5)
        assert faces > 0
    finally:
        server.stop()
