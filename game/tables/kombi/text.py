"""Kombi-Duell strings and log sentences (the English source: Babel extracts them; translations in game/locale)."""
from game.text.marks import N_, NP_

STRINGS = (
    N_("game.kombi", "Kombi-Duell"),
    N_("game.kombi.blurb", "Collect triples, quads and runs."),
    N_("kombi.log.draw", "{name} drew a card."),
    N_("kombi.log.exchange", "{name} exchanged {gave} for {took} from the exchange area."),
    N_("kombi.log.play", "{name} played {combos} for {points} points."),
    N_("kombi.log.pass", "{name} passed."),
    N_("kombi.log.end_turn", "{name} ended the turn."),
    N_("kombi.log.end.empty_hand", "{name} has no cards left: game over."),
    N_("kombi.log.end.double_pass", "Both players passed in a row: game over."),
    N_("kombi.log.final", "Final: {a} {sa}, {b} {sb}."),
    N_("kombi.combo", "{cards} as a {kind} ({points})"),
    N_("kombi.and", " and "),
    N_("kombi.kind.triple", "triple"),
    N_("kombi.kind.quad", "quad"),
    N_("kombi.kind.sequence", "sequence"),
    N_("kombi.draw_pile", "Draw pile"),
    N_("kombi.exchange", "Exchange"),
    N_("kombi.discards", "{name}: {score} points"),
    NP_("kombi.hand_count", "{n} card", "{n} cards"),
    NP_("kombi.actions_left", "{n} of 2 actions left", "{n} of 2 actions left"),
    N_("kombi.can", "You can: {list}"),
    N_("kombi.a.draw", "draw"),
    N_("kombi.a.exchange", "exchange"),
    N_("kombi.a.play", "play"),
    N_("kombi.play", "Play selection"),
    N_("kombi.pass", "Pass"),
    N_("kombi.end_turn", "End turn"),
    N_("kombi.sort_suit", "Sort: suit"),
    N_("kombi.sort_rank", "Sort: rank"),
    N_("kombi.preview", "{combos} = {points} points. Drop on your pile."),
    N_("kombi.preview_bad", "Not a valid combination yet."),
    N_("kombi.drop_here", "Drop combinations here"),
    N_("kombi.hint.draw", "Hint: draw a card."),
    N_("kombi.hint.exchange", "Hint: exchange {gave} for {took}."),
    N_("kombi.hint.play", "Hint: play {combos} for {points} points."),
    N_("kombi.hint.pass", "Hint: pass."),
    N_("kombi.one_card", "Exchange one card at a time: drop a single card on an exchange card."),
    N_("kombi.end.none", "no combinations"),
    N_("kombi.rules",
       "Each turn, take one or two different actions: DRAW a card (at most 10 in hand), EXCHANGE one hand "
       "card with one of the three exchange cards, or PLAY one or more combinations onto your pile. Pass "
       "ends the turn.\n"
       "Triple: 3 cards of one rank = 10. Quad: 4 of one rank = 15. Sequence: 3+ cards of one suit in a "
       "row, wrapping ...Q-K-A-2-3... = 2 per card.\n"
       "The game ends when a player has no cards, or after two full passes in a row. Most points wins.\n"
       "Controls: drag the draw pile to your hand; drag a hand card onto an exchange card; select cards and "
       "drag them onto your pile (or press Play). Keys: Tab/arrows move, Space selects, Enter confirms, 1-0 "
       "pick hand cards, D draws, E ends the turn, H hint, Ctrl+Z / Ctrl+Y back and forward."),
)
