"""The bench's strength section: duels cut into chunks pool into one paired result, with CPU think times."""
from __future__ import annotations

from tools import arena, strength_bench


def test_chunks_pool_into_the_same_duel_as_one_run(monkeypatch):
    monkeypatch.setattr(strength_bench, "DEALS", {"square": {"3-2": 3, "1-greedy": 2}})
    got = strength_bench.measure(["square"], jobs=2)["square"]
    first = strength_bench.FIRST_SEED
    whole = arena.duel("square", strength_bench.make("square", "3"), strength_bench.make("square", "2"), 3, first)
    assert got["3-2"]["games"] == 6 and got["3-2"]["win_rate"] == round(whole.win_rate, 4)
    assert got["3-2"]["target"] == 0.6 and got["1-greedy"]["games"] == 4 and "target" not in got["1-greedy"]
    think = got["think"]
    assert set(think) == {"1", "3"} and think["3"]["decisions"] > 0 and think["3"]["p99_ms"] >= think["3"]["p50_ms"]


def test_each_games_greedy_baseline_and_duels_come_from_its_registry_entry():
    """No tool lists the games: a game's baseline and duels are its ``GameSpec.bench`` (optional, as the recipe
    says); a game with duels against the greedy player has a baseline, and the baseline finishes games."""
    import rules

    assert strength_bench.DEALS == {g: rules.GAMES[g].bench.duels for g in rules.GAMES if rules.GAMES[g].bench.duels}
    for game in rules.GAMES:
        bench = rules.GAMES[game].bench
        if any("greedy" in duel for duel in bench.duels):
            assert bench.baseline is not None, game
        if bench.baseline is not None:
            out = arena.play_out(game, (arena.greedy(game), strength_bench.make(game, "random")), seed=5)
            assert out.actions > 0


def test_a_scaled_run_plays_that_share_of_each_duels_deals_and_says_so(monkeypatch):
    monkeypatch.setattr(strength_bench, "DEALS", {"square": {"3-2": 4, "1-greedy": 1}})
    monkeypatch.setattr(strength_bench, "SCALE", 0.5)
    got = strength_bench.measure(["square"], jobs=1)
    assert got["square"]["3-2"]["games"] == 4 and got["square"]["1-greedy"]["games"] == 2  # at least one deal
    assert "scaled by 0.5" in strength_bench.lines(got)[-1]
