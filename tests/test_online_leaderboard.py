"""Leaderboards: the top 50 established ratings of a game and a player's own place, computed in SQL on SQLite and
PostgreSQL, served as JSON beside /metrics, the top cached briefly and one's own line always fresh."""
from __future__ import annotations

import json

from game.online import leaderboard, ratings
from game.online.server import GameServer
from game.online.stores import open_store
from tests.test_online_operate import get
from tests.test_online_server import fast, run


def pid(i: int) -> str:
    return f"{i:032x}"


def seed_players(store, game: str, n: int) -> None:
    """``n`` players with ratings 2000, 1990, ... (player 3 and 4 share one), every seventh still provisional."""
    def fill(db):
        for i in range(n):
            db.run("INSERT INTO players (id, pubkey, name, folded, created, seen) VALUES (?, ?, ?, ?, ?, ?)",
                   (pid(i), "k", f"P{i}", f"p{i}", 0.0, 0.0))
            rating = 2000.0 - 10 * (i if i != 4 else 3)
            games = 3 if i % 7 == 6 else 5 + i
            db.run("INSERT INTO ratings (player, game, rating, rd, vol, games, wins, prior, updated) "
                   "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                   (pid(i), game, rating, 80.0, 0.06, games, games, rating - 7, 0.0))
        db.run("INSERT INTO ratings (player, game, rating, rd, vol, games) VALUES (?, 'kombi', 2500, 50, 0.06, 9)",
               (pid(1),))  # another game's rating stays on its own board
        return True

    store.run(fill)


def test_the_top_fifty_and_ones_own_place_as_json_on_each_store(store_url, monkeypatch):
    async def scenario():
        store = open_store(store_url, "normal")
        seed_players(store, "cribbage", 70)
        server = await GameServer(fast(), store=store).start("127.0.0.1", 0)
        base = f"http://127.0.0.1:{server.port}/leaderboard"
        try:
            status, text = await get(f"{base}/cribbage?player={pid(65)}")
            assert status == 200
            doc = json.loads(text)
            established = [i for i in range(70) if i % 7 != 6]
            assert doc["players"] == len(established) and len(doc["top"]) == 50
            assert [r["name"] for r in doc["top"]] == [f"P{i}" for i in established[:50]]
            places = [r["place"] for r in doc["top"]]
            assert places[:6] == [1, 2, 3, 4, 4, 6]  # P3 and P4 share a rating and a place
            assert all(r["games"] >= ratings.PLACEMENT for r in doc["top"])  # no provisional player on the board
            assert doc["me"] == {"rating": 1350, "rd": 80, "games": 70, "provisional": False, "prior": 1343,
                                 "place": established.index(65) + 1}
            provisional = json.loads((await get(f"{base}/cribbage?player={pid(13)}"))[1])["me"]
            assert provisional["provisional"] and provisional["place"] is None
            assert json.loads((await get(f"{base}/kombi"))[1])["top"][0]["name"] == "P1"
            assert json.loads((await get(f"{base}/trumps"))[1]) == {"game": "trumps", "players": 0, "placement": 5,
                                                                     "top": [], "me": None}
            assert (await get(f"{base}/chess"))[0] == 404
            assert (await get(f"{base}/cribbage?player=../x"))[0] == 400
            # a new result: one's own line shows it at once, the cached top a moment later
            store.run(lambda db: db.run("UPDATE ratings SET rating = 2600, games = games + 1 WHERE player = ? "
                                        "AND game = 'cribbage'", (pid(65),)))
            again = json.loads((await get(f"{base}/cribbage?player={pid(65)}"))[1])
            assert again["me"]["rating"] == 2600 and again["me"]["place"] == 1
            assert again["top"] == doc["top"]
            server.boards.tops.clear()  # as when the cache's seconds have passed
            assert json.loads((await get(f"{base}/cribbage"))[1])["top"][0]["name"] == "P65"
        finally:
            await server.stop()
            store.close()

    run(scenario())


def test_the_cache_lasts_its_seconds():
    boards = leaderboard.Boards()
    boards.tops["kombi"] = (100.0, [{"place": 1}])
    assert boards.fresh("kombi", 100.0 + leaderboard.CACHE_SECONDS - 0.1) == [{"place": 1}]
    assert boards.fresh("kombi", 100.0 + leaderboard.CACHE_SECONDS) is None
    assert boards.fresh("square", 100.0) is None
