"""The IS-MCTS bridge's reading of a cribbage hand (tools/ismcts_view.py) against what the engine really played."""
from __future__ import annotations

import pytest

import rules
from rules.bots import make_bot
from rules.rng import derive
from tools.ismcts_view import hand_plays, opponent_floor, os_id, our_card, value


def test_card_ids_round_trip_in_openspiel_order():
    assert os_id("AC") == 0 and os_id("KC") == 12 and os_id("AD") == 13 and os_id("KS") == 51
    assert all(our_card(os_id(c)) == c for c in ("AC", "TD", "JH", "QS", "5C"))
    assert value("KH") == 10 and value("AS") == 1


@pytest.mark.parametrize("seed", range(6))
def test_the_play_order_read_from_one_seats_observations_is_the_engines(seed):
    state = rules.new_game("cribbage", seed=seed)
    bots = (make_bot("cribbage", 1), make_bot("cribbage", 2))
    seen: tuple[list, list] = ([], [])
    truth: list[tuple[int, str]] = []
    hand_no, checked = state.hand_no, 0
    while not state.is_over:
        if state.hand_no != hand_no:
            hand_no, truth = state.hand_no, []
        seat = state.to_move
        obs = state.observe(seat)
        seen[seat].append(obs)
        if obs["phase"] == "play":
            plays = hand_plays(seen[seat])
            assert plays == truth
            opp = 1 - seat
            floor = opponent_floor(seen[seat], plays)
            assert all(min(c.rank, 10) > floor for c in state.hands[opp])  # the true cards fit its Go's
            checked += 1
        action = bots[seat].choose(seen[seat], derive(seed, "bot", seat))
        if action.kind == "play":
            truth.append((seat, action["card"]))
        state = state.apply(action)
    assert checked > 20
