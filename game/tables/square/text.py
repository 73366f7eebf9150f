"""Card Square strings: log sentences (RULES.md §1.7), table labels, prompts, hints, rules (EN and DE)."""

EN = {
    "game.square": "Card Square",
    "game.square.blurb": "Swap your way to the lowest square.",
    # the log: public facts only, positions as seen by the square's owner
    "square.log.look": "{name} looked at their two bottom cards.",
    "square.log.skip_look": "{name} did not look at their bottom cards.",
    "square.log.discard": "{name} drew from the draw pile and discarded {card} without effect.",
    "square.log.swap": "{name} drew from the draw pile and put it at their {pos}; {old} went to the discard pile.",
    "square.log.take": "{name} took {card} from the discard pile into their {pos}; {old} went to the discard pile.",
    "square.log.peek": "{name} played the power card {card}: looked at their own card at {pos}.",
    "square.log.spy": "{name} played the power card {card}: looked at {other}'s card at {pos}.",
    "square.log.jack": ("{name} played the power card {card}: blind-swapped their card at {own} "
                        "with {other}'s card at {opp}."),
    "square.log.queen.swapped": ("{name} played the power card {card}: looked at their {own} and {other}'s "
                                 "{opp} and swapped them."),
    "square.log.queen.kept": ("{name} played the power card {card}: looked at their {own} and {other}'s "
                              "{opp} and did not swap."),
    "square.log.knock": "{name} knocked. {other} has one final turn.",
    "square.log.deck_empty": "The draw pile is empty: game over.",
    "square.log.final": "Final: {a} {sa}, {b} {sb}.",
    "square.log.wins": "{name} wins.",
    "square.log.shared": "Shared victory.",
    # the table
    "square.draw_pile": "Draw pile",
    "square.discard_pile": "Discard pile",
    "square.empty": "empty",
    "square.your_drawn": "Your drawn card",
    "square.their_drawn": "{name}'s drawn card",
    "square.knocked": "knocked",
    "square.sum": "Sum: {total}",
    "square.you": "{name} (you)",
    "square.status.final": "{name} knocked: this is your final turn.",
    "square.status.final_other": "{name} knocked: {other} has one final turn.",
    "square.result.win": "{name} wins with {score} against {other_score}.",
    "square.result.shared": "Shared victory: both squares are worth {score}.",
    "square.btn.knock": "Knock",
    "square.btn.look": "Look",
    "square.btn.skip": "Skip",
    "square.btn.done": "Done",
    "square.btn.swap": "Swap them",
    "square.btn.keep": "Keep",
    "square.btn.confirm": "Confirm",
    "square.btn.cancel": "Cancel",
    "square.take_own": "The discard card goes into your own square: drop it on one of your cards.",
    # what the player to move can do
    "square.prompt.look": "Before the first turn you may look at your two bottom cards, once.",
    "square.prompt.reveal": "Remember what you see, then press Done.",
    "square.prompt.queen": "Swap the two cards you are looking at, or keep them where they are.",
    "square.prompt.turn": "Drag the draw pile to your square, drag the discard onto one of your cards, or knock.",
    "square.prompt.turn_final": "Final turn: drag the draw pile to your square, or the discard onto one of your "
                                "cards.",
    "square.prompt.turn_first": "Drag the draw pile to your square to draw, or knock.",
    "square.prompt.turn_first_final": "Final turn: drag the draw pile to your square to draw.",
    "square.prompt.take_where": "Take {card}: pick the card of your square it replaces.",
    "square.prompt.drawn": "{card}: drop it on one of your cards to swap, or on the discard pile.",
    "square.prompt.drawn_power": "{card}: drop it on one of your cards to swap, on the discard pile, "
                                 "or on the power zone.",
    "square.prompt.peek.start": "Peek: pick one of your cards.",
    "square.prompt.spy.start": "Spy: pick one of {other}'s cards.",
    "square.prompt.jack_swap.start": "Jack: pick one of your cards, then one of {other}'s.",
    "square.prompt.jack_swap.opp": "Jack: now pick one of {other}'s cards.",
    "square.prompt.jack_swap.own": "Jack: now pick one of your cards.",
    "square.prompt.queen_look.start": "Queen: pick one of your cards, then one of {other}'s.",
    "square.prompt.queen_look.opp": "Queen: now pick one of {other}'s cards.",
    "square.prompt.queen_look.own": "Queen: now pick one of your cards.",
    "square.preview.take": "Take {card} into your {pos}? Tap it again or press Confirm.",
    "square.preview.swap": "Put {card} at your {own}? Tap it again or press Confirm.",
    "square.preview.discard": "Discard {card} without effect? Tap again or press Confirm.",
    "square.preview.peek": "Peek at your {own}? Tap it again or press Confirm.",
    "square.preview.spy": "Look at {other}'s {opp}? Tap it again or press Confirm.",
    "square.preview.jack_swap": "Blind-swap your {own} with {other}'s {opp}? Press Confirm.",
    "square.preview.queen_look": "Look at your {own} and {other}'s {opp}? Press Confirm.",
    "square.power.peek": "Use power: peek at one of your cards",
    "square.power.spy": "Use power: look at one of {other}'s cards",
    "square.power.jack_swap": "Use power: blind-swap one of your cards with one of {other}'s",
    "square.power.queen_look": "Use power: look at one of yours and one of {other}'s, then swap or keep",
    # the reveal panel: the acting player's eyes only
    "square.panel.look_offer": "Look at your two bottom cards (2,1) and (2,2)? Only you will see them.",
    "square.panel.look": "Your bottom cards: (2,1) is {c1}, (2,2) is {c2}. Remember them: they are turned "
                         "down again when you press Done.",
    "square.panel.peek": "Your card at {pos} is {card} (worth {value}). Remember it.",
    "square.panel.spy": "{other}'s card at {pos} is {card} (worth {value}). Remember it.",
    "square.panel.queen": "Your {own} is {c1}. {other}'s {opp} is {c2}. Swap them?",
    # what the other player is doing (public)
    "square.watch.look": "{name} is looking at their bottom cards.",
    "square.watch.peek": "{name} is looking at a card: {spots}.",
    "square.watch.spy": "{name} is looking at a card: {spots}.",
    "square.watch.queen": "{name} is looking at two cards: {spots}.",
    "square.watch.drawn": "{name} holds a drawn card.",
    "square.watch.spot": "{name}'s {pos}",
    "square.hint.draw": "Hint: draw from the draw pile.",
    "square.hint.take": "Hint: take {card} from the discard pile into your {pos}.",
    "square.hint.knock": "Hint: knock now.",
    "square.hint.swap": "Hint: put the drawn card at your {pos}.",
    "square.hint.discard": "Hint: discard the drawn card.",
    "square.hint.peek": "Hint: use the power and peek at your {pos}.",
    "square.hint.spy": "Hint: use the power and look at {other}'s {pos}.",
    "square.hint.jack_swap": "Hint: use the Jack: swap your {own} with {other}'s {opp}.",
    "square.hint.queen_look": "Hint: use the Queen: look at your {own} and {other}'s {opp}.",
    "square.hint.queen_swap": "Hint: swap the two cards.",
    "square.hint.queen_keep": "Hint: keep your card.",
    "square.hint.look": "Hint: look at your bottom cards.",
    "square.hint.skip_look": "Hint: skip the look.",
    "square.hint.done": "Hint: remember the card, then press Done.",
    "square.end.sum": "Sum: {values} = {total}",
    "square.end.knocked": "Knocked.",
    "square.rules": (
        "Each player has four face-down cards in a 2×2 square; positions are (row, column) as the owner sees "
        "them, row 2 nearest the owner. Lowest sum wins: A=1, 2–10 as marked, J=Q=10, K=−1.\n"
        "Before the first turn each player may look at their own two bottom cards once.\n"
        "On your turn do one of: DRAW the top card of the draw pile (only you see it), TAKE the top of the "
        "discard pile into your square (the card it replaces goes face up onto the discard pile), or KNOCK "
        "(the other player gets one final turn, then the game ends).\n"
        "A drawn card must be swapped into your square, discarded, or — if it is a 7 to Q — used for its "
        "power as it is discarded: 7/8 peek at one of your cards; 9/10 look at one of your opponent's cards; "
        "J blind-swap one of your cards with one of theirs; Q look at one of each, then swap them or not.\n"
        "The game also ends once the last card of the draw pile has been drawn and played. Equal sums share "
        "the win.\n"
        "Controls: drag the draw pile to your square; drag the drawn card onto your card, the discard pile or "
        "the power zone; drag the discard onto one of your cards. Taps preview a move, a second tap or Confirm "
        "makes it. Keys: Tab/arrows move, Space chooses, Enter confirms, 1–4 pick your (1,1)…(2,2), D draws, "
        "K knocks, H hint, Backspace cancels, Ctrl+Z / Ctrl+Y back and forward."),
}

