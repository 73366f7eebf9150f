"""``make bench``'s summary names each engine and bot figure beside its target and says which fall short."""
from tools import bench, rules_bench, strength_bench


def _duel(rate: float, games: int = 500, target: float | None = None) -> dict:
    d = {"games": games, "win_rate": rate, "ci95": 0.03, "margin": 1.0}
    return {**d, "target": target} if target else d


def _result(games_ratio: float, score_ratio: float, square_random: float) -> dict:
    return {
        "openspiel": {"ours_games_per_s": 860.0, "games_per_s": 860.0 / games_ratio, "games_ratio": games_ratio,
                      "games_ratio_rounds": [games_ratio - 0.02, games_ratio + 0.02],
                      "ours_score_pairs_per_s": 400_000.0, "score_pairs_per_s": 400_000.0 / score_ratio,
                      "score_ratio": score_ratio, "score_ratio_rounds": [score_ratio - 1, score_ratio + 1]},
        "playouts": {"kombi": 411.0, "trumps": 90.0},
        "bots": {"square": {"3-random": _duel(square_random), "3-2": _duel(0.538, target=0.6),
                            "think": {"3": {"p50_ms": 2.0, "p99_ms": 40.0, "decisions": 900}}},
                 "cribbage": {"3-ismcts": _duel(0.62, 400, 0.6), "3-2": _duel(0.48, 400, 0.56),
                              "2-ismcts": {"error": "no .venv-bench (run `make bench-venv`)"},
                              "think": {"3": {"p50_ms": 80.0, "p99_ms": 1200.0, "decisions": 900}}},
                 "seconds": 600.0},
    }


def test_each_figure_is_marked_against_its_target():
    got = rules_bench.lines(_result(0.43, 8.1, 0.862))
    playout, score, kombi, trumps = got
    assert "0.430x" in playout and "BELOW TARGET" in playout
    assert "8.1x" in score and "BELOW TARGET" in score
    assert "9.8x the issue's day" in kombi and "met" in kombi
    assert "4.5x the issue's day" in trumps and "BELOW TARGET" in trumps


def test_figures_at_their_targets_are_met():
    got = rules_bench.lines(_result(0.5, 10.0, 0.9))
    assert "BELOW TARGET" not in " ".join(got[:3])


def test_each_duel_and_think_time_is_marked_against_its_target():
    got = strength_bench.lines(_result(0.5, 10.0, 0.9)["bots"])
    text = "\n".join(got)
    square_two = next(x for x in got if x.startswith("square level 3 against level 2"))
    assert "53.8%" in square_two and "target >= 60%: BELOW TARGET" in square_two
    assert "target" not in next(x for x in got if x.startswith("square level 3 against random"))
    assert "cribbage level 3 against ismcts: 62.0% +- 3.0% of 400 games" in text and "60%: met" in text
    assert "target >= 56%: BELOW TARGET" in next(x for x in got if x.startswith("cribbage level 3 against level 2"))
    assert "cribbage 2-ismcts: no .venv-bench" in text
    assert "p99 40.0 ms" in text and "p99 1200.0 ms" in text and text.count("target p99 <= 1 s") == 2
    assert "p99 1200.0 ms over 900 decisions (target p99 <= 1 s: BELOW TARGET)" in text
    assert got[-1].startswith("bots section: 10.0 minutes")


def test_a_missing_anchor_is_said_and_the_summary_carries_the_lines():
    result = _result(0.6, 11.0, 0.95)
    result["openspiel"] = {"error": "no .venv-bench (run `make bench-venv`)"}
    assert rules_bench.lines(result)[0] == "OpenSpiel anchor: no .venv-bench (run `make bench-venv`)"
    assert bench.summary(result) == rules_bench.lines(result) + strength_bench.lines(result["bots"])


def test_frame_lines_give_both_sizes_against_the_floor():
    from tools import frame_bench

    fig = {"cards": 10, "p50_ms": 3.0, "p99_ms": 4.0, "floor_p50_ms": 1.5, "floor_p99_ms": 3.0,
           "stacked_floor_p50_ms": 1.0, "stacked_floor_p99_ms": 2.0}
    got = frame_bench.lines({"frames": {"kombi": dict(fig, p50_ms=2.0)}, "frames_3840x2160": {"kombi": fig}})
    assert "1920x1080" in got[0] and "1.33x" in got[0] and ": met" in got[0]
    assert "3840x2160" in got[1] and "2.00x" in got[1] and "BELOW TARGET" in got[1]


def test_the_statistics_screen_figure_is_marked_against_its_target():
    from tools import stats_bench

    def figure(ms):
        return {"stats_screen": {"rows": 100_000, "players": 5000, "ready_ms": ms, "anchor_empty_ready_ms": 40.0,
                                 "open_ms": 12.0, "anchor_empty_open_ms": 9.0}}

    assert "target < 300 ms: met" in stats_bench.lines(figure(150.0))[0]
    assert "BELOW TARGET" in stats_bench.lines(figure(340.0))[0]
    assert "empty file 40.0 ms" in stats_bench.lines(figure(150.0))[0]


def test_the_solver_line_names_the_largest_size_fully_proven_against_the_target():
    from tools import solver_bench

    def figure(proven_at_12):
        rows = [{"cards": n, "positions": 20, "proven": 20 if n <= 6 else 10, "slowest_proof_s": 0.1,
                 "slowest_attempt_s": 0.4} for n in range(2, 12)]
        rows.append({"cards": 12, "positions": 30, "proven": proven_at_12, "slowest_proof_s": 0.1,
                     "slowest_attempt_s": 0.4})
        return {"trumps_solver": {"rows": rows, "proven_n": 12 if proven_at_12 == 30 else 6, "target_n": 12,
                                  "reference_units_per_s": 9000.0}}

    line = solver_bench.lines(figure(10))[0]
    assert "up to 6 cards" in line and "BELOW TARGET" in line and "12: 10/30" in line
    assert bench.summary(figure(10)) == solver_bench.lines(figure(10))
    assert "met" in solver_bench.lines(figure(30))[0]
    goals = solver_bench.lines(figure(10))[1:]
    assert goals[0].startswith("  at 8 cards: 10 of 20 proven (50%, 95% [30%, 70%]; goal >= 90%: BELOW TARGET)")
    assert "at 12 cards: 10 of 30 proven (33%" in goals[1] and "goal >= 60%: BELOW TARGET" in goals[1]
    assert "goal >= 60%: met" in solver_bench.lines(figure(30))[2]
