"""``make shots`` for Card Square: the initial look, a peek in progress, mid-game with a Jack being
aimed, the Queen decision, the hotseat cover and the end, each rendered through the real table."""
from __future__ import annotations

from pathlib import Path

from game.session import Session
from rules.cards import standard_deck
from rules.core import Action
from rules.match import Match
from tools.shot_kit import computer_name, open_settled, play_out

FRONT = ["5H", "KS", "9C", "3D",  # Ann's square (1,1) (1,2) (2,1) (2,2)
         "8S", "2H", "QC", "6D",  # the computer's square
         "7H", "4C", "JD", "TS", "QH", "AS"]  # the top of the draw pile


def shot_deck() -> list[str]:
    """The deck of the shots: FRONT, then the rest of the pack in its fixed order."""
    rest = [str(c) for c in standard_deck() if str(c) not in FRONT]
    return FRONT + rest


def act(kind: str, **args) -> Action:
    return Action.make(kind, **args)


OPENING = [act("look"), act("done"), act("look"), act("done")]
TO_PEEK = [*OPENING, act("draw"), act("peek", pos=(1, 1))]
TO_JACK = [*TO_PEEK, act("done"), act("draw"), act("swap", pos=(2, 2)), act("draw")]
TO_QUEEN = [*TO_JACK, act("jack_swap", own=(1, 2), opp=(1, 1)), act("draw"), act("spy", pos=(2, 1)),
            act("done"), act("draw"), act("queen_look", own=(2, 1), opp=(1, 2))]


def session_after(actions: list[Action], mode: str = "computer") -> Session:
    names = ["Ann", computer_name() if mode == "computer" else "Ben"]
    match = Match("square", {"deck": shot_deck(), "first": 0})
    for a in actions:
        match.play(a)
    return Session("square", mode, names, match)






def square_shots(folder: Path, size: tuple[int, int], tag: str) -> None:
    from game.scenes.cover import CoverScene
    from game.scenes.end import EndScene
    from game.tables.square.pick import NOTHING, Pick
    from tools.driver import frames, make_app, settle, wait_for_hint
    from tools.shot_kit import save

    app = make_app(size=size)
    open_settled(app, session_after([], "computer"))
    save(app, folder, f"{tag}look_offer")
    open_settled(app, session_after([act("look")], "computer"))
    save(app, folder, f"{tag}look")
    open_settled(app, session_after(TO_PEEK))
    save(app, folder, f"{tag}peek")
    table = open_settled(app, session_after(TO_JACK))
    table.pick = Pick.of(table.obs, [act("jack_swap", own=(1, 2), opp=(1, 1))])
    table.restage()
    settle(app)
    save(app, folder, f"{tag}midgame_jack")
    table.pick = NOTHING
    table.show_hint()
    wait_for_hint(app, table)
    settle(app)
    save(app, folder, f"{tag}hint")
    open_settled(app, session_after(TO_QUEEN))
    save(app, folder, f"{tag}queen")
    open_settled(app, session_after(TO_JACK[:7], "hotseat"))  # the computer's seat is a person here: Ben
    frames(app, 2)
    assert isinstance(app.stack.top, CoverScene)
    save(app, folder, f"{tag}cover")
    table = open_settled(app, play_out(session_after(TO_QUEEN), seed=3))
    save(app, folder, f"{tag}end_table")
    app.stack.push(EndScene(app, table))
    frames(app, 2)
    save(app, folder, f"{tag}end")
