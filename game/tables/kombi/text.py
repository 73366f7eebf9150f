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
    N_("kombi.log.exchange_closed", "{turns} turns in a row without a draw or a play: exchanges are closed until "
                                    "someone draws or plays."),
    N_("kombi.log.end.empty_hand", "{name} has no cards left: game over."),
    N_("kombi.log.end.double_pass", "Both players passed in a row: game over."),
    N_("kombi.log.final", "Final: {a} {sa}, {b} {sb}."),
    NP_("kombi.how.out", "{name} laid down the last card ({combos}): no cards left, so the game is over.",
        "{name} laid down the last {n} cards at once ({combos}): no cards left, so the game is over."),
    NP_("kombi.how.combos", "{n} combination", "{n} combinations"),
    N_("kombi.combo", "{cards} as a {kind} ({points})"),
    N_("kombi.and", " and "),
    N_("kombi.kind.triple", "triple"),
    N_("kombi.kind.quad", "quad"),
    N_("kombi.kind.sequence", "sequence"),
    N_("kombi.draw_pile", "Draw pile"),
    N_("kombi.exchange", "Exchange"),
    N_("kombi.scored", "Combinations"),
    NP_("kombi.hand_count", "{n} card", "{n} cards"),
    NP_("kombi.actions_left", "{n} of 2 actions left", "{n} of 2 actions left"),
    N_("kombi.can", "You can: {list}"),
    N_("kombi.a.draw", "draw"),
    N_("kombi.a.exchange", "exchange"),
    N_("kombi.a.play", "play"),
    N_("kombi.play", "Play selection"),
    N_("kombi.pass", "Pass"),
    N_("kombi.end_turn", "End turn"),
    N_("kombi.end_turn_short", "End"),  # where "End turn" does not stand in its button (a large window's floor)
    N_("kombi.sort_suit", "Sort: suit"),
    N_("kombi.sort_rank", "Sort: rank"),
    N_("kombi.preview", "{combos} = {points} points. Drop on your pile."),
    N_("kombi.preview_bad", "Not a valid combination yet."),
    N_("kombi.drop_here", "Drop combinations here"),
    N_("kombi.choose.exchange", "Give {gave} for {took}"),
    N_("kombi.hint.draw", "Hint: draw a card: more cards make more combinations."),
    N_("kombi.hint.exchange", "Hint: exchange {gave} for {took}."),
    N_("kombi.hint.play", "Hint: play {combos} for {points} points."),
    N_("kombi.hint.pass", "Hint: end your turn: nothing you could do now is worth it."),
    # refusals (rules.core.IllegalAction keys of rules/kombi)
    N_("kombi.refuse.drew_already", "You already drew this turn."),
    N_("kombi.refuse.pile_empty", "The draw pile is empty."),
    N_("kombi.refuse.hand_full", "Your hand is full: at most {limit} cards."),
    N_("kombi.refuse.exchanged_already", "You already exchanged a card this turn."),
    N_("kombi.refuse.exchange_closed", "Exchanges are closed: {turns} turns in a row had no draw and no play. "
                                       "Draw or play first."),
    N_("kombi.refuse.not_in_hand", "{card} is not in your hand."),
    N_("kombi.refuse.not_in_area", "{card} is not in the exchange area."),
    N_("kombi.refuse.played_already", "You already played combinations this turn."),
    N_("kombi.refuse.no_combination", "Choose at least one combination."),
    N_("kombi.refuse.used_twice", "{card} is used twice."),
    N_("kombi.refuse.not_a_combination", "{cards} is not a valid combination: a triple, a quad or a run of "
                                         "three or more of one suit."),
    N_("kombi.refuse.one_at_a_time", "Exchange one card at a time: drop a single card on an exchange card."),
    N_("kombi.refuse.pick_a_card", "First pick the hand card to give for it (tap it), or drag it there."),
    N_("kombi.refuse.no_putting_back", "Cards never go back onto the draw pile."),
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
    # How to play: the pages in howto.py
    N_("kombi.howto.setup.title", "The deal"),
    N_("kombi.howto.setup",
       "Each player gets 7 cards. Three cards lie face up in the exchange area; the rest is the draw pile."),
    N_("kombi.howto.cap.hand", "Your hand"),
    N_("kombi.howto.cap.pile", "The draw pile"),
    N_("kombi.howto.cap.exchange", "The exchange area"),
    N_("kombi.howto.turn.title", "A turn"),
    N_("kombi.howto.turn",
       "Take one or two different actions: draw a card, exchange one hand card for an exchange card, or "
       "play combinations onto your pile. Pass ends the turn."),
    N_("kombi.howto.cap.give", "Drag 5♦ from your hand…"),
    N_("kombi.howto.cap.take", "…onto 7♠: now you hold three sevens"),
    N_("kombi.howto.score.title", "Combinations"),
    N_("kombi.howto.score", "Play combinations onto your pile. A sequence may wrap from king over ace to two."),
    N_("kombi.howto.cap.triple", "Triple: 10 points"),
    N_("kombi.howto.cap.quad", "Quad: 15 points"),
    N_("kombi.howto.cap.wrap", "Sequence Q-K-A-2: 2 per card = 8"),
    N_("kombi.howto.end.title", "The end"),
    N_("kombi.howto.end",
       "The game ends when a player has no cards left, or after both players pass in a row. Most points "
       "wins."),
    N_("kombi.howto.cap.empty", "No cards left: game over"),
    N_("kombi.howto.cap.final", "Your pile: 10 + 6 = 16 points"),
    N_("kombi.confirm_end", "This pass ends the game: {a} {sa}, {b} {sb}. Pass anyway?"),
    N_("kombi.confirm_end.yes", "Pass and end"),
    N_("kombi.coach.draw", "This is the draw pile. Drag it to your hand (or tap it) to draw a card. Each turn you may do "
       "two different things: draw, exchange or play."),
    N_("kombi.coach.exchange", "The three face-up cards are the exchange area: drag one of your cards onto one of them to swap "
       "the two."),
    N_("kombi.coach.play", "You hold a combination: the lit cards. Tap its cards to select them, then drag them onto your "
       "pile or press “Play selection”. A triple scores 10, a quad 15, a run of one suit 2 per card."),
    N_("kombi.coach.pass", "Nothing more to do this turn? Press here to end it; the other player goes next."),
    N_("review.kombi.unplayed", "You passed although a play for {points} points was ready."),
    N_("review.kombi.draw", "A play for {points} points would have emptied your hand and ended the game; the draw made that impossible."),
    N_("review.kombi.smaller", "A bigger play scored {points} more points."),
)
