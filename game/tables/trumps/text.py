"""Own Trumps strings: the trump picker, table cues, status lines, log sentences, hints, refusals,
the end columns and the rules (English and German)."""

EN = {
    "game.trumps": "Own Trumps",
    "game.trumps.blurb": "Your own trump suit. Beat or pick up.",
    # suits and counts
    "trumps.suit.C": "clubs",
    "trumps.suit.D": "diamonds",
    "trumps.suit.H": "hearts",
    "trumps.suit.S": "spades",
    "trumps.suit_named": "{sym} ({name})",
    "trumps.cards.one": "{n} card",
    "trumps.cards.many": "{n} cards",
    "trumps.badge": "Trump",
    "trumps.you": "{name} (you)",
    # the trump picker
    "trumps.pick.title": "{name}, choose your trump suit",
    "trumps.pick.explain": "Your trump beats every card of the other suits. The other player's trump is a "
                           "plain suit for you.",
    "trumps.pick.order": "{dealer} deals; {first} leads after the deal.",
    "trumps.pick.second": "{other} chose {suit}: pick one of the other three.",
    "trumps.pick.waiting": "{name} is choosing a trump suit …",
    "trumps.pick.taken": "{name}'s trump",
    "trumps.pick.keys": "Tap a suit, or press 1–4.",
    # the pile and the cue beside it
    "trumps.pile_size": "Pile: {cards}",
    "trumps.pile_empty": "The pile is empty",
    "trumps.to_beat": "To beat: {card}",
    "trumps.top": "Top card",
    "trumps.all": "all {n}",
    "trumps.rule.plain.you": "Beat it with a higher {suit} or any {trump} (your trump).",
    "trumps.rule.trump.you": "Only a higher {trump} beats it: it is your trump.",
    "trumps.rule.ace.you": "Nothing beats the ace of your trump.",
    "trumps.rule.plain.other": "{name} beats it with a higher {suit} or any {trump}.",
    "trumps.rule.trump.other": "Only a higher {trump} beats it for {name}.",
    "trumps.rule.ace.other": "Nothing beats it for {name}: the ace of {name}'s trump.",
    "trumps.beaters.none": "None of your cards beats it.",
    "trumps.beaters.one": "One of your cards beats it.",
    "trumps.beaters.many": "{n} of your cards beat it.",
    "trumps.why.plain": "not your trump: {cards}",
    "trumps.why.trump": "your trump: {cards}",
    "trumps.why.trump_ace": "the ace of your trump: the whole pile, {cards}",
    "trumps.drop_here": "Drop here",
    "trumps.cue.second": "Second card",
    "trumps.cue.second_you": "{beaten} is beaten. Play any card: {other} must beat it.",
    "trumps.cue.second_other": "{name} beat {beaten} and plays any card next: {other} must beat it.",
    # buttons
    "trumps.btn.pickup": "Pick up {n}",
    "trumps.btn.pickup_idle": "Pick up",
    "trumps.btn.beaters_show": "Show beaters",
    "trumps.btn.beaters_hide": "Hide beaters",
    # the status line
    "trumps.status.lead": "Lead any card: drag it onto the pile.",
    "trumps.status.beat": "Beat {top}: drag a card that beats it onto the pile.",
    "trumps.status.second": "Now play any second card.",
    "trumps.status.pickup": "You cannot beat {top}: pick up ({why}).",
    "trumps.status.other_lead": "{name} leads a card.",
    "trumps.status.other_beat": "{name} must beat {top} or pick up.",
    "trumps.status.other_second": "{name} beat the card and now plays a second one.",
    "trumps.status.repetition": "This position has come up twice: a third time is a draw.",
    "trumps.status.win": "{name} wins: no cards left.",
    "trumps.status.draw_check": "A draw: both players finish together.",
    "trumps.status.repetition_end": "A draw by repetition.",
    # the log
    "trumps.log.choose": "{name} chose {suit} as trump.",
    "trumps.log.deal": "{dealer} dealt 18 cards each; {first} leads.",
    "trumps.log.six": "{giver} handed {card} to {taker} ({taker}'s trump).",
    "trumps.log.no_six": "No six changed hands.",
    "trumps.log.lead": "{name} led {card}.",
    "trumps.log.beat": "{name} beat {beaten} with {card}.",
    "trumps.log.beat_second": "{name} beat {beaten} with {card} and played {second}.",
    "trumps.log.beat_last": "{name} beat {beaten} with {card}, the last card.",
    "trumps.log.pickup.plain": "{name} picked up {cards}: {list}.",
    "trumps.log.pickup.trump": "{name} picked up {cards} ({top} is {name}'s trump): {list}.",
    "trumps.log.pickup.trump_ace": "{name} picked up the whole pile, {cards} ({top} is the ace of {name}'s "
                                   "trump): {list}.",
    "trumps.log.end.out": "{name} has no cards left and wins; {other} still holds {cards}.",
    "trumps.log.end.draw_check": "{name} is out, but {other}'s last card beats {card}: a draw.",
    "trumps.log.end.repetition": "The same position came up for the third time: a draw by repetition.",
    # toasts
    "trumps.toast.pickup_me": "You picked up {cards} — {why}.",
    "trumps.toast.pickup_other": "{name} picked up {cards}.",
    "trumps.toast.six": "{card} went to {taker}: it is {taker}'s trump.",
    # hints
    "trumps.hint.choose": "Hint: before the deal every suit is as good as another; {suit} is free.",
    "trumps.hint.beat": "Hint: beat {top} with {card}.",
    "trumps.hint.second": "Hint: play {card} as your second card.",
    "trumps.hint.lead": "Hint: lead {card}.",
    "trumps.hint.pick_up": "Hint: you cannot beat {top}; pick up ({why}).",
    # refusals
    "trumps.refuse.plain": "{card} does not beat {top}: only a higher {suit} or any {trump} (your trump) does.",
    "trumps.refuse.trump": "{card} does not beat {top}: only a higher {trump} does.",
    "trumps.refuse.ace": "{card} does not beat {top}: nothing beats the ace of your trump; pick up the "
                         "whole pile.",
    "trumps.refuse.can_beat": "You can beat {top} (with {card}, for example), so you may not pick up.",
    "trumps.refuse.second": "You beat the card: now play a second card of your choice.",
    "trumps.refuse.empty": "The pile is empty: lead any card.",
    "trumps.refuse.taken": "{suit} is already {name}'s trump: choose another suit.",
    "trumps.refuse.choose_first": "First choose your trump suit.",
    "trumps.refuse.deal_first": "The trump suits are already chosen.",
    # the end screen
    "trumps.end.win": "Won: no cards left",
    "trumps.end.loss": "Lost: {cards} left",
    "trumps.end.draw": "Draw: both finished together",
    "trumps.end.draw_repetition": "Draw by repetition: {cards} left",
    "trumps.end.trump": "Trump: {suit}",
    "trumps.end.pickups": "Picked up {times} times, {cards} in all",
    "trumps.end.pickups_one": "Picked up once, {cards}",
    "trumps.end.no_pickups": "Never picked up",
    "trumps.rules": (
        "36 cards (6 to ace), all dealt: 18 each, no stock. Before the deal each player chooses a different "
        "trump suit (the non-dealer first); the other two suits are plain. After the deal each 6 of a trump "
        "suit goes to the player whose trump it is.\n"
        "Beating: for you, a card beats the top card if it is a higher card of the same suit, or any card of "
        "YOUR trump. A card of your trump is beaten only by a higher card of your trump. The other player's "
        "trump is a plain suit for you.\n"
        "On your turn: lead any card to an empty pile; otherwise beat the top card and then play any second "
        "card, which the other player must beat. Only if you cannot beat do you pick up: 3 cards, 5 if the top "
        "card is of your trump, the whole pile if it is the ace of your trump.\n"
        "The first player without cards wins, unless the other holds exactly one card that beats that last "
        "card: then it is a draw. The third repetition of the same position is a draw.\n"
        "Controls: drag a card onto the pile (or tap it, then the pile); Pick up takes the cards. Show beaters "
        "(or B) lights up your cards that beat the top card. Keys: Tab/arrows move, Space selects, Enter plays, "
        "1-0 pick hand cards, P picks up, H hint, Ctrl+Z / Ctrl+Y back and forward."),
}

