"""Finds the tools a game's registry entry names (``"tools.x:function"``): the product only names them."""
from __future__ import annotations

import importlib
from collections.abc import Callable


def resolve(ref: str) -> Callable:
    module, _, name = ref.partition(":")
    if not module.startswith("tools."):
        raise ValueError(f"{ref!r}: a game's tools live under tools/")
    return getattr(importlib.import_module(module), name)
