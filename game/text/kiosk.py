"""Kiosk-mode strings: attract mode, welcome back, the staff PIN pad, crash apologies: the English source
(Babel extracts them; translations in game/locale)."""
from game.text.marks import N_

STRINGS = (
    N_("kiosk.attract", "Touch the screen to play"),
    N_("kiosk.already", "Card Duels is already running as a kiosk on this computer: this second copy does not start."),
    N_("kiosk.welcome.title", "Welcome!"),
    N_("kiosk.welcome.paused", "A game was paused: {game}, {names}. Continue it, or start a new game?"),
    N_("kiosk.welcome.continue", "Continue"),
    N_("kiosk.welcome.new", "New game"),
    N_("kiosk.versus", "{a} against {b}"),
    N_("kiosk.pin.title", "Staff only"),
    N_("kiosk.pin.prompt", "Enter the PIN to close Card Duels."),
    N_("kiosk.pin.wrong", "Wrong PIN. Tries left: {left}"),
    N_("kiosk.pin.ok", "OK"),
    N_("kiosk.pin.cancel", "Cancel"),
    N_("kiosk.crash.title", "Sorry, something went wrong."),
    N_("kiosk.crash.saved", "Your game was saved."),
    N_("kiosk.crash.menu", "We are back at the menu."),
    N_("kiosk.crash.continue", "Continue the game"),
    N_("kiosk.crash.ok", "OK"),
    N_("kiosk.safe.retry", "Try again"),
)
