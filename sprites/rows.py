"""The type system's rule for groups: a row of buttons (or any group of labels) is set in one size, the largest
at which every label in it fits, wrapping where one cannot fit on one line, never one label shrunk alone."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol, TypeVar

import pygame

from sprites.text import Fonts

LABEL_SIZE = 0.56  # a button's label per em, as a share of its height (one line)
WRAP_SIZE = 0.4  # the largest per em at which two lines of label fit a button's height


class Labelled(Protocol):
    label: str
    rect: pygame.Rect


def room(rect: pygame.Rect) -> int:
    """The width a label may take on a button: its width less a rounded end each side."""
    return rect.w - round(rect.h * 0.5)


def own_px(fonts: Fonts, label: str, rect: pygame.Rect, short: str = "") -> int:
    """The size one label would take alone: on one line as large as fits, or (where that would go under the
    type scale's floor and the label has words to break) the size at which it wraps onto two lines; where two
    lines at that size are taller than the button (a large window's floor), or a single word is wider than it,
    its ``short`` form's size."""
    top = round(rect.h * LABEL_SIZE)
    px = fonts.fit_px(label, top, room(rect))
    if fonts.size(label, px)[0] <= room(rect):
        return px
    if " " not in label.strip():  # one word too wide even at the floor: its short form, where it has one
        return own_px(fonts, short, rect) if short else px
    px = min(top, max(fonts.floor, round(rect.h * WRAP_SIZE)))
    if short and not _stands(fonts, _wrapped(fonts, label, rect, px), px, rect):
        return own_px(fonts, short, rect)
    return px


def _wrapped(fonts: Fonts, label: str, rect: pygame.Rect, px: int) -> list[str]:
    return fonts.wrap(label, px, max(1, room(rect) + round(rect.h * 0.2)))


def _stands(fonts: Fonts, lines: list[str], px: int, rect: pygame.Rect) -> bool:
    """Whether ``lines`` at ``px`` stand inside the button's height."""
    return len(lines) * fonts.get(px).get_linesize() <= rect.h


def lines_at(fonts: Fonts, label: str, rect: pygame.Rect, px: int, short: str = "") -> list[str]:
    """``label`` at ``px`` on ``rect``: one line where it fits, else wrapped between its words, else (too tall
    for the button) its ``short`` form."""
    if fonts.size(label, px)[0] <= room(rect):
        return [label]
    if " " not in label.strip():
        return lines_at(fonts, short, rect, px) if short else [label]
    lines = _wrapped(fonts, label, rect, px)
    if short and not _stands(fonts, lines, px, rect):
        return lines_at(fonts, short, rect, px)
    return lines


L = TypeVar("L", bound=Labelled)


def rows_of(items: Iterable[L]) -> list[list[L]]:
    """Items side by side: the same top and height make a row (a lone item is a row of one)."""
    rows: dict[tuple[int, int], list[L]] = {}
    for item in items:
        rows.setdefault((item.rect.y, item.rect.h), []).append(item)
    return list(rows.values())


def groups_of(items: Sequence[L]) -> list[list[L]]:
    """Items set in one size: a row (the same top and height), and a column of items each alone in its row
    (the same left, width and height: a menu's buttons, one under the other)."""
    parent = list(range(len(items)))
    per_row: dict[tuple[int, int], int] = {}
    for item in items:
        per_row[(item.rect.y, item.rect.h)] = per_row.get((item.rect.y, item.rect.h), 0) + 1

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    first: dict[tuple, int] = {}
    for i, item in enumerate(items):
        r = item.rect
        alone = per_row[(r.y, r.h)] == 1
        for key in (("row", r.y, r.h), ("column", r.x, r.w, r.h)) if alone else (("row", r.y, r.h),):
            j = first.setdefault(key, i)
            parent[root(i)] = root(j)
    out: dict[int, list[L]] = {}
    for i, item in enumerate(items):
        out.setdefault(root(i), []).append(item)
    return list(out.values())


def group_px(fonts: Fonts, items: Sequence[Labelled]) -> int:
    """The one size of a group: the smallest of its labels' own sizes."""
    return min((own_px(fonts, item.label, item.rect, getattr(item, "short", "")) for item in items),
               default=fonts.floor)


class Settable(Labelled, Protocol):
    px: int | None


def fit_rows(fonts: Fonts, buttons: Sequence[Settable]) -> None:
    """Give every button its group's one size (``px``): its row's, its column's."""
    for row in groups_of(buttons):
        px = group_px(fonts, row)
        for b in row:
            b.px = px


def ellipsize(fonts: Fonts, line: str, px: int, width: int) -> str:
    """``line`` shortened by whole words (else letters) until it fits ``width`` with an ellipsis after it."""
    words = line.split()
    while len(words) > 1 and fonts.size(" ".join(words) + "…", px)[0] > width:
        words.pop()
    text = " ".join(words).rstrip(",;:—-– ")
    while text and fonts.size(text + "…", px)[0] > width:
        text = text[:-1]
    return text + "…"


def fit_blocks(fonts: Fonts, texts: Sequence[str], px: int, width: int, height: int) -> tuple[int, list[list[str]]]:
    """A group of paragraphs in one size (a tile's blurb each): the largest up to ``px`` at which every one wraps
    within ``width`` into at most ``height`` pixels. Where even the floor is too large each keeps the lines
    that fit, the last ending in an ellipsis: never a sentence cut without one."""
    px = max(px, fonts.floor)
    while True:
        blocks = [fonts.wrap(t, px, width) for t in texts]
        rows = max(1, height // fonts.get(px).get_linesize())
        if all(len(b) <= rows for b in blocks) or px <= fonts.floor:
            break
        px -= 1
    out = []
    for block in blocks:
        if len(block) > rows:
            block = block[:rows - 1] + [ellipsize(fonts, " ".join(block[rows - 1:]), px, width)]
        out.append(block)
    return px, out
