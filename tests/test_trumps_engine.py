"""Own Trumps engine internals: the shared repetition log, branching states, events built when asked."""
from __future__ import annotations

import random
import threading

import rules
from rules.core import Action
from rules.trumps.seen import Seen, key, position_of
from rules.trumps.state import new_game


def test_the_repetition_log_counts_every_branch_like_a_list():
    """Records extended from the newest one, from older ones (undo, a review) and again from the same
    one, each count exactly their own history."""
    rng = random.Random(0)
    records = [(Seen(), [])]
    for _ in range(3000):
        seen, keys = rng.choice(records[-10:] if rng.random() < 0.8 else records)
        k = (1 << 40) + rng.randrange(5)
        new, count = seen.add(k)
        assert count == keys.count(k) + 1
        records.append((new, [*keys, k]))
    for seen, keys in rng.sample(records, 200):
        assert len(seen) == len(keys)
        assert seen.as_dict() == {k: keys.count(k) for k in set(keys)}
        assert all(seen.count((1 << 40) + i) == keys.count((1 << 40) + i) for i in range(5))


def test_two_threads_extending_one_record_each_get_their_own_history():
    seen, _ = Seen().add(1 << 50)
    got: list[tuple[Seen, int]] = []
    start = threading.Barrier(8)

    def extend(k: int) -> None:
        start.wait()
        for _ in range(200):
            got.append(seen.add(k))

    threads = [threading.Thread(target=extend, args=((1 << 50) + t % 2,)) for t in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for new, count in got:
        assert len(new) == 2
        assert count == (2 if new.count(1 << 50) == 2 else 1)
        assert sum(new.as_dict().values()) == 2


def test_repetition_keys_round_trip_to_position_keys():
    rng = random.Random(3)
    state = new_game(seed=4, trumps=("H", "S"))
    for _ in range(300):
        if state.is_over:
            break
        h0, h1, pile, turn, phase = state.position_key
        code = 0
        for c in pile:
            code = code << 6 | (c + 1)
        assert position_of(key(h0, code, turn, phase == "second")) == state.position_key
        state = state.apply(rng.choice(state.legal_actions()))
    counts = state.position_counts()
    assert sum(counts.values()) == len(state.seen) and all(len(k) == 5 for k in counts)


def test_states_branch_independently_and_compare_by_position_not_events():
    state = new_game(seed=9, trumps=("C", "D"))
    a, b = state.legal_actions()[:2]
    first, second = state.apply(a), state.apply(b)
    assert first != second and state.apply(a) == first and hash(state.apply(a)) == hash(first)
    assert len(first.seen) == len(second.seen) == len(state.seen) + 1
    assert first.events[0]["card"] != second.events[0]["card"]
    again = state.apply(rules.spec("trumps").action_from_json(a.to_json()))  # an equal, not identical, action
    assert again == first and again.events == first.events
    assert first.events is not first.events  # built fresh each time: no caller can edit the history


def test_fields_are_read_only():
    state = new_game(seed=1)
    for name, value in (("phase", "over"), ("hands", (0, 0))):
        try:
            setattr(state, name, value)
        except AttributeError:
            continue
        raise AssertionError(f"{name} could be changed")
    assert state.apply(state.legal_actions()[0]).phase == "choose_trump" and state.trumps == (None, None)
    assert repr(state).startswith("TrumpsState(phase='choose_trump'")
    assert Action.make("pick_up") not in state.legal_actions()
