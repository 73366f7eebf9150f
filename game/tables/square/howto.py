"""Card Square's how-to-play pages: the square, a turn, the power cards, the count."""
from game.tables.pages import BACK, Page, Picture

PAGES = (
    Page("square.howto.setup.title", "square.howto.setup", (
        Picture((BACK, BACK), "square.howto.cap.top"),
        Picture(("4C", "KD"), "square.howto.cap.bottom", lifted=(0, 1)),
    )),
    Page("square.howto.turn.title", "square.howto.turn", (
        Picture((BACK,), "square.howto.cap.draw"),
        Picture(("3H",), "square.howto.cap.discard"),
        Picture((BACK, "3H"), "square.howto.cap.swap", lifted=(1,)),
    )),
    Page("square.howto.power.title", "square.howto.power", (
        Picture(("7H", "8C"), "square.howto.cap.peek"),
        Picture(("9D", "TS"), "square.howto.cap.spy"),
        Picture(("JC",), "square.howto.cap.jack"),
        Picture(("QD", "9H", "2S"), "square.howto.cap.queen", lifted=(1, 2)),
    )),
    Page("square.howto.end.title", "square.howto.end", (
        Picture(("AS", "2H", "KC", "KS"), "square.howto.cap.sum"),
        Picture(("QS", "TD", "5C", "9H"), "square.howto.cap.high"),
    )),
)