DE = {
    "game.square": "Kartenquadrat",
    "game.square.blurb": "Tausche dich zum niedrigsten Quadrat.",
    "square.log.look": "{name} hat sich die zwei eigenen unteren Karten angesehen.",
    "square.log.skip_look": "{name} hat sich die eigenen unteren Karten nicht angesehen.",
    "square.log.discard": "{name} hat vom Nachziehstapel gezogen und {card} ohne Wirkung abgelegt.",
    "square.log.swap": ("{name} hat vom Nachziehstapel gezogen und die Karte auf das eigene Feld {pos} gelegt; "
                        "{old} kam auf den Ablagestapel."),
    "square.log.take": ("{name} hat {card} vom Ablagestapel auf das eigene Feld {pos} genommen; "
                        "{old} kam auf den Ablagestapel."),
    "square.log.peek": "{name} hat die Aktionskarte {card} gespielt: die eigene Karte auf {pos} angesehen.",
    "square.log.spy": "{name} hat die Aktionskarte {card} gespielt: die Karte von {other} auf {pos} angesehen.",
    "square.log.jack": ("{name} hat die Aktionskarte {card} gespielt: die eigene Karte auf {own} blind mit der "
                        "Karte von {other} auf {opp} getauscht."),
    "square.log.queen.swapped": ("{name} hat die Aktionskarte {card} gespielt: die eigene Karte auf {own} und "
                                 "die von {other} auf {opp} angesehen und getauscht."),
    "square.log.queen.kept": ("{name} hat die Aktionskarte {card} gespielt: die eigene Karte auf {own} und "
                              "die von {other} auf {opp} angesehen und nicht getauscht."),
    "square.log.knock": "{name} hat geklopft. {other} hat noch einen letzten Zug.",
    "square.log.deck_empty": "Der Nachziehstapel ist leer: Spielende.",
    "square.log.final": "Endstand: {a} {sa}, {b} {sb}.",
    "square.log.wins": "{name} gewinnt.",
    "square.log.shared": "Geteilter Sieg.",
    "square.draw_pile": "Nachziehstapel",
    "square.discard_pile": "Ablagestapel",
    "square.empty": "leer",
    "square.your_drawn": "Deine gezogene Karte",
    "square.their_drawn": "Gezogene Karte von {name}",
    "square.knocked": "hat geklopft",
    "square.sum": "Summe: {total}",
    "square.you": "{name} (du)",
    "square.status.final": "{name} hat geklopft: das ist dein letzter Zug.",
    "square.status.final_other": "{name} hat geklopft: {other} hat noch einen letzten Zug.",
    "square.result.win": "{name} gewinnt mit {score} gegen {other_score}.",
    "square.result.shared": "Geteilter Sieg: beide Quadrate sind {score} wert.",
    "square.btn.knock": "Klopfen",
    "square.btn.look": "Ansehen",
    "square.btn.skip": "Überspringen",
    "square.btn.done": "Fertig",
    "square.btn.swap": "Tauschen",
    "square.btn.keep": "Behalten",
    "square.btn.confirm": "Bestätigen",
    "square.btn.cancel": "Abbrechen",
    "square.take_own": "Die Ablagekarte kommt in dein eigenes Quadrat: lege sie auf eine deiner Karten.",
    "square.prompt.look": "Vor dem ersten Zug darfst du dir einmal deine zwei unteren Karten ansehen.",
    "square.prompt.reveal": "Merke dir, was du siehst, und drücke dann Fertig.",
    "square.prompt.queen": "Tausche die zwei angesehenen Karten oder lass sie liegen.",
    "square.prompt.turn": "Ziehe den Nachziehstapel zu deinem Quadrat, die Ablagekarte auf eine deiner Karten, "
                          "oder klopfe.",
    "square.prompt.turn_final": "Letzter Zug: ziehe den Nachziehstapel zu deinem Quadrat oder die Ablagekarte "
                                "auf eine deiner Karten.",
    "square.prompt.turn_first": "Ziehe den Nachziehstapel zu deinem Quadrat, oder klopfe.",
    "square.prompt.turn_first_final": "Letzter Zug: ziehe den Nachziehstapel zu deinem Quadrat.",
    "square.prompt.take_where": "{card} nehmen: wähle die Karte deines Quadrats, die sie ersetzt.",
    "square.prompt.drawn": "{card}: lege sie zum Tauschen auf eine deiner Karten oder auf den Ablagestapel.",
    "square.prompt.drawn_power": "{card}: lege sie zum Tauschen auf eine deiner Karten, auf den Ablagestapel "
                                 "oder auf das Aktionsfeld.",
    "square.prompt.peek.start": "Nachsehen: wähle eine deiner Karten.",
    "square.prompt.spy.start": "Spionieren: wähle eine Karte von {other}.",
    "square.prompt.jack_swap.start": "Bube: wähle eine deiner Karten, dann eine von {other}.",
    "square.prompt.jack_swap.opp": "Bube: wähle jetzt eine Karte von {other}.",
    "square.prompt.jack_swap.own": "Bube: wähle jetzt eine deiner Karten.",
    "square.prompt.queen_look.start": "Dame: wähle eine deiner Karten, dann eine von {other}.",
    "square.prompt.queen_look.opp": "Dame: wähle jetzt eine Karte von {other}.",
    "square.prompt.queen_look.own": "Dame: wähle jetzt eine deiner Karten.",
    "square.preview.take": "{card} auf dein Feld {pos} nehmen? Nochmal tippen oder Bestätigen.",
    "square.preview.swap": "{card} auf dein Feld {own} legen? Nochmal tippen oder Bestätigen.",
    "square.preview.discard": "{card} ohne Wirkung ablegen? Nochmal tippen oder Bestätigen.",
    "square.preview.peek": "Deine Karte auf {own} ansehen? Nochmal tippen oder Bestätigen.",
    "square.preview.spy": "Die Karte von {other} auf {opp} ansehen? Nochmal tippen oder Bestätigen.",
    "square.preview.jack_swap": "Deine Karte auf {own} blind mit der von {other} auf {opp} tauschen? Bestätigen.",
    "square.preview.queen_look": "Deine Karte auf {own} und die von {other} auf {opp} ansehen? Bestätigen.",
    "square.power.peek": "Aktion: eine deiner Karten ansehen",
    "square.power.spy": "Aktion: eine Karte von {other} ansehen",
    "square.power.jack_swap": "Aktion: eine deiner Karten blind mit einer von {other} tauschen",
    "square.power.queen_look": "Aktion: je eine Karte von dir und {other} ansehen, dann tauschen oder nicht",
    "square.panel.look_offer": "Deine zwei unteren Karten (2,1) und (2,2) ansehen? Nur du siehst sie.",
    "square.panel.look": "Deine unteren Karten: (2,1) ist {c1}, (2,2) ist {c2}. Merke sie dir: mit Fertig "
                         "werden sie wieder verdeckt.",
    "square.panel.peek": "Deine Karte auf {pos} ist {card} (Wert {value}). Merke sie dir.",
    "square.panel.spy": "Die Karte von {other} auf {pos} ist {card} (Wert {value}). Merke sie dir.",
    "square.panel.queen": "Deine Karte auf {own} ist {c1}. Die von {other} auf {opp} ist {c2}. Tauschen?",
    "square.watch.look": "{name} sieht sich die eigenen unteren Karten an.",
    "square.watch.peek": "{name} sieht sich eine Karte an: {spots}.",
    "square.watch.spy": "{name} sieht sich eine Karte an: {spots}.",
    "square.watch.queen": "{name} sieht sich zwei Karten an: {spots}.",
    "square.watch.drawn": "{name} hält eine gezogene Karte.",
    "square.watch.spot": "{pos} von {name}",
    "square.hint.draw": "Tipp: Ziehe vom Nachziehstapel.",
    "square.hint.take": "Tipp: Nimm {card} vom Ablagestapel auf dein Feld {pos}.",
    "square.hint.knock": "Tipp: Klopfe jetzt.",
    "square.hint.swap": "Tipp: Lege die gezogene Karte auf dein Feld {pos}.",
    "square.hint.discard": "Tipp: Lege die gezogene Karte ab.",
    "square.hint.peek": "Tipp: Nutze die Aktion und sieh dir dein Feld {pos} an.",
    "square.hint.spy": "Tipp: Nutze die Aktion und sieh dir das Feld {pos} von {other} an.",
    "square.hint.jack_swap": "Tipp: Tausche mit dem Buben dein Feld {own} mit dem Feld {opp} von {other}.",
    "square.hint.queen_look": "Tipp: Sieh dir mit der Dame dein Feld {own} und das Feld {opp} von {other} an.",
    "square.hint.queen_swap": "Tipp: Tausche die zwei Karten.",
    "square.hint.queen_keep": "Tipp: Behalte deine Karte.",
    "square.hint.look": "Tipp: Sieh dir deine unteren Karten an.",
    "square.hint.skip_look": "Tipp: Überspringe das Ansehen.",
    "square.hint.done": "Tipp: Merke dir die Karte und drücke Fertig.",
    "square.end.sum": "Summe: {values} = {total}",
    "square.end.knocked": "Hat geklopft.",
    "square.rules": (
        "Jeder hat vier verdeckte Karten in einem 2×2-Quadrat; Positionen sind (Reihe, Spalte), so wie der "
        "Besitzer sie sieht, Reihe 2 am nächsten beim Besitzer. Die kleinste Summe gewinnt: A=1, 2–10 nach "
        "Zahl, B=D=10, K=−1.\n"
        "Vor dem ersten Zug darf jeder einmal die eigenen zwei unteren Karten ansehen.\n"
        "Im Zug eines davon: ZIEHEN (die oberste Karte des Nachziehstapels, nur du siehst sie), die oberste "
        "Ablagekarte in dein Quadrat NEHMEN (die ersetzte Karte kommt offen auf den Ablagestapel) oder KLOPFEN "
        "(der andere hat noch einen letzten Zug, dann ist Schluss).\n"
        "Eine gezogene Karte wird in dein Quadrat getauscht, abgelegt oder – bei 7 bis D – beim Ablegen für "
        "ihre Aktion genutzt: 7/8 eine eigene Karte ansehen; 9/10 eine gegnerische Karte ansehen; B eine "
        "eigene blind mit einer gegnerischen tauschen; D je eine ansehen, dann tauschen oder nicht.\n"
        "Das Spiel endet auch, sobald die letzte Karte des Nachziehstapels gezogen und gespielt ist. Bei "
        "gleicher Summe gewinnen beide.\n"
        "Bedienung: Nachziehstapel zu deinem Quadrat ziehen; die gezogene Karte auf deine Karte, den "
        "Ablagestapel oder das Aktionsfeld ziehen; die Ablagekarte auf eine deiner Karten ziehen. Tippen zeigt "
        "eine Vorschau, nochmal Tippen oder Bestätigen führt sie aus. Tasten: Tab/Pfeile bewegen, Leertaste "
        "wählt, Enter bestätigt, 1–4 wählen dein (1,1)…(2,2), D zieht, K klopft, H Tipp, Rücktaste bricht ab, "
        "Strg+Z / Strg+Y."),
}
