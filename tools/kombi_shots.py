"""Kombi-Duell screenshots, plus the shared scenes shown over its table (menu, names, cover, pause, rules, end)."""
from __future__ import annotations

from pathlib import Path

from tools.shot_kit import midgame, save


def kombi_shots(folder: Path, size: tuple[int, int], tag: str) -> None:
    from game.scenes.cover import CoverScene
    from game.scenes.end import EndScene
    from game.scenes.menu import MenuScene
    from game.scenes.names import NamesScene
    from game.scenes.pause import PauseScene
    from game.tables import open_table
    from rules.bots import make_bot
    from rules.rng import derive
    from tools.driver import drag, frames, make_app, settle

    shared = tag.removesuffix("kombi_")  # the shared scenes over this table keep their plain names
    app = make_app(size=size)
    app.stack.push(MenuScene(app))
    frames(app, 3)
    save(app, folder, f"{shared}menu")
    names = NamesScene(app, "kombi", "hotseat")
    app.stack.push(names)
    frames(app, 2)
    names.show_keyboard(True)
    frames(app, 2)
    save(app, folder, f"{shared}names_keyboard")

    session = midgame("kombi", 14)
    bot = make_bot("kombi", 2)
    rng = derive(0, "shots")
    table = open_table(app, session)
    app.stack.reset(table)
    settle(app)
    hand = table.ordered_hand(table.obs["hand"])
    table.selected = set(hand[:3])
    table.refresh(animate=False)
    app.invalidate()  # a change from outside the event loop: the resting app draws again
    frames(app, 2)
    save(app, folder, f"{tag}table")
    table.selected = set()
    table.refresh(animate=False)
    settle(app)
    r1 = table.cards.current_rect(hand[0])
    drag(app, r1.center, table.my_pile_zone.center)
    frames(app, 10)
    save(app, folder, f"{tag}rejected_drop")
    table.toast = None  # the refusal has been seen: the dialogs below are shown without it
    app.stack.push(CoverScene(app, table, 1))
    frames(app, 2)
    save(app, folder, f"{shared}cover")
    app.stack.pop()
    pause = PauseScene(app, table)
    app.stack.push(pause)
    frames(app, 2)
    save(app, folder, f"{shared}pause")
    pause.press("rules")  # what the pause menu's Rules opens: the illustrated pages (the text is their last page)
    frames(app, 2)
    save(app, folder, f"{shared}rules")
    app.stack.pop()
    app.stack.pop()
    while not session.match.state.is_over:
        st = session.match.state
        session.match.play(bot.choose([st.observe(st.to_move)], rng))
    table.refresh(animate=False)
    app.stack.push(EndScene(app, table))
    frames(app, 2)
    save(app, folder, f"{shared}end")
