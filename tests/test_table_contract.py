"""The table contract (issue 38, item 3): every registered game's table provides each member of
``TableContract`` from its own package, its geometry names the card size and the message area, and the turn line
is one shared function (game/tables/turnline.py) that no game's package writes again."""
from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import pytest

from game.tables import ENTRIES
from game.tables.protocols import TableContract, TableGeometry
from game.tables.turnline import headlines
from sprites.record import RecordingSurface
from tools.shots import midgame, open_settled

TURN_KEYS = ("table.your_turn", "table.thinking", "table.their_turn")


def _members(protocol: type) -> list[str]:
    """The names a protocol asks for: its annotated attributes and the methods and properties it declares."""
    names = set(protocol.__dict__.get("__annotations__", {}))
    names |= {n for n, v in protocol.__dict__.items()
              if not n.startswith("_") and (inspect.isfunction(v) or isinstance(v, property))}
    return sorted(names)


def _package(game_id: str) -> str:
    """The game's table package: the folder of the module its registry entry's loader lives in."""
    module = importlib.import_module(ENTRIES[game_id].load.__module__)
    return module.__name__ if hasattr(module, "__path__") else module.__name__.rpartition(".")[0]


def _package_files(game_id: str) -> list[Path]:
    module = importlib.import_module(_package(game_id))
    assert module.__file__ is not None
    return sorted(Path(module.__file__).parent.rglob("*.py"))


def test_the_contract_names_what_a_game_must_provide():
    members = _members(TableContract)
    for name in ("geo", "layout", "sprites", "spot_of", "drop_spots", "tap", "describe", "hint_text", "draw_board"):
        assert name in members
    assert _members(TableGeometry) == ["ch", "cw", "message_center", "message_w", "pad"]


@pytest.mark.parametrize("game_id", list(ENTRIES))
def test_every_registered_table_provides_the_contract_from_its_own_package(game_id):
    """The shared base's defaults do not count: each member comes from a class in the game's own package (``geo``
    as the type its class declares)."""
    cls = ENTRIES[game_id].load()
    package = _package(game_id)
    for name in _members(TableContract):
        owners = [k for k in cls.__mro__ if name in k.__dict__ or name in k.__dict__.get("__annotations__", {})]
        assert owners, (game_id, name)
        assert owners[0].__module__.startswith(package + "."), (game_id, name, owners[0].__module__)


@pytest.mark.parametrize("game_id", list(ENTRIES))
def test_every_table_geometry_names_the_card_height_and_the_message_area(game_id):
    from tools.driver import make_app

    app = make_app(size=(1280, 800))
    table = open_settled(app, midgame(game_id, 6))
    geo = table.geo
    for name in _members(TableGeometry):
        assert hasattr(geo, name), (game_id, name)
    assert geo.ch > geo.cw > 0 and 0 < geo.message_w <= table.board.w
    assert table.board.collidepoint(geo.message_center), (game_id, geo.message_center, table.board)


@pytest.mark.parametrize("game_id", list(ENTRIES))
def test_no_game_package_writes_its_own_turn_line(game_id):
    """Whose turn it is is said by the shared turn line only: no game's package names the headline keys, sets
    the status panel's rect or defines a status-drawing function of its own."""
    for path in _package_files(game_id):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                assert node.value not in TURN_KEYS, (path, node.lineno, node.value)
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                assert node.attr != "status_rect", (path, node.lineno)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                bare = node.name.lstrip("_").removeprefix("draw_")
                assert bare not in ("status", "turn_line", "status_line", "status_lines"), (path, node.name)


def _status_texts(app, table) -> list[str]:
    rec = RecordingSurface(app.size, app.fonts)
    table.draw(rec)
    status = table.status_rect
    assert status is not None and status.w > 0 and status.h > 0, table.game_id
    return [text for rect, text, _, _ in rec.texts if status.contains(rect)]


@pytest.mark.parametrize("game_id", list(ENTRIES))
def test_every_turn_line_stands_on_the_status_panel_it_reports(game_id):
    """Mid-game, each table's turn line is drawn on one panel whose rect the table reports (a toast covers all of
    it); it says the game's words for one's own turn, and the shared words while the seat to move is hidden."""
    from tools.driver import make_app

    app = make_app(size=(1280, 800))
    table = open_settled(app, midgame(game_id, 6))
    assert table.my_turn
    assert _status_texts(app, table), game_id
    seat = table.match.state.to_move
    _, _, theirs = headlines(table.t, table.seat_name(seat))
    table.revealed_for = None  # as under the hotseat cover: not one's own turn on this device
    assert not table.my_turn
    assert theirs in _status_texts(app, table), game_id


def test_the_turn_lines_further_parts_give_way_from_the_end_where_the_line_is_short():
    """One's own turn at a Kombi-Duell table says the actions left and the choices after the headline while the
    message area holds them at the type scale's floor; on a narrow one they go, the last first, never the
    headline."""
    import pygame

    from game.tables.turnline import SEPARATOR, TurnWords, turn_lines
    from tools.driver import make_app

    app = make_app(size=(1280, 800))
    table = open_settled(app, midgame("kombi", 2))
    assert table.my_turn
    yours = headlines(table.t, table.seat_name(table.view_seat))[0]
    words = TurnWords(more=("two actions left", "you can draw"), px=28)
    assert turn_lines(table, words)[0].text == SEPARATOR.join((yours, "two actions left", "you can draw"))
    fonts = app.fonts
    room = fonts.size(SEPARATOR.join((yours, "two actions left")), fonts.floor, True)[0]
    table.geo.right = pygame.Rect(0, 0, room, 10)  # the message area: as wide as the headline and one part
    assert turn_lines(table, words)[0].text == SEPARATOR.join((yours, "two actions left"))
    table.geo.right = pygame.Rect(0, 0, 10, 10)
    assert turn_lines(table, words)[0].text == yours
