"""A game abandoned for longer than the seat's wait is the leaver's loss: the server ends it (the reaper), tells how
it ended to the seat's token only (``outcome``, also after the table closed), and the leaver's app, opening its
main menu with the seat kept too long ago, records that loss in its statistics and says so."""
from __future__ import annotations

import time

from game.online.hosting import ServerThread
from game.online.seatfile import SeatFile
from game.online.server import GameServer
from tests.test_online_client import seat_two, until
from tests.test_online_leave import stats_rows
from tests.test_online_server import fast, run
from tools.driver import frames, make_app
from tools.online_bench import SimPlayer, seat_pair


def test_the_server_tells_the_leaver_its_abandoned_game_and_nobody_else():
    async def scenario():
        server = await GameServer(fast(reconnect_window=0.3, reap_interval=0.05)).start("127.0.0.1", 0)
        url = f"ws://127.0.0.1:{server.port}"
        a, b = await seat_pair(url, "kombi")
        a.abort()
        end = await b.expect("state", timeout=3, status="over")
        assert end["result"] == {"reason": "abandoned", "seat": 0, "winners": [1]}
        await b.send("leave")  # the table closes; the store keeps the finished game
        await b.expect("left")
        ask = await SimPlayer.connect(url)
        await ask.send("outcome", code=a.code, token=a.token)
        told = await ask.expect("outcome")
        assert told["seat"] == 0 and told["result"]["winners"] == [1] and told["game"] == "kombi"
        assert told["names"] == ["Ann", "Ben"] and told["count"] == end["count"] and told["seed"] == end["seed"]
        await ask.send("outcome", code=a.code, token=b.token)  # Ben left: his token opens nothing any more
        assert (await ask.expect("error"))["code"] == "no_table"
        await ask.send("outcome", code=a.code, token="x" * 32)
        assert (await ask.expect("error"))["code"] == "no_table"
        await server.stop()

    run(scenario())


def test_the_leavers_app_records_the_abandoned_game_as_a_loss():
    server = ServerThread("127.0.0.1", 0, fast(reconnect_window=0.3, reap_interval=0.05), seeds=lambda: 5).start()
    try:
        ann, ben = seat_two(server.url, "kombi")
        code, token = ann.client.code, ann.client.token
        # the app kept Ann's seat when she left; it was last heard of longer ago than the seat's wait
        SeatFile(clock=lambda: time.time() - 700).save(server.url, code, token, 0, "kombi", "Ann")
        ann.client.close()
        until(lambda: ben.match.result is not None, step=ben.pump)
        assert ben.match.result == {"reason": "abandoned", "seat": 0, "winners": [1]}

        app = make_app()
        app.show("menu")
        frames(app, 2)
        until(lambda: app.stack.top.lapsed is None, step=lambda: frames(app))
        assert app.stack.top.notice == app.t("online.lapsed_lost", game=app.t("game.kombi"))
        until(lambda: len(stats_rows(app)) == 1, step=lambda: frames(app))
        (row,) = stats_rows(app)
        assert (row["game"], row["mode"], row["winners"]) == ("kombi", "online", "1")
        assert SeatFile().lapsed() is None and SeatFile().load() is None  # asked once
        ben.client.close()
    finally:
        server.stop()


def test_a_seat_still_within_its_wait_is_not_asked_about():
    SeatFile().save("ws://127.0.0.1:9", "ABCDEF", "A" * 32, 0, "kombi", "Ann")
    app = make_app()
    app.show("menu")
    frames(app, 3)
    assert app.stack.top.lapsed is None and SeatFile().load() is not None  # kept: Continue offers it
