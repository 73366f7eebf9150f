"""Kiosk-mode strings: attract mode, welcome back, the staff PIN pad, crash apologies (English and German)."""

EN = {
    "kiosk.attract": "Touch the screen to play",
    "kiosk.welcome.title": "Welcome!",
    "kiosk.welcome.paused": "A game was paused: {game}, {names}. Continue it, or start a new game?",
    "kiosk.welcome.continue": "Continue",
    "kiosk.welcome.new": "New game",
    "kiosk.versus": "{a} against {b}",
    "kiosk.pin.title": "Staff only",
    "kiosk.pin.prompt": "Enter the PIN to close Card Duels.",
    "kiosk.pin.wrong": "Wrong PIN. Tries left: {left}",
    "kiosk.pin.ok": "OK",
    "kiosk.pin.delete": "Delete",
    "kiosk.pin.cancel": "Cancel",
    "kiosk.crash.saved": "Sorry, something went wrong. Your game was saved: choose Continue to go on.",
    "kiosk.crash.menu": "Sorry, something went wrong. We are back at the menu.",
    "kiosk.safe.title": "Sorry, something went wrong.",
    "kiosk.safe.retry": "Try again",
}

DE = {
    "kiosk.attract": "Zum Spielen den Bildschirm berühren",
    "kiosk.welcome.title": "Willkommen!",
    "kiosk.welcome.paused": "Ein Spiel wurde unterbrochen: {game}, {names}. Weiterspielen oder neu beginnen?",
    "kiosk.welcome.continue": "Weiterspielen",
    "kiosk.welcome.new": "Neues Spiel",
    "kiosk.versus": "{a} gegen {b}",
    "kiosk.pin.title": "Nur für Personal",
    "kiosk.pin.prompt": "PIN eingeben, um Karten-Duelle zu beenden.",
    "kiosk.pin.wrong": "Falsche PIN. Verbleibende Versuche: {left}",
    "kiosk.pin.ok": "OK",
    "kiosk.pin.delete": "Löschen",
    "kiosk.pin.cancel": "Abbrechen",
    "kiosk.crash.saved": "Entschuldigung, da ist etwas schiefgegangen. Dein Spiel wurde gespeichert: "
                         "mit „Fortsetzen“ geht es weiter.",
    "kiosk.crash.menu": "Entschuldigung, da ist etwas schiefgegangen. Wir sind zurück im Menü.",
    "kiosk.safe.title": "Entschuldigung, da ist etwas schiefgegangen.",
    "kiosk.safe.retry": "Nochmal versuchen",
}
