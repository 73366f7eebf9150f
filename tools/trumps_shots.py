"""``make shots`` for Own Trumps: the trump picker (first and second choice), a beat in progress (beaters
lit while a card is dragged, then the second card pending), a pick-up, and the end, through the real table."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.session import Session
from rules.bots import make_bot
from rules.core import Action
from rules.match import Match
from rules.rng import derive
from tools.shot_kit import computer_name, open_settled, play_out

Obs = dict[str, Any]


def dealt_match(seed: int) -> Match:
    """A game dealt from ``seed`` with Ann (seat 0) on hearts and the other on spades, Ann leading."""
    return Match("trumps", {"seed": seed, "trumps": ["H", "S"], "first": 0})


def session_where(want: Callable[[Obs], bool], mode: str = "computer", level: int = 1,
                  seeds: range = range(1, 80)) -> Session:
    """The first position of a bot-played game (seat 0 to move) whose view satisfies ``want``."""
    bot = make_bot("trumps", level)
    names = ["Ann", computer_name() if mode == "computer" else "Ben"]
    for seed in seeds:
        match = dealt_match(seed)
        rng = derive(seed, "shots")
        for _ in range(400):
            st = match.state
            if st.is_over:
                break
            obs = st.observe(st.to_move)
            if st.to_move == 0 and want(obs):
                return Session("trumps", mode, names, match, level)
            match.play(bot.choose([obs], rng))
    raise RuntimeError("no seed gave such a position")


def can_beat(obs: Obs) -> bool:
    return obs["phase"] == "play" and obs["top"] is not None and len(obs["beaters"]) >= 3 \
        and len(obs["pile"]) >= 6 and len(obs["hand"]) >= 12


def must_pick_up_five(obs: Obs) -> bool:
    return obs["phase"] == "play" and not obs["beaters"] and obs["top"] is not None \
        and obs["pickup"]["reason"] == "trump" and len(obs["pile"]) >= 7


def press_and_hold(app, start: tuple[int, int], end: tuple[int, int]) -> None:
    """A drag that has not been released yet: the card hangs under the pointer."""
    import pygame

    from tools.driver import frames

    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False))
    for i in range(1, 7):
        p = (start[0] + (end[0] - start[0]) * i // 6, start[1] + (end[1] - start[1]) * i // 6)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0), touch=False))
    frames(app, 3)


def release(app, pos: tuple[int, int]) -> None:
    import pygame

    from tools.driver import frames

    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False))
    frames(app, 2)


def trumps_shots(folder: Path, size: tuple[int, int], tag: str) -> None:
    from game.scenes.cover import CoverScene
    from game.scenes.end import EndScene
    from tools.driver import frames, make_app, settle, wait_for_hint
    from tools.shot_kit import save

    app = make_app(size=size)
    open_settled(app, Session("trumps", "computer", ["Ann", computer_name()], Match("trumps", {"seed": 4, "first": 0})))
    save(app, folder, f"{tag}picker")
    hot = Session("trumps", "hotseat", ["Ann", "Ben"], Match("trumps", {"seed": 4, "first": 0}))
    hot.match.play(Action.make("choose_trump", suit="H"))
    open_settled(app, hot)
    frames(app, 2)
    if isinstance(app.stack.top, CoverScene):
        app.stack.top.confirm()
        settle(app)
    save(app, folder, f"{tag}picker_second")

    table = open_settled(app, session_where(can_beat))
    card = table.obs["beaters"][0]
    start = table.cards.current_rect(card).center
    target = table.geo.pile_zone.center
    midway = ((start[0] + target[0]) // 2, (start[1] + target[1]) // 2)
    press_and_hold(app, start, midway)
    save(app, folder, f"{tag}beat_drag")
    release(app, target)
    settle(app)
    save(app, folder, f"{tag}beat_second")

    table = open_settled(app, session_where(must_pick_up_five))
    table.show_hint()
    wait_for_hint(app, table)  # the hint is searched in a worker
    settle(app)
    save(app, folder, f"{tag}pickup_offer")
    top = table.cards.current_rect(table.obs["pile"][-1]).center
    press_and_hold(app, top, table.hand_zone.center)  # the pile dragged to the hand: the hand is lit
    save(app, folder, f"{tag}pickup_drag")
    release(app, table.hand_zone.center)
    frames(app, 6)  # mid-flight: the cards glide from the pile into the hand
    save(app, folder, f"{tag}pickup")

    table = open_settled(app, play_out(session_where(can_beat), seed=5))
    app.stack.push(EndScene(app, table))
    frames(app, 2)
    save(app, folder, f"{tag}end")
