"""``make shots`` for Cribbage: the cut, discarding with a hint, the play, the show being counted, the peg
board and the end scene, each rendered through the real table."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from game.session import Session
from rules.bots import make_bot
from rules.core import GameState
from rules.rng import derive
from tools.shot_kit import computer_name, open_settled


def advance(session: Session, stop: Callable[[GameState], bool], limit: int = 2000) -> Session:
    """Let the computer play both seats until ``stop`` holds for the state (or the game ends)."""
    bot = make_bot("cribbage", 2)
    rng = derive(session.seed or 0, "shots")
    st = session.match.state
    for _ in range(limit):
        if st.is_over or stop(st):
            return session
        st = session.match.play(bot.choose([st.observe(st.to_move)], rng))
    return session


def _human_to(phase: str, hand_no: int = 1) -> Callable[[GameState], bool]:
    def stop(st: GameState) -> bool:
        obs = st.observe(0)
        return st.to_move == 0 and obs["phase"] == phase and obs["hand_no"] >= hand_no
    return stop




def cribbage_shots(folder: Path, size: tuple[int, int], tag: str) -> None:
    from game.scenes.end import EndScene
    from tools.driver import frames, make_app, run_until, settle, wait_for_hint
    from tools.shot_kit import save

    app = make_app(size=size)
    # the cut for the deal, a depth being chosen
    table = open_settled(app, Session.new("cribbage", "computer", ["Ann", computer_name()], 7))
    zone, cut = table.strip_due()
    table.cut_depth = 17
    table.refresh(animate=False)  # a new view: the static layer (the Cut button) is drawn again
    frames(app, 2)
    save(app, folder, f"{tag}cut")
    session = advance(Session.new("cribbage", "computer", ["Ann", computer_name()], 7),
                      lambda st: st.observe(0)["dealer"] is not None)
    open_settled(app, session)
    save(app, folder, f"{tag}cut_result")
    # discarding, with two cards selected and a hint shown
    session = advance(Session.new("cribbage", "computer", ["Ann", computer_name()], 11), _human_to("discard"))
    table = open_settled(app, session)
    table.show_hint()
    wait_for_hint(app, table)
    frames(app, 2)
    save(app, folder, f"{tag}discard_hint")
    hand = table.obs["hand"]
    table.hint = None
    table.selected = [hand[0], hand[3]]
    table.refresh(animate=False)
    frames(app, 2)
    save(app, folder, f"{tag}discard_selected")
    # the discard analysis over the table: all 15 splits, the expert's marked (thought in the worker)
    table.on_game_button("analysis")
    run_until(app, lambda: getattr(app.stack.top, "grid", None) is not None)  # by the clock, not a frame count
    frames(app, 1)
    save(app, folder, f"{tag}discard_analysis")
    app.stack.pop()
    # the pair held over the crib: the crib, the only place it may go, lights up
    table.drag_keys = table.drag_keys_for(table.selected[0])
    table.cards.start_drag(table.drag_keys, table.cards.targets[table.selected[0]].rect().center)
    table.cards.pointer = table.crib_rect().center
    table.light_targets(table.spot_of(table.drag_keys))
    frames(app, 2)
    save(app, folder, f"{tag}discard_held")
    table.snap_back()
    # the play with the count, a card selected
    session = advance(Session.new("cribbage", "computer", ["Ann", computer_name()], 12),
                      lambda st: st.to_move == 0 and st.observe(0)["phase"] == "play" and
                      len(st.observe(0)["series"]) >= 2 and st.observe(0)["hand_no"] >= 2)
    table = open_settled(app, session)
    playable = [a["card"] for a in table.obs["legal"]]
    table.selected = [playable[0]]
    table.refresh(animate=False)
    frames(app, 2)
    save(app, folder, f"{tag}play")
    # the show being counted, part way through the dealer's hand
    session = advance(Session.new("cribbage", "computer", ["Ann", computer_name()], 5),
                      lambda st: st.to_move == 0 and st.observe(0)["phase"] == "play" and
                      sum(st.observe(0)["hand_counts"]) == 1 and st.observe(0)["hand_no"] >= 2)
    table = open_settled(app, session)
    table.submit(make_bot("cribbage", 2).choose([table.obs], derive(0, "x")))
    for _ in range(2000):
        frames(app)
        if table.seq.counting and table.seq.shown_parts >= 3:
            break
    save(app, folder, f"{tag}show_counting")
    table.skip()
    settle(app)
    frames(app, 2)
    save(app, folder, f"{tag}show_done")
    # the peg board late in a game
    session = advance(Session.new("cribbage", "computer", ["Ann", computer_name()], 9),
                      lambda st: min(st.scores) >= 70 and st.to_move == 0 and st.observe(0)["phase"] == "play")
    table = open_settled(app, session)
    save(app, folder, f"{tag}pegboard")
    # the end
    session = advance(session, lambda st: False)
    table = open_settled(app, session)
    app.stack.push(EndScene(app, table))
    frames(app, 3)
    save(app, folder, f"{tag}end")
