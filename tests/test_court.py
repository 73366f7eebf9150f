"""Court-card art: a drawn figure per rank, double-ended, in the suit's colours, at every card size."""
from __future__ import annotations

import pygame
import pytest

from rules.cards import Card
from sprites import theme
from sprites.cards import CardArt
from sprites.text import Fonts

WIDTHS = (40, 64, 110, 260)


@pytest.fixture(scope="module")
def fonts():
    pygame.init()
    return Fonts()


def count_near(surf: pygame.Surface, color, tol: int = 50) -> int:
    return pygame.mask.from_threshold(surf, (*color, 255), (tol, tol, tol, 120)).count()


def panel(art: CardArt, card: str) -> pygame.Surface:
    """The middle of the face, inside the index columns: where the figure (or the pips) are."""
    face = art.face(card)
    w, h = face.get_size()
    return face.subsurface(pygame.Rect(round(w * 0.3), round(h * 0.15), round(w * 0.4), round(h * 0.7))).copy()


@pytest.mark.parametrize("width", WIDTHS)
def test_courts_render_at_every_size_in_their_suit_colours(fonts, width):
    art = CardArt(width, fonts)
    for rank in "JQK":
        for suit in "CDHS":
            face = art.face(f"{rank}{suit}")
            assert face.get_size() == art.size
            if suit in "DH":  # red suits carry no ink-black, black suits no red
                assert count_near(face, theme.INK) == 0, (rank, suit, width)
            else:
                assert count_near(face, theme.RED) == 0, (rank, suit, width)


def test_a_court_is_a_figure_not_a_letter(fonts):
    """The court panel holds skin, gold and the suit's garment, which no number card has."""
    art = CardArt(140, fonts)
    skin = (247, 216, 184)
    for card in ("JS", "QH", "KD", "KC"):
        figure = panel(art, card)
        assert count_near(figure, skin, 12) > 150, card
        assert count_near(figure, theme.GOLD, 25) > 80, card
        assert count_near(figure, theme.RED if card[1] in "DH" else theme.INK, 30) > 400, card
    for card in ("7C", "TH", "AS"):
        assert count_near(panel(art, card), skin, 12) == 0, card


def test_ranks_differ_and_the_figure_is_double_ended(fonts):
    art = CardArt(120, fonts)
    shots = {pygame.image.tobytes(panel(art, f"{r}H"), "RGBA") for r in "JQK"}
    assert len(shots) == 3
    face = art.face("KS")
    w, h = face.get_size()
    mid = pygame.Rect(round(w * 0.3), round(h * 0.12), round(w * 0.4), round(h * 0.76))
    top = face.subsurface(mid.x, mid.y, mid.w, mid.h // 2).copy()
    bottom = face.subsurface(mid.x, mid.bottom - mid.h // 2, mid.w, mid.h // 2).copy()
    turned = pygame.transform.flip(bottom, True, True)
    coarse = (mid.w // 4, mid.h // 8)  # blur away the one-pixel rounding between the halves
    top, turned = pygame.transform.smoothscale(top, coarse), pygame.transform.smoothscale(turned, coarse)
    same = sum(1 for x in range(coarse[0]) for y in range(coarse[1])
               if all(abs(a - b) < 40 for a, b in zip(top.get_at((x, y)), turned.get_at((x, y)), strict=True)))
    assert same / (coarse[0] * coarse[1]) > 0.9  # the lower half is the upper half turned round
    shifted = pygame.transform.flip(turned, False, True)  # and not merely the same colours anywhere
    alike = sum(1 for x in range(coarse[0]) for y in range(coarse[1])
                if all(abs(a - b) < 40 for a, b in zip(top.get_at((x, y)), shifted.get_at((x, y)), strict=True)))
    assert alike < same


def test_each_size_draws_each_court_once(fonts):
    art = CardArt(90, fonts)
    assert art.face(Card(12, "S")) is art.face("QS")
