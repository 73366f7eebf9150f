"""Cribbage's how-to-play pages: the deal and the crib, the play, the show counted aloud, the end."""
from game.tables.pages import BACK, Page, Picture

PAGES = (
    Page("cribbage.howto.setup.title", "cribbage.howto.setup", (
        Picture(("3S", "7H", "8D", "8C", "9S", "KH"), "cribbage.howto.cap.six", lifted=(0, 5)),
        Picture((BACK, BACK, BACK, BACK), "cribbage.howto.cap.crib"),
        Picture(("2D",), "cribbage.howto.cap.starter"),
    )),
    Page("cribbage.howto.play.title", "cribbage.howto.play", (
        Picture(("7H", "8D"), "cribbage.howto.cap.fifteen"),
        Picture(("9S", "9C"), "cribbage.howto.cap.pair"),
        Picture(("TH", "KD", "8C", "6S"), "cribbage.howto.cap.go"),
    )),
    Page("cribbage.howto.show.title", "cribbage.howto.show", (
        Picture(("7H", "8D", "8C", "9S"), "cribbage.howto.cap.hand"),
        Picture(("2D",), "cribbage.howto.cap.with_starter"),
    )),
    Page("cribbage.howto.end.title", "cribbage.howto.end", (
        Picture(("5H", "5D", "5C", "JS"), "cribbage.howto.cap.best"),
        Picture(("5S",), "cribbage.howto.cap.best_starter"),
    )),
)
