"""``make shots``: the guided first game of every game, one picture per coach mark (tutorial_<game>_<n>.png).

Each mark is shown on a real computer game; then the step's move is made (the first legal move of the
kinds below) so the next mark appears over the position it talks about, or Next is pressed.
"""
from __future__ import annotations

from pathlib import Path

# per game: for each step, the action kinds that do it ("select": pick a playable combination; None: Next)
RECIPES: dict[str, list] = {
    "kombi": [("draw",), ("exchange",), "select", ("play",), None],
    "square": [("look",), ("done",), ("draw",), ("discard",), None, None],
    "cribbage": [("cut",), ("discard",), ("cut",), ("play",), None],
    "trumps": [("choose_trump",), ("play",), ("pick_up",), None],
}
SEEDS = {"kombi": 8, "square": 3, "cribbage": 5, "trumps": 2}


def tutorial_shots(folder: Path, size: tuple[int, int], prefix: str) -> None:
    from game.tables import ENTRIES

    for game_id, entry in ENTRIES.items():
        if entry.coach is not None:
            _one_game(folder, size, prefix, game_id)


def _one_game(folder: Path, size: tuple[int, int], prefix: str, game_id: str) -> None:
    from game.session import Session
    from game.tables import open_table
    from tools.driver import frames, make_app, settle
    from tools.shots import save

    app = make_app(size=size)
    app.coach_marks = True
    session = Session.new(game_id, "computer", ["Ann", "Computer"], SEEDS.get(game_id, 1))
    table = open_table(app, session)
    app.stack.push(table)
    frames(app, 2)
    settle(app)
    coach = app.stack.find("coach")
    recipe = RECIPES.get(game_id, [])
    shown = set()
    for _ in range(60):
        if coach is None or coach.closed:
            break
        _wait_for_turn(app, table)
        i = coach.index
        if i not in shown:
            shown.add(i)
            frames(app, 2)
            save(app, folder, f"{prefix}tutorial_{game_id}_{i + 1}")
        how = recipe[i] if i < len(recipe) else None
        if not _do(table, how):
            coach.press("next")
        settle(app)
        frames(app, 90)  # a table's own show (a cut spreading, a count) settles too
    app.stack.reset(table)
    frames(app, 1)


def _wait_for_turn(app, table, limit: int = 3000) -> None:
    from tools.driver import frames

    for _ in range(limit):
        if table.my_turn and not table.cards.busy or table.match.state.is_over:
            return
        frames(app)


def _do(table, how) -> bool:
    """Make the step's move as the player would end up making it; False when it cannot be made now."""
    if how is None or not table.my_turn:
        return False
    legal = table.match.state.legal_actions()  # a tool may ask the rules; the table only has its view
    if how == "select":
        play = next((a for a in legal if a.kind == "play"), None)
        if play is None:
            return False
        table.selected = {c for combo in play["combos"] for c in combo}
        table.refresh(animate=True)
        return True
    fits = [a for a in legal if a.kind in how]
    action = fits[len(fits) // 2] if fits else None  # a cut in the middle of the pack, say
    return action is not None and table.submit(action)
