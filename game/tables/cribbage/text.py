"""Cribbage strings, log sentences and the spoken count (English and German)."""

_EN_NUMBERS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
               "sixteen seventeen eighteen nineteen twenty twenty-one twenty-two twenty-three twenty-four "
               "twenty-five twenty-six twenty-seven twenty-eight twenty-nine thirty thirty-one").split()
_DE_NUMBERS = ("null eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf dreizehn vierzehn fünfzehn "
               "sechzehn siebzehn achtzehn neunzehn zwanzig einundzwanzig zweiundzwanzig dreiundzwanzig "
               "vierundzwanzig fünfundzwanzig sechsundzwanzig siebenundzwanzig achtundzwanzig neunundzwanzig "
               "dreißig einunddreißig").split()

EN = {
    "game.cribbage": "Cribbage",
    "game.cribbage.blurb": "Fifteen two, fifteen four, to 121.",
    **{f"cribbage.num.{n}": w for n, w in enumerate(_EN_NUMBERS)},
    "cribbage.decimal_point": ".",
    # breakdowns (log, end screen)
    "cribbage.bd.fifteen": "15 for 2",
    "cribbage.bd.fifteens": "{n} fifteens for {points}",
    "cribbage.bd.pair": "pair for {points}",
    "cribbage.bd.pair_royal": "pair royal for {points}",
    "cribbage.bd.double_pair_royal": "double pair royal for {points}",
    "cribbage.bd.run": "run of {size} for {size}",
    "cribbage.bd.runs": "{n} runs of {size} for {points}",
    "cribbage.bd.flush": "flush for {points}",
    "cribbage.bd.nobs": "nobs for 1",
    "cribbage.bd.nothing": "nothing (0)",
    "cribbage.bd.total": "{parts} = {total}",
    "cribbage.play.fifteen": "15 for {points}",
    "cribbage.play.thirty_one": "31 for {points}",
    "cribbage.play.pair": "pair for {points}",
    "cribbage.play.pair_royal": "pair royal for {points}",
    "cribbage.play.double_pair_royal": "double pair royal for {points}",
    # the count said aloud
    "cribbage.say.fifteen": "fifteen {total}",
    "cribbage.say.pair": "a pair is {total}",
    "cribbage.say.run": "a run of {size} is {total}",
    "cribbage.say.flush": "a flush of {size} is {total}",
    "cribbage.say.nobs": "one for his nobs is {total}",
    "cribbage.say.nothing": "nineteen — nothing to count",
    "cribbage.said_total": "{said} — {total}",
    "cribbage.show_title": "{whose}: {total}",
    "cribbage.not_counted": "{whose}: not counted",
    "cribbage.whose.hand": "{name}'s hand",
    "cribbage.whose.crib": "{name}'s crib",
    # the log
    "cribbage.log.cut_for_deal": "{name} cuts {card} for the deal.",
    "cribbage.log.cut_tie": "Both cut the same rank ({cards}): cut again.",
    "cribbage.log.first_dealer": "{name} cut the lower card and deals first ({cards}).",
    "cribbage.log.cut": "{name} cuts the pack ({depth} of {of}).",
    "cribbage.log.deal": "Hand {n}: {name} deals six cards each.",
    "cribbage.log.discard": "{name} puts two cards in the crib.",
    "cribbage.log.starter": "{name} cuts ({depth} of {of}): the starter is {card}.",
    "cribbage.log.his_heels": "His heels: the starter is a Jack, {name} pegs 2 ({score}).",
    "cribbage.log.play": "{name} plays {card}, count {count}.",
    "cribbage.log.play_points": "{name} plays {card}, count {count}: {what} ({score}).",
    "cribbage.log.go": "{name} cannot play at {count}: Go.",
    "cribbage.log.point_go": "{name} pegs 1 for the go ({score}).",
    "cribbage.log.point_last_card": "{name} pegs 1 for the last card ({score}).",
    "cribbage.log.reset_31": "31: the count starts again from 0.",
    "cribbage.log.reset_go": "The count starts again from 0.",
    "cribbage.log.show": "{whose} {cards} with {starter}: {what} ({score}).",
    "cribbage.log.end_starter": "{name} reaches 121 with his heels and wins. Final: {a} {sa}, {b} {sb}.",
    "cribbage.log.end_play": "{name} reaches 121 in the play and wins. Final: {a} {sa}, {b} {sb}.",
    "cribbage.log.end_show": "{name} reaches 121 in the show and wins; later counts are not scored. "
                             "Final: {a} {sa}, {b} {sb}.",
    # play-area call-outs
    "cribbage.call.points": "{name}: {what}",
    "cribbage.call.go": "{name}: Go",
    "cribbage.call.point_go": "{name}: 1 for the go",
    "cribbage.call.point_last_card": "{name}: 1 for the last card",
    "cribbage.call.his_heels": "His heels: 2 for {name}",
    "cribbage.call.reset": "31!",
    # end screen
    "cribbage.end.pegging": "Pegging: {n}",
    "cribbage.end.hands": "Hands: {n}",
    "cribbage.end.cribs": "Cribs: {n}",
    "cribbage.end.heels": "His heels: {n}",
    "cribbage.end.best": "Best count: {total} ({cards})",
    # hints and previews
    "cribbage.hint.discard": "Hint: put {cards} in the crib — keeps {keep}: {ev} points expected "
                             "(hand {hand}, crib {crib}).",
    "cribbage.hint.play": "Hint: play {card} — {now}; net {net} points expected after the best reply.",
    "cribbage.hint.only": "Hint: play {card} — the only card that fits.",
    "cribbage.hint.nothing_now": "no points now",
    "cribbage.hint.cut": "Hint: any depth is as good as another — the cut reveals nothing about the order.",
    "cribbage.preview.one_more": "{cards} for {crib}: choose one more card.",
    "cribbage.preview.discard": "{cards} to {crib}, you keep {keep}. Drag them onto the crib or press "
                                "“To the crib”.",
    "cribbage.preview.play": "{card}: count {count}, {what}. Drag it to the play or press “Play card”.",
    "cribbage.preview.too_high": "{card} would make {count}: the count may not pass 31.",
    "cribbage.need_two": "Choose two cards for the crib.",
    "cribbage.need_one": "Choose a card to play.",
    # table labels
    "cribbage.cut_prompt": "Drag along the pack to choose where to cut",
    "cribbage.cut_of": "cut {depth} of {of}",
    "cribbage.tap_to_skip": "Tap or press a key to skip",
    "cribbage.dealer": "dealer",
    "cribbage.cards": "{n} cards",
    "cribbage.go_badge": "Go",
    "cribbage.crib": "Crib",
    "cribbage.crib_of": "{name}'s crib",
    "cribbage.starter": "Starter",
    "cribbage.pack": "Pack",
    "cribbage.count": "count",
    "cribbage.cut_for_deal_round": "Cut for the deal: the lower card deals",
    "cribbage.deals_first": "{name} cut {card} and deals first.",
    "cribbage.tie": "Both cut a {rank}: cut again.",
    "cribbage.do.cut_for_deal": "{name}, cut for the deal: drag along the pack, then press Cut.",
    "cribbage.do.cut": "{name}, cut the pack for {dealer}'s deal.",
    "cribbage.do.discard": "{name}, choose two cards for {dealer}'s crib.",
    "cribbage.do.starter": "{name}, cut the pack for the starter.",
    "cribbage.do.play": "{name}, play a card (count {count}).",
    "cribbage.btn.cut": "Cut",
    "cribbage.btn.discard": "To the crib",
    "cribbage.btn.play": "Play card",
    "cribbage.btn.skip": "Skip",
    "cribbage.rules": (
        "Two players, six cards each, first to 121 wins — at once, in any phase. The lower card of the cut deals "
        "first; the deal alternates. Each player gives two cards to the dealer's crib. The non-dealer cuts for "
        "the starter; a Jack gives the dealer 2 (his heels).\n"
        "The play: take turns playing a card, keeping the count at 31 or less. 15 and 31 score 2; a pair 2, "
        "three of a kind 6, four 12; a run of 3 or more scores one per card. When nobody can play, the last "
        "player pegs 1 for the go (Go is said automatically); after 31 or a go the count starts again.\n"
        "The show: the non-dealer's hand, the dealer's hand, then the crib, each with the starter: every "
        "fifteen 2, every pair 2, runs one per card, a flush 4 (5 with the starter; the crib only with all "
        "five), and a Jack of the starter's suit 1 (nobs). Scoring is automatic; no muggins, no clock.\n"
        "Controls: drag along the pack to choose the cut (arrow keys too), then Cut or Enter. Select two cards "
        "and drag them onto the crib (or press To the crib). Drag a card to the play, or tap it and press "
        "Play card. Keys 1-6 pick cards, Enter confirms, H hint, Ctrl+Z / Ctrl+Y back and forward. "
        "Tap or press a key to skip the count."),
}