DE = {
    "game.trumps": "Eigene Trümpfe",
    "game.trumps.blurb": "Deine eigene Trumpffarbe. Stechen oder aufnehmen.",
    "trumps.suit.C": "Kreuz",
    "trumps.suit.D": "Karo",
    "trumps.suit.H": "Herz",
    "trumps.suit.S": "Pik",
    "trumps.suit_named": "{sym} ({name})",
    "trumps.cards.one": "{n} Karte",
    "trumps.cards.many": "{n} Karten",
    "trumps.badge": "Trumpf",
    "trumps.you": "{name} (du)",
    "trumps.pick.title": "{name}, wähle deine Trumpffarbe",
    "trumps.pick.explain": "Dein Trumpf sticht jede Karte der anderen Farben. Der Trumpf des anderen ist für "
                           "dich eine gewöhnliche Farbe.",
    "trumps.pick.order": "{dealer} gibt; nach dem Geben spielt {first} aus.",
    "trumps.pick.second": "{other} hat {suit} gewählt: nimm eine der drei anderen.",
    "trumps.pick.waiting": "{name} wählt eine Trumpffarbe …",
    "trumps.pick.taken": "Trumpf von {name}",
    "trumps.pick.keys": "Tippe auf eine Farbe oder drücke 1–4.",
    "trumps.pile_size": "Stapel: {cards}",
    "trumps.pile_empty": "Der Stapel ist leer",
    "trumps.to_beat": "Zu schlagen: {card}",
    "trumps.top": "Oberste Karte",
    "trumps.all": "alle {n}",
    "trumps.rule.plain.you": "Schlage sie mit einer höheren {suit} oder einer beliebigen {trump} (dein Trumpf).",
    "trumps.rule.trump.you": "Nur eine höhere {trump} schlägt sie: das ist dein Trumpf.",
    "trumps.rule.ace.you": "Das Ass deines Trumpfs schlägt nichts.",
    "trumps.rule.plain.other": "{name} schlägt sie mit einer höheren {suit} oder einer beliebigen {trump}.",
    "trumps.rule.trump.other": "Für {name} schlägt sie nur eine höhere {trump}.",
    "trumps.rule.ace.other": "Für {name} schlägt sie nichts: das Ass des eigenen Trumpfs.",
    "trumps.beaters.none": "Keine deiner Karten schlägt sie.",
    "trumps.beaters.one": "Eine deiner Karten schlägt sie.",
    "trumps.beaters.many": "{n} deiner Karten schlagen sie.",
    "trumps.why.plain": "nicht dein Trumpf: {cards}",
    "trumps.why.trump": "dein Trumpf: {cards}",
    "trumps.why.trump_ace": "das Ass deines Trumpfs: der ganze Stapel, {cards}",
    "trumps.drop_here": "Hier ablegen",
    "trumps.cue.second": "Zweite Karte",
    "trumps.cue.second_you": "{beaten} ist geschlagen. Spiele eine beliebige Karte: {other} muss sie schlagen.",
    "trumps.cue.second_other": "{name} hat {beaten} geschlagen und spielt als Nächstes eine beliebige Karte: "
                               "{other} muss sie schlagen.",
    "trumps.btn.pickup": "{n} aufnehmen",
    "trumps.btn.pickup_idle": "Aufnehmen",
    "trumps.btn.beaters_show": "Schlagkarten zeigen",
    "trumps.btn.beaters_hide": "Schlagkarten ausblenden",
    "trumps.status.lead": "Spiele eine beliebige Karte aus: ziehe sie auf den Stapel.",
    "trumps.status.beat": "Schlage {top}: ziehe eine Karte, die sie schlägt, auf den Stapel.",
    "trumps.status.second": "Jetzt eine beliebige zweite Karte spielen.",
    "trumps.status.pickup": "Du kannst {top} nicht schlagen: nimm auf ({why}).",
    "trumps.status.other_lead": "{name} spielt eine Karte aus.",
    "trumps.status.other_beat": "{name} muss {top} schlagen oder aufnehmen.",
    "trumps.status.other_second": "{name} hat geschlagen und spielt jetzt eine zweite Karte.",
    "trumps.status.repetition": "Diese Stellung gab es schon zweimal: beim dritten Mal ist es ein Remis.",
    "trumps.status.win": "{name} gewinnt: keine Karten mehr.",
    "trumps.status.draw_check": "Remis: beide werden gleichzeitig fertig.",
    "trumps.status.repetition_end": "Remis durch Stellungswiederholung.",
    "trumps.log.choose": "{name} wählt {suit} als Trumpf.",
    "trumps.log.deal": "{dealer} hat je 18 Karten gegeben; {first} spielt aus.",
    "trumps.log.six": "{giver} gibt {card} an {taker} weiter (Trumpf von {taker}).",
    "trumps.log.no_six": "Keine Sechs wechselt den Besitzer.",
    "trumps.log.lead": "{name} spielt {card} aus.",
    "trumps.log.beat": "{name} schlägt {beaten} mit {card}.",
    "trumps.log.beat_second": "{name} schlägt {beaten} mit {card} und spielt {second}.",
    "trumps.log.beat_last": "{name} schlägt {beaten} mit {card}, der letzten Karte.",
    "trumps.log.pickup.plain": "{name} nimmt {cards} auf: {list}.",
    "trumps.log.pickup.trump": "{name} nimmt {cards} auf ({top} ist Trumpf von {name}): {list}.",
    "trumps.log.pickup.trump_ace": "{name} nimmt den ganzen Stapel auf, {cards} ({top} ist das Trumpf-Ass "
                                   "von {name}): {list}.",
    "trumps.log.end.out": "{name} hat keine Karten mehr und gewinnt; {other} hält noch {cards}.",
    "trumps.log.end.draw_check": "{name} ist fertig, aber die letzte Karte von {other} schlägt {card}: Remis.",
    "trumps.log.end.repetition": "Dieselbe Stellung kam zum dritten Mal vor: Remis durch Wiederholung.",
    "trumps.toast.pickup_me": "Du hast {cards} aufgenommen — {why}.",
    "trumps.toast.pickup_other": "{name} hat {cards} aufgenommen.",
    "trumps.toast.six": "{card} geht an {taker}: das ist Trumpf von {taker}.",
    "trumps.hint.choose": "Tipp: Vor dem Geben ist jede Farbe gleich gut; {suit} ist frei.",
    "trumps.hint.beat": "Tipp: Schlage {top} mit {card}.",
    "trumps.hint.second": "Tipp: Spiele {card} als zweite Karte.",
    "trumps.hint.lead": "Tipp: Spiele {card} aus.",
    "trumps.hint.pick_up": "Tipp: Du kannst {top} nicht schlagen; nimm auf ({why}).",
    "trumps.refuse.plain": "{card} schlägt {top} nicht: nur eine höhere {suit} oder eine beliebige {trump} "
                           "(dein Trumpf).",
    "trumps.refuse.trump": "{card} schlägt {top} nicht: nur eine höhere {trump}.",
    "trumps.refuse.ace": "{card} schlägt {top} nicht: das Ass deines Trumpfs schlägt nichts; nimm den ganzen "
                         "Stapel auf.",
    "trumps.refuse.can_beat": "Du kannst {top} schlagen (zum Beispiel mit {card}), also darfst du nicht "
                              "aufnehmen.",
    "trumps.refuse.second": "Du hast geschlagen: spiele jetzt eine beliebige zweite Karte.",
    "trumps.refuse.empty": "Der Stapel ist leer: spiele eine beliebige Karte aus.",
    "trumps.refuse.taken": "{suit} ist schon Trumpf von {name}: wähle eine andere Farbe.",
    "trumps.refuse.choose_first": "Wähle zuerst deine Trumpffarbe.",
    "trumps.refuse.deal_first": "Die Trumpffarben sind schon gewählt.",
    "trumps.end.win": "Gewonnen: keine Karten mehr",
    "trumps.end.loss": "Verloren: {cards} übrig",
    "trumps.end.draw": "Remis: beide gleichzeitig fertig",
    "trumps.end.draw_repetition": "Remis durch Wiederholung: {cards} übrig",
    "trumps.end.trump": "Trumpf: {suit}",
    "trumps.end.pickups": "{times}-mal aufgenommen, insgesamt {cards}",
    "trumps.end.pickups_one": "Einmal aufgenommen, {cards}",
    "trumps.end.no_pickups": "Nie aufgenommen",
    "trumps.rules": (
        "36 Karten (6 bis Ass), alle werden verteilt: je 18, kein Talon. Vor dem Geben wählt jeder eine andere "
        "Trumpffarbe (wer nicht gibt, zuerst); die beiden anderen Farben sind gewöhnlich. Nach dem Geben geht "
        "jede Sechs einer Trumpffarbe an den, dessen Trumpf sie ist.\n"
        "Schlagen: für dich schlägt eine Karte die oberste Karte, wenn sie eine höhere Karte derselben Farbe "
        "ist oder eine beliebige Karte DEINES Trumpfs. Eine Karte deines Trumpfs schlägt nur ein höherer "
        "Trumpf von dir. Der Trumpf des anderen ist für dich eine gewöhnliche Farbe.\n"
        "Am Zug: auf einen leeren Stapel eine beliebige Karte ausspielen; sonst die oberste Karte schlagen und "
        "danach eine beliebige zweite Karte spielen, die der andere schlagen muss. Nur wer nicht schlagen kann, "
        "nimmt auf: 3 Karten, 5 wenn die oberste Karte deine Trumpffarbe hat, den ganzen Stapel beim Ass "
        "deines Trumpfs.\n"
        "Wer zuerst keine Karten mehr hat, gewinnt, außer der andere hält genau eine Karte, die diese letzte "
        "Karte schlägt: dann Remis. Die dritte Wiederholung derselben Stellung ist ebenfalls Remis.\n"
        "Bedienung: Karte auf den Stapel ziehen (oder antippen, dann den Stapel); Aufnehmen nimmt die Karten. "
        "Schlagkarten zeigen (oder B) hebt deine Karten hervor, die die oberste Karte schlagen. Tasten: "
        "Tab/Pfeile bewegen, Leertaste wählt, Enter spielt, 1-0 wählen Handkarten, P nimmt auf, H Tipp, "
        "Strg+Z / Strg+Y zurück und vor."),
}
