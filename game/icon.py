"""The app icon, drawn in code: the window icon at run time, and PNG/ICO/ICNS files for the packager
(``python -m game.icon build/icon`` or build.spec, which calls ``write_icon_files``)."""
from __future__ import annotations

import io
import struct
import sys
from pathlib import Path

import pygame

from sprites import theme
from sprites.suits import draw_suit

SUPERSAMPLE = 4
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = ((b"ic07", 128), (b"ic08", 256), (b"ic09", 512), (b"ic10", 1024))  # PNG-coded entries


def _card(w: int, h: int, fill: tuple, edge: tuple) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    surf.fill((*fill[:3], 0))
    radius = max(2, w // 9)
    pygame.draw.rect(surf, (*edge[:3], 255), surf.get_rect(), border_radius=radius)
    pygame.draw.rect(surf, (*fill[:3], 255), surf.get_rect().inflate(-max(2, w // 30) * 2, -max(2, w // 30) * 2),
                     border_radius=radius)
    return surf


def draw_icon(size: int, supersample: int = SUPERSAMPLE) -> pygame.Surface:
    """A square icon: two fanned cards (a back and the ace of hearts) on a felt tile."""
    big = size * supersample
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    surf.fill((*theme.FELT, 0))
    pygame.draw.rect(surf, (*theme.FELT, 255), surf.get_rect(), border_radius=big // 5)
    pygame.draw.rect(surf, (*theme.GOLD, 255), surf.get_rect(), width=max(2, big // 40), border_radius=big // 5)
    cw, ch = int(big * 0.44), int(big * 0.44 * theme.CARD_RATIO)
    back = _card(cw, ch, theme.BACK, theme.BACK_TRIM)
    inner = back.get_rect().inflate(-cw // 4, -cw // 4)
    pygame.draw.rect(back, (*theme.BACK_LINE, 255), inner, width=max(2, cw // 24), border_radius=cw // 12)
    face = _card(cw, ch, theme.CARD_FACE, theme.CARD_EDGE)
    draw_suit(face, "H", (cw / 2, ch / 2), cw * 0.62, theme.RED)
    for card, angle, dx in ((back, 14, -0.13), (face, -10, 0.13)):
        turned = pygame.transform.rotozoom(card, angle, 1.0)
        surf.blit(turned, turned.get_rect(center=(big * (0.5 + dx), big * 0.52)))
    return pygame.transform.smoothscale(surf, (size, size))


def set_window_icon() -> None:
    """The icon of the window and task bar (call before the window opens)."""
    pygame.display.set_icon(draw_icon(64, supersample=2))  # a 64 px window icon: 2x is smooth, 4x costs start-up


def png_bytes(size: int) -> bytes:
    buf = io.BytesIO()
    pygame.image.save(draw_icon(size), buf, "icon.png")
    return buf.getvalue()


def ico_bytes(sizes: tuple[int, ...] = ICO_SIZES) -> bytes:
    """A Windows .ico holding one PNG per size (PNG entries are valid since Windows Vista)."""
    images = [png_bytes(s) for s in sizes]
    head = struct.pack("<HHH", 0, 1, len(images))
    offset = len(head) + 16 * len(images)
    entries, data = b"", b""
    for s, img in zip(sizes, images, strict=True):
        dim = 0 if s >= 256 else s  # 0 means 256 in an ICONDIRENTRY
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(img), offset + len(data))
        data += img
    return head + entries + data


def icns_bytes() -> bytes:
    """A macOS .icns holding PNG-coded entries from 128 to 1024 px."""
    body = b"".join(kind + struct.pack(">I", 8 + len(img)) + img
                    for kind, img in ((kind, png_bytes(s)) for kind, s in ICNS_TYPES))
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def write_icon_files(folder: Path) -> dict[str, Path]:
    """Write card-duels.png (256 px), .ico and .icns into ``folder``; returns their paths by suffix."""
    folder.mkdir(parents=True, exist_ok=True)
    out = {"png": folder / "card-duels.png", "ico": folder / "card-duels.ico", "icns": folder / "card-duels.icns"}
    out["png"].write_bytes(png_bytes(256))
    out["ico"].write_bytes(ico_bytes())
    out["icns"].write_bytes(icns_bytes())
    return out


if __name__ == "__main__":
    for path in write_icon_files(Path(sys.argv[1] if len(sys.argv) > 1 else "build/icon")).values():
        print(f"wrote {path}")