DE = {
    "game.cribbage": "Cribbage",
    "game.cribbage.blurb": "Fünfzehn zwei, fünfzehn vier, bis 121.",
    **{f"cribbage.num.{n}": w for n, w in enumerate(_DE_NUMBERS)},
    "cribbage.decimal_point": ",",
    "cribbage.bd.fifteen": "Fünfzehn für 2",
    "cribbage.bd.fifteens": "{n}× Fünfzehn für {points}",
    "cribbage.bd.pair": "Paar für {points}",
    "cribbage.bd.pair_royal": "Drilling für {points}",
    "cribbage.bd.double_pair_royal": "Vierling für {points}",
    "cribbage.bd.run": "Folge von {size} für {size}",
    "cribbage.bd.runs": "{n} Folgen von {size} für {points}",
    "cribbage.bd.flush": "Flush für {points}",
    "cribbage.bd.nobs": "Nobs für 1",
    "cribbage.bd.nothing": "nichts (0)",
    "cribbage.bd.total": "{parts} = {total}",
    "cribbage.play.fifteen": "Fünfzehn für {points}",
    "cribbage.play.thirty_one": "31 für {points}",
    "cribbage.play.pair": "Paar für {points}",
    "cribbage.play.pair_royal": "Drilling für {points}",
    "cribbage.play.double_pair_royal": "Vierling für {points}",
    "cribbage.say.fifteen": "fünfzehn {total}",
    "cribbage.say.pair": "ein Paar macht {total}",
    "cribbage.say.run": "eine Folge von {size} macht {total}",
    "cribbage.say.flush": "ein Flush von {size} macht {total}",
    "cribbage.say.nobs": "einer für Nobs macht {total}",
    "cribbage.say.nothing": "neunzehn — nichts zu zählen",
    "cribbage.said_total": "{said} — {total}",
    "cribbage.show_title": "{whose}: {total}",
    "cribbage.not_counted": "{whose}: nicht gezählt",
    "cribbage.whose.hand": "Hand von {name}",
    "cribbage.whose.crib": "Krippe von {name}",
    "cribbage.log.cut_for_deal": "{name} hebt {card} für das Geben ab.",
    "cribbage.log.cut_tie": "Beide heben denselben Rang ab ({cards}): noch einmal abheben.",
    "cribbage.log.first_dealer": "{name} hat die niedrigere Karte und gibt zuerst ({cards}).",
    "cribbage.log.cut": "{name} hebt ab ({depth} von {of}).",
    "cribbage.log.deal": "Runde {n}: {name} gibt jedem sechs Karten.",
    "cribbage.log.discard": "{name} legt zwei Karten in die Krippe.",
    "cribbage.log.starter": "{name} hebt ab ({depth} von {of}): Startkarte ist {card}.",
    "cribbage.log.his_heels": "Startkarte Bube: {name} steckt 2 ({score}).",
    "cribbage.log.play": "{name} spielt {card}, Stand {count}.",
    "cribbage.log.play_points": "{name} spielt {card}, Stand {count}: {what} ({score}).",
    "cribbage.log.go": "{name} kann bei {count} nicht spielen: Go.",
    "cribbage.log.point_go": "{name} steckt 1 für das Go ({score}).",
    "cribbage.log.point_last_card": "{name} steckt 1 für die letzte Karte ({score}).",
    "cribbage.log.reset_31": "31: Der Stand beginnt wieder bei 0.",
    "cribbage.log.reset_go": "Der Stand beginnt wieder bei 0.",
    "cribbage.log.show": "{whose} {cards} mit {starter}: {what} ({score}).",
    "cribbage.log.end_starter": "{name} erreicht 121 mit dem Buben als Startkarte und gewinnt. "
                                "Endstand: {a} {sa}, {b} {sb}.",
    "cribbage.log.end_play": "{name} erreicht 121 im Spiel und gewinnt. Endstand: {a} {sa}, {b} {sb}.",
    "cribbage.log.end_show": "{name} erreicht 121 beim Zählen und gewinnt; spätere Zählungen entfallen. "
                             "Endstand: {a} {sa}, {b} {sb}.",
    "cribbage.call.points": "{name}: {what}",
    "cribbage.call.go": "{name}: Go",
    "cribbage.call.point_go": "{name}: 1 für das Go",
    "cribbage.call.point_last_card": "{name}: 1 für die letzte Karte",
    "cribbage.call.his_heels": "Bube als Startkarte: 2 für {name}",
    "cribbage.call.reset": "31!",
    "cribbage.end.pegging": "Im Spiel: {n}",
    "cribbage.end.hands": "Hände: {n}",
    "cribbage.end.cribs": "Krippen: {n}",
    "cribbage.end.heels": "Bube als Startkarte: {n}",
    "cribbage.end.best": "Beste Zählung: {total} ({cards})",
    "cribbage.hint.discard": "Tipp: {cards} in die Krippe — behält {keep}: {ev} Punkte erwartet "
                             "(Hand {hand}, Krippe {crib}).",
    "cribbage.hint.play": "Tipp: {card} spielen — {now}; nach der besten Antwort netto {net} Punkte erwartet.",
    "cribbage.hint.only": "Tipp: {card} spielen — die einzige Karte, die passt.",
    "cribbage.hint.nothing_now": "jetzt keine Punkte",
    "cribbage.hint.cut": "Tipp: Jede Tiefe ist so gut wie jede andere — das Abheben verrät nichts über die "
                         "Reihenfolge.",
    "cribbage.preview.one_more": "{cards} für die {crib}: wähle noch eine Karte.",
    "cribbage.preview.discard": "{cards} in die {crib}, du behältst {keep}. Auf die Krippe ziehen oder "
                                "„In die Krippe“ drücken.",
    "cribbage.preview.play": "{card}: Stand {count}, {what}. Ins Spiel ziehen oder „Karte spielen“ drücken.",
    "cribbage.preview.too_high": "{card} ergäbe {count}: der Stand darf 31 nicht übersteigen.",
    "cribbage.need_two": "Wähle zwei Karten für die Krippe.",
    "cribbage.need_one": "Wähle eine Karte zum Spielen.",
    "cribbage.cut_prompt": "Am Stapel entlang ziehen, um die Abhebestelle zu wählen",
    "cribbage.cut_of": "{depth} von {of} abheben",
    "cribbage.tap_to_skip": "Tippen oder Taste drücken zum Überspringen",
    "cribbage.dealer": "Geber",
    "cribbage.cards": "{n} Karten",
    "cribbage.go_badge": "Go",
    "cribbage.crib": "Krippe",
    "cribbage.crib_of": "Krippe von {name}",
    "cribbage.starter": "Startkarte",
    "cribbage.pack": "Stapel",
    "cribbage.count": "Stand",
    "cribbage.cut_for_deal_round": "Abheben um das Geben: die niedrigere Karte gibt",
    "cribbage.deals_first": "{name} hat {card} abgehoben und gibt zuerst.",
    "cribbage.tie": "Beide haben eine {rank}: noch einmal abheben.",
    "cribbage.do.cut_for_deal": "{name}, hebe um das Geben ab: am Stapel entlang ziehen, dann Abheben drücken.",
    "cribbage.do.cut": "{name}, hebe für das Geben von {dealer} ab.",
    "cribbage.do.discard": "{name}, wähle zwei Karten für die Krippe von {dealer}.",
    "cribbage.do.starter": "{name}, hebe für die Startkarte ab.",
    "cribbage.do.play": "{name}, spiele eine Karte (Stand {count}).",
    "cribbage.btn.cut": "Abheben",
    "cribbage.btn.discard": "In die Krippe",
    "cribbage.btn.play": "Karte spielen",
    "cribbage.btn.skip": "Überspringen",
    "cribbage.rules": (
        "Zwei Spieler, je sechs Karten; wer zuerst 121 erreicht, gewinnt — sofort, in jeder Phase. Die "
        "niedrigere abgehobene Karte gibt zuerst, danach wird abgewechselt. Jeder legt zwei Karten in die "
        "Krippe des Gebers. Der Nicht-Geber hebt für die Startkarte ab; ein Bube bringt dem Geber 2.\n"
        "Das Spiel: abwechselnd eine Karte spielen, der Stand bleibt höchstens 31. 15 und 31 zählen 2; ein "
        "Paar 2, ein Drilling 6, ein Vierling 12; eine Folge ab 3 Karten zählt eine pro Karte. Kann niemand "
        "mehr spielen, steckt der letzte Spieler 1 für das Go (Go kommt automatisch); nach 31 oder einem Go "
        "beginnt der Stand wieder bei 0.\n"
        "Das Zählen: zuerst die Hand des Nicht-Gebers, dann die des Gebers, dann die Krippe, jeweils mit der "
        "Startkarte: jede Fünfzehn 2, jedes Paar 2, Folgen eine pro Karte, ein Flush 4 (5 mit der Startkarte; "
        "die Krippe nur mit allen fünf) und der Bube in der Farbe der Startkarte 1 (Nobs). Alles wird "
        "automatisch gezählt; kein Muggins, keine Uhr.\n"
        "Bedienung: am Stapel entlang ziehen (oder Pfeiltasten), dann Abheben oder Enter. Zwei Karten wählen "
        "und auf die Krippe ziehen (oder In die Krippe drücken). Eine Karte ins Spiel ziehen oder antippen und "
        "Karte spielen drücken. Tasten 1-6 wählen Karten, Enter bestätigt, H Tipp, Strg+Z / Strg+Y zurück und "
        "vor. Tippen oder eine Taste überspringt das Zählen."),
}
