"""Kombi-Duell's how-to-play pages: the deal, a turn, the combinations, the end."""
from game.tables.pages import BACK, Page, Picture

PAGES = (
    Page("kombi.howto.setup.title", "kombi.howto.setup", (
        Picture(("2C", "6C", "8C", "QC", "KD", "2H", "4S"), "kombi.howto.cap.hand"),
        Picture((BACK, BACK, BACK), "kombi.howto.cap.pile"),
        Picture(("KS", "QS", "8S"), "kombi.howto.cap.exchange"),
    )),
    Page("kombi.howto.turn.title", "kombi.howto.turn", (
        Picture(("7C", "7H", "5D", "QC"), "kombi.howto.cap.give", lifted=(2,)),
        Picture(("KS", "7S", "8S"), "kombi.howto.cap.take", lifted=(1,)),
    )),
    Page("kombi.howto.score.title", "kombi.howto.score", (
        Picture(("7C", "7H", "7S"), "kombi.howto.cap.triple"),
        Picture(("KC", "KD", "KH", "KS"), "kombi.howto.cap.quad"),
        Picture(("QH", "KH", "AH", "2H"), "kombi.howto.cap.wrap"),
    )),
    Page("kombi.howto.end.title", "kombi.howto.end", (
        Picture((), "kombi.howto.cap.empty"),
        Picture(("9D", "9C", "9S", "JH", "QH", "KH"), "kombi.howto.cap.final"),
    )),
)
