"""Kombi-Duell strings and log sentences (English and German)."""

EN = {
    "game.kombi": "Kombi-Duell",
    "game.kombi.blurb": "Collect triples, quads and runs.",
    "kombi.log.draw": "{name} drew a card.",
    "kombi.log.exchange": "{name} exchanged {gave} for {took} from the exchange area.",
    "kombi.log.play": "{name} played {combos} for {points} points.",
    "kombi.log.pass": "{name} passed.",
    "kombi.log.end_turn": "{name} ended the turn.",
    "kombi.log.end.empty_hand": "{name} has no cards left: game over.",
    "kombi.log.end.double_pass": "Both players passed in a row: game over.",
    "kombi.log.final": "Final: {a} {sa}, {b} {sb}.",
    "kombi.combo": "{cards} as a {kind} ({points})",
    "kombi.and": " and ",
    "kombi.kind.triple": "triple",
    "kombi.kind.quad": "quad",
    "kombi.kind.sequence": "sequence",
    "kombi.draw_pile": "Draw pile",
    "kombi.exchange": "Exchange",
    "kombi.discards": "{name}: {score} points",
    "kombi.hand_count": "{n} cards",
    "kombi.actions_left": "{n} of 2 actions left",
    "kombi.can": "You can: {list}",
    "kombi.a.draw": "draw",
    "kombi.a.exchange": "exchange",
    "kombi.a.play": "play",
    "kombi.play": "Play selection",
    "kombi.pass": "Pass",
    "kombi.end_turn": "End turn",
    "kombi.sort_suit": "Sort: suit",
    "kombi.sort_rank": "Sort: rank",
    "kombi.preview": "{combos} = {points} points. Drop on your pile.",
    "kombi.preview_bad": "Not a valid combination yet.",
    "kombi.drop_here": "Drop combinations here",
    "kombi.hint.draw": "Hint: draw a card.",
    "kombi.hint.exchange": "Hint: exchange {gave} for {took}.",
    "kombi.hint.play": "Hint: play {combos} for {points} points.",
    "kombi.hint.pass": "Hint: pass.",
    "kombi.one_card": "Exchange one card at a time: drop a single card on an exchange card.",
    "kombi.end.none": "no combinations",
    "kombi.rules": (
        "Each turn, take one or two different actions: DRAW a card (at most 10 in hand), EXCHANGE one hand card "
        "with one of the three exchange cards, or PLAY one or more combinations onto your pile. Pass ends the turn.\n"
        "Triple: 3 cards of one rank = 10. Quad: 4 of one rank = 15. Sequence: 3+ cards of one suit in a row, "
        "wrapping ...Q-K-A-2-3... = 2 per card.\n"
        "The game ends when a player has no cards, or after two full passes in a row. Most points wins.\n"
        "Controls: drag the draw pile to your hand; drag a hand card onto an exchange card; select cards and drag "
        "them onto your pile (or press Play). Keys: Tab/arrows move, Space selects, Enter confirms, 1-0 pick "
        "hand cards, D draws, E ends the turn, H hint, Ctrl+Z / Ctrl+Y back and forward."),
}

DE = {
    "game.kombi": "Kombi-Duell",
    "game.kombi.blurb": "Sammle Drillinge, Vierlinge und Sequenzen.",
    "kombi.log.draw": "{name} hat eine Karte gezogen.",
    "kombi.log.exchange": "{name} hat {gave} gegen {took} aus dem Tauschbereich getauscht.",
    "kombi.log.play": "{name} hat {combos} für {points} Punkte ausgespielt.",
    "kombi.log.pass": "{name} hat gepasst.",
    "kombi.log.end_turn": "{name} hat den Zug beendet.",
    "kombi.log.end.empty_hand": "{name} hat keine Karten mehr: Spielende.",
    "kombi.log.end.double_pass": "Beide haben nacheinander gepasst: Spielende.",
    "kombi.log.final": "Endstand: {a} {sa}, {b} {sb}.",
    "kombi.combo": "{cards} als {kind} ({points})",
    "kombi.and": " und ",
    "kombi.kind.triple": "Drilling",
    "kombi.kind.quad": "Vierling",
    "kombi.kind.sequence": "Sequenz",
    "kombi.draw_pile": "Nachziehstapel",
    "kombi.exchange": "Tauschbereich",
    "kombi.discards": "{name}: {score} Punkte",
    "kombi.hand_count": "{n} Karten",
    "kombi.actions_left": "{n} von 2 Aktionen übrig",
    "kombi.can": "Möglich: {list}",
    "kombi.a.draw": "ziehen",
    "kombi.a.exchange": "tauschen",
    "kombi.a.play": "ausspielen",
    "kombi.play": "Auswahl ausspielen",
    "kombi.pass": "Passen",
    "kombi.end_turn": "Zug beenden",
    "kombi.sort_suit": "Sortierung: Farbe",
    "kombi.sort_rank": "Sortierung: Wert",
    "kombi.preview": "{combos} = {points} Punkte. Auf deinen Stapel ziehen.",
    "kombi.preview_bad": "Noch keine gültige Kombination.",
    "kombi.drop_here": "Kombinationen hier ablegen",
    "kombi.hint.draw": "Tipp: Ziehe eine Karte.",
    "kombi.hint.exchange": "Tipp: Tausche {gave} gegen {took}.",
    "kombi.hint.play": "Tipp: Spiele {combos} für {points} Punkte.",
    "kombi.hint.pass": "Tipp: Passen.",
    "kombi.one_card": "Tausche eine Karte nach der anderen: lege eine einzelne Karte auf eine Tauschkarte.",
    "kombi.end.none": "keine Kombinationen",
    "kombi.rules": (
        "In jedem Zug ein oder zwei verschiedene Aktionen: Karte ZIEHEN (höchstens 10 auf der Hand), eine "
        "Handkarte mit einer der drei Karten im Tauschbereich TAUSCHEN, oder Kombinationen auf den eigenen Stapel "
        "AUSSPIELEN. Passen beendet den Zug.\n"
        "Drilling: 3 gleiche Werte = 10. Vierling: 4 gleiche Werte = 15. Sequenz: 3+ Karten einer Farbe in Folge, "
        "ringförmig ...D-K-A-2-3... = 2 pro Karte.\n"
        "Das Spiel endet, wenn jemand keine Karten mehr hat oder beide nacheinander komplett passen. "
        "Die meisten Punkte gewinnen.\n"
        "Bedienung: Nachziehstapel auf die Hand ziehen; Handkarte auf eine Tauschkarte ziehen; Karten wählen und "
        "auf den eigenen Stapel ziehen (oder Ausspielen drücken). Tasten: Tab/Pfeile bewegen, Leertaste wählt, "
        "Enter bestätigt, 1-0 wählen Handkarten, D zieht, E beendet den Zug, H Tipp, Strg+Z / Strg+Y."),
}
