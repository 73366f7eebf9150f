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


def test_the_card_square_ceiling_is_a_paired_duel_on_level_3s_deals(monkeypatch):
    from tools.square_bench import seeing_squares_pairs

    monkeypatch.setattr(strength_bench, "DEALS", {"square": {"3-2": 1, "seeing2-2": 3}})
    got = strength_bench.measure(["square"], jobs=2)
    ceiling = got["square"]["seeing2-2"]
    whole = arena.summarize(seeing_squares_pairs(strength_bench.make("square", "2"), 3, strength_bench.FIRST_SEED, 2))
    assert ceiling["games"] == 6 and ceiling["win_rate"] == round(whole.win_rate, 4) and "target" not in ceiling
    assert "seeing2" not in got["square"]["think"]
    line = next(x for x in strength_bench.lines(got) if "ceiling" in x)
    assert line.startswith("square ceiling estimate, level 2 shown every square card against level 2: ")
    assert "+-" in line


def test_the_seeing_bot_is_shown_every_square_card_at_its_turns():
    import rules
    from rules.bots import RandomBot
    from tools.square_bench import _SeesSquares

    shown = []

    class Recorder:
        def choose(self, seen, rng):
            shown.append(seen[-1])
            return RandomBot().choose(seen, rng)

    import random

    state = rules.new_game("square", seed=3)
    bot, seen = _SeesSquares(Recorder()), []
    while state.phase not in ("turn",) or state.to_move != 0:
        state = state.apply(state.legal_actions()[0])
    seen.append(state.observe(0))
    bot.state = state
    bot.choose(seen, random.Random(0))
    cards = [slot["card"] for square in shown[-1]["squares"] for slot in square]
    assert cards == [str(c) for square in state.squares for c in square]
    assert any(slot["card"] is None for square in seen[-1]["squares"] for slot in square), "the real view hides some"


def test_the_expert_against_ismcts_is_reported_in_points_a_game_with_its_paired_interval(monkeypatch):
    # three deals: margins per game (hero's score minus the other's), each deal's two games averaged first
    pairs = [[1.0, 10.0, 20.0], [0.5, -4.0, 8.0], [2.0, 6.0, 12.0]]  # per deal: 15, 2, 9
    mean, half = strength_bench.points_a_game(pairs)
    assert mean == 26 / 3
    sd = (((15 - mean) ** 2 + (2 - mean) ** 2 + (9 - mean) ** 2) / 2) ** 0.5
    assert abs(half - 1.96 * sd / 3 ** 0.5) < 1e-12
    monkeypatch.setattr(strength_bench, "DEALS", {"cribbage": {"3-ismcts": 3}})
    monkeypatch.setattr(strength_bench, "_ismcts", lambda hero, deals, first, jobs: (pairs[:deals], [0.01]))
    got = strength_bench.measure(["cribbage"], jobs=1)["cribbage"]["3-ismcts"]
    assert got["points"] == round(mean, 2) and got["points_ci95"] == round(half, 2) and got["games"] == 6
    line = next(x for x in strength_bench.lines({"cribbage": {"3-ismcts": got}}) if "points a game" in x)
    assert "points a game +8.7 +- " in line and "(95%, 3 paired deals), 58.3% of games" in line
    assert "BELOW TARGET" in line  # the mean passes +5, an interval this wide does not pass +-2
    assert "met" in strength_bench.points_line(mean, 1.9, 6, 0.6, True)
    assert "goal" not in strength_bench.points_line(mean, 1.9, 6, 0.6, False)  # level 2's duel has no goal
    assert strength_bench.points_a_game(pairs[:1]) == (15.0, None)  # one deal has no spread to measure
    one = strength_bench.points_line(15.0, None, 2, 0.5, True)
    assert "no interval from one deal" in one and "BELOW TARGET" in one


def test_the_card_square_expert_is_judged_against_half_the_gap_to_the_ceiling():
    duels = {"3-2": {"games": 1000, "win_rate": 0.62, "ci95": 0.02, "margin": -1.0, "target": 0.6},
             "seeing3-2": {"games": 500, "win_rate": 0.76, "ci95": 0.02, "margin": -4.0}, "think": {}}
    got = strength_bench.lines({"square": duels})
    line = next(x for x in got if x.startswith("square gap to the ceiling"))
    assert "closes 46% of it" in line and "half the gap: 63.0%" in line
    assert not any("gap" in x for x in strength_bench.lines({"square": {"3-2": duels["3-2"], "think": {}}}))


def test_kombi_duels_count_the_games_the_hero_ended_jammed_at_the_hand_limit(monkeypatch):
    """Issue 43: the Kombi Expert's duels say how many games it ended holding 10 cards (goal 0) and how many of
    those it won; the count is the hero's final hands', seat by seat."""
    import rules
    from rules.kombi.state import HAND_LIMIT

    monkeypatch.setattr(strength_bench, "DEALS", {"kombi": {"2-greedy": 6}})
    got = strength_bench.measure(["kombi"], jobs=1)["kombi"]["2-greedy"]
    first, jammed = strength_bench.FIRST_SEED, []  # the first duel's deals
    for seed in range(first, first + 6):
        for seat in (0, 1):
            bots = (strength_bench.make("kombi", "2"), arena.greedy("kombi"))
            state = arena.final_state("kombi", bots if seat == 0 else bots[::-1], seed)[0]
            if len(state.hands[seat]) == HAND_LIMIT:
                jammed.append(1.0 if state.winners == (seat,) else 0.5 if seat in state.winners else 0.0)
    assert jammed, "these deals have jams to count"
    assert got["stuck"] == len(jammed) and got["stuck_won"] == round(sum(jammed) / len(jammed), 4)
    line = next(x for x in strength_bench.lines({"kombi": {"2-greedy": got}}) if "against greedy" in x)
    assert f"ended stuck in {len(jammed)} (goal 0)" in line
    assert rules.GAMES["square"].bench.stuck is None, "only a game that can jam says so"
