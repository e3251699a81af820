"""A game's data, loaded one way by every game: its ``cards.toml``, which the game's cards.py reads (and
validates) with :func:`cards_toml`, and which the game offers as its ``catalogue`` hook (:func:`catalogue_of`):
what is printed in the box, public to every client (the server's catalogue, the texts of ``?`` and ``hexbox
rules``)."""

from __future__ import annotations

from collections.abc import Callable
from importlib import resources
from typing import Any

from .data import parse_toml, read_toml


def cards_toml(package: str) -> dict[str, Any]:
    """The game package's ``cards.toml``, parsed (``DataError`` if it is missing or malformed)."""
    return read_toml(package, "cards.toml")


def catalogue_of(package: str) -> Callable[[], dict[str, Any]]:
    """The ``catalogue`` hook of a game package: ``catalogue()`` reads its ``cards.toml`` as it stands, a fresh
    dict for each caller ({} for a game without one)."""

    def catalogue() -> dict[str, Any]:
        data = resources.files(package) / "cards.toml"
        return parse_toml(data.read_text(encoding="utf-8")) if data.is_file() else {}

    catalogue.__qualname__ = f"catalogue_of({package!r})"
    return catalogue
