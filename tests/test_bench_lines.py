"""``make bench``'s summary names each engine and bot figure beside its target and says which fall short."""
from tools import bench, rules_bench


def _duel(rate: float, games: int = 500) -> dict:
    return {"games": games, "win_rate": rate, "ci95": 0.03, "margin": 1.0}


def _result(games_ratio: float, score_ratio: float, square_random: float) -> dict:
    return {
        "openspiel": {"ours_games_per_s": 860.0, "games_per_s": 860.0 / games_ratio, "games_ratio": games_ratio,
                      "games_ratio_rounds": [games_ratio - 0.02, games_ratio + 0.02],
                      "ours_score_pairs_per_s": 400_000.0, "score_pairs_per_s": 400_000.0 / score_ratio,
                      "score_ratio": score_ratio, "score_ratio_rounds": [score_ratio - 1, score_ratio + 1]},
        "playouts": {"kombi": 411.0, "trumps": 90.0},
        "bots": {"square": {"vs_random_detail": _duel(square_random), "vs_level2_detail": _duel(0.538)},
                 "cribbage": {"vs_random_detail": _duel(1.0, 8), "vs_level2_detail": _duel(0.48, 100)}},
    }


def test_each_figure_is_marked_against_its_target():
    got = rules_bench.lines(_result(0.43, 8.1, 0.862))
    playout, score, kombi, trumps, square, cribbage = got
    assert "0.430x" in playout and "BELOW TARGET" in playout
    assert "8.1x" in score and "BELOW TARGET" in score
    assert "9.8x the issue's day" in kombi and "met" in kombi
    assert "4.5x the issue's day" in trumps and "BELOW TARGET" in trumps
    assert "86.2%" in square and "target >= 90%: BELOW TARGET" in square and "53.8%" in square
    assert "target > 50%: BELOW TARGET" in cribbage and "against random play 100.0%" in cribbage
    assert "target" not in cribbage.split(";")[0]  # only Card Square has a target against random play


def test_figures_at_their_targets_are_met():
    got = rules_bench.lines(_result(0.5, 10.0, 0.9))
    assert "BELOW TARGET" not in " ".join(got[:3] + got[4:5])


def test_a_missing_anchor_is_said_and_the_summary_carries_the_lines():
    result = _result(0.6, 11.0, 0.95)
    result["openspiel"] = {"error": "no .venv-bench (run `make bench-venv`)"}
    assert rules_bench.lines(result)[0] == "OpenSpiel anchor: no .venv-bench (run `make bench-venv`)"
    assert bench.summary(result) == rules_bench.lines(result)


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
        return {"stats_screen": {"rows": 100_000, "players": 5000, "open_ms": ms, "anchor_empty_open_ms": 9.0,
                                 "fold_s": 1.2}}

    assert "target < 100 ms: met" in stats_bench.lines(figure(15.0))[0]
    assert "BELOW TARGET" in stats_bench.lines(figure(140.0))[0]
