"""Copy text to the system clipboard: pygame.scrap where it works, else kept in the app (harmless)."""
from __future__ import annotations

import pygame


def copy(app, text: str) -> bool:
    """Put ``text`` on the clipboard; True if the system clipboard took it. ``app.clipboard`` always holds it."""
    app.clipboard = text
    try:
        pygame.scrap.put_text(text)  # pygame-ce: the SDL clipboard, no init needed
        return True
    except (pygame.error, AttributeError, NotImplementedError):
        return False


def paste(app) -> str:
    """The clipboard's text: the system's where it works and holds some, else what this app copied last."""
    try:
        text = pygame.scrap.get_text()
    except (pygame.error, AttributeError, NotImplementedError):
        text = ""
    return text or getattr(app, "clipboard", "") or ""
