"""The one check of a player's name, used by the names screen, the command line, saves and the network.

A name is shown on every table, so it must be drawable: 1 to :data:`NAME_MAX` printable characters
(no NUL, no control characters, no lone surrogates such as a stray ``\\xff`` byte from a command line),
with runs of spaces collapsed. Anything else is refused with a reason a player can act on.
"""
from __future__ import annotations

NAME_MAX = 16


def check_name(value: object) -> str:
    """The name as it will be shown, or ValueError saying what is wrong (never echoing the bad text)."""
    if not isinstance(value, str):
        raise ValueError("a name must be text")
    if len(value) > 4 * NAME_MAX:  # refuse before any work on a huge string
        raise ValueError(f"a name has at most {NAME_MAX} characters")
    name = " ".join(value.split())
    if not name:
        raise ValueError("a name may not be empty")
    if len(name) > NAME_MAX:
        raise ValueError(f"a name has at most {NAME_MAX} characters")
    if not value.isprintable() or not _utf8(name):
        raise ValueError("a name may contain printable characters only")
    return name


def _utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate (a JSON escape, or a byte that is not UTF-8)
        return False
    return True


def check_names(values: object) -> list[str]:
    """Two different valid names (compared ignoring case), or ValueError."""
    if not isinstance(values, (list, tuple)) or len(values) != 2:
        raise ValueError("two player names are needed")
    names = [check_name(v) for v in values]
    if names[0].casefold() == names[1].casefold():
        raise ValueError("the two names must differ")
    return names
