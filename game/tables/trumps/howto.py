"""Own Trumps' how-to-play pages: choosing trumps, beating, picking up 3/5/all, the end."""
from game.tables.pages import BACK, Page, Picture

PAGES = (
    Page("trumps.howto.setup.title", "trumps.howto.setup", (
        Picture(("6H", "9H", "KH", "AH"), "trumps.howto.cap.mine"),
        Picture(("6S", "TS", "QS", "AS"), "trumps.howto.cap.theirs"),
    )),
    Page("trumps.howto.beat.title", "trumps.howto.beat", (
        Picture(("9C", "JC"), "trumps.howto.cap.higher", lifted=(1,)),
        Picture(("9C", "6H"), "trumps.howto.cap.trump", lifted=(1,)),
        Picture(("9C", "JC", "4D"), "trumps.howto.cap.second", lifted=(2,)),
    )),
    Page("trumps.howto.pickup.title", "trumps.howto.pickup", (
        Picture((BACK, "8D", "QC", "KD"), "trumps.howto.cap.three", lifted=(1, 2, 3)),
        Picture((BACK, "7S", "9D", "JC", "QD", "TH"), "trumps.howto.cap.five", lifted=(1, 2, 3, 4, 5)),
        Picture(("7S", "9D", "JC", "AH"), "trumps.howto.cap.all", lifted=(0, 1, 2, 3)),
    )),
    Page("trumps.howto.end.title", "trumps.howto.end", (
        Picture((), "trumps.howto.cap.out"),
        Picture(("QS",), "trumps.howto.cap.draw"),
    )),
)
