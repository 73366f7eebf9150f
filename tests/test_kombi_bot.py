"""The Kombi-Duell computer player: legal, deterministic, sensible, quick, and better than random."""
from __future__ import annotations

import random
import statistics
import time

import pytest

from rules.bots import RandomBot, make_bot
from rules.cards import standard_deck
from rules.core import Action
from rules.kombi.bot import KombiBot, make
from rules.kombi.state import KombiState, new_game
from rules.rng import derive
from tools.arena import play_out, win_rate

PASS, DRAW = Action.make("pass"), Action.make("draw")


def deal(h0: str, h1: str, area: str, first: int = 0) -> KombiState:
    head = f"{h0} {h1} {area}".split()
    return new_game(deck=head + [str(c) for c in standard_deck() if str(c) not in head], first=first)


def bot_turn(state: KombiState, bot: KombiBot, seed: int = 0) -> tuple[KombiState, list[Action]]:
    """Let the bot play its whole turn; return the state after it and what it did."""
    seat, seen, taken = state.to_move, [], []
    rng = random.Random(seed)
    while state.to_move == seat:
        seen.append(state.observe(seat))
        action = bot.choose(seen, rng)
        assert action.to_json() in seen[-1]["legal"]
        taken.append(action)
        state = state.apply(action)
    return state, taken


def test_make_and_registry() -> None:
    assert isinstance(make(2), KombiBot) and isinstance(make_bot("kombi", 1), KombiBot)
    assert isinstance(make_bot("kombi", 0), RandomBot)


@pytest.mark.parametrize("level, seed", [(1, 1), (2, 2), (2, 3)])
def test_bot_only_chooses_offered_actions_and_games_end(level: int, seed: int) -> None:
    bots = (make(level), make(2) if seed % 2 else RandomBot())
    state = new_game(seed=seed)
    seen: tuple[list[dict], list[dict]] = ([], [])
    rngs = (derive(seed, "bot", 0), derive(seed, "bot", 1))
    for _ in range(5000):
        if state.is_over:
            break
        seat = state.to_move
        seen[seat].append(state.observe(seat))
        action = bots[seat].choose(seen[seat], rngs[seat])
        assert action.to_json() in seen[seat][-1]["legal"]
        state = state.apply(action)
    assert state.is_over


def test_bot_is_deterministic() -> None:
    bot = make(2)
    first = [play_out("kombi", (bot, RandomBot()), seed) for seed in (5, 6)]
    again = [play_out("kombi", (make(2), RandomBot()), seed) for seed in (5, 6)]
    assert first == again
    seen = [new_game(seed=9).observe(new_game(seed=9).to_move)]
    assert bot.choose(seen, random.Random(1)) == bot.choose(seen, random.Random(1))


def test_bot_against_itself_never_stalls() -> None:
    bot = make(2)
    for seed in range(3):
        out = play_out("kombi", (bot, bot), seed, max_actions=2000)
        assert out.actions < 2000


def test_bot_beats_random() -> None:
    assert win_rate("kombi", make(2), RandomBot(), 30, first_seed=100) >= 0.8


def test_bot_empties_its_hand_to_win() -> None:
    s = deal("9C 9D 9H 9S 5H 6H 7H", "2C 3D 4H 5S 7C 8D JH", "QC QD KH")
    s, taken = bot_turn(s, make(2))
    assert s.is_over and s.winners == (0,) and s.scores == (21, 0)
    assert [a.kind for a in taken] == ["play"]


def test_bot_uses_the_exchange_area_to_complete_a_combination() -> None:
    s = deal("7C 7H 2D 4S 9H JC KD", "2C 3D 4H 5S 8C 8D JH", "QC 7S KH")
    s, taken = bot_turn(s, make(2))
    assert any(a.kind == "exchange" and a["area"] == "7S" for a in taken)
    if s.scores[0] == 0:  # it drew first; the triple is played at once on its next turn
        s = s.apply(PASS)
        s, taken = bot_turn(s, make(2))
        assert any(a.kind == "play" for a in taken)
    assert s.scores[0] >= 10


def test_bot_ends_the_game_when_ahead_and_keeps_it_going_when_behind() -> None:
    # Seat 1 scores a triple, seat 0 passes fully: seat 1 leads, and a full pass now ends the game.
    s = deal("2C 3D 4H 5S 7C 8D JH", "9C 9D 9H 2S 4D 6H KC", "QC QD KH", first=1)
    s = s.apply(Action.make("play", combos=[["9C", "9D", "9H"]])).apply(PASS).apply(PASS)
    assert s.observe(1)["last_full_pass"]
    ahead, taken = bot_turn(s, make(2))
    assert taken == [PASS] and ahead.is_over and ahead.winners == (1,)
    # The same position seen from the trailing seat: it must not pass into a loss.
    s = deal("9C 9D 9H 2S 4D 6H KC", "2C 3D 4H 5S 7C 8D JH", "QC QD KH")
    s = s.apply(Action.make("play", combos=[["9C", "9D", "9H"]])).apply(PASS)
    s = s.apply(DRAW).apply(PASS).apply(PASS)
    assert s.to_move == 1 and s.observe(1)["last_full_pass"]
    behind, taken = bot_turn(s, make(2))
    assert not behind.is_over and taken[0] != PASS


def test_bot_thinks_quickly() -> None:
    bot, state, seen, times = make(2), new_game(seed=21), ([], []), []
    rng = random.Random(0)
    while not state.is_over:
        seat = state.to_move
        seen[seat].append(state.observe(seat))
        start = time.perf_counter()
        action = bot.choose(seen[seat], rng)
        times.append(time.perf_counter() - start)
        state = state.apply(action)
    assert statistics.median(times) < 0.05
