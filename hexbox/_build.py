"""Which build is running: pure Python (the default), some modules compiled (``HEXBOX_COMPILE_ONLY``), or the full
compiled build (docs/compiled.md)."""

from __future__ import annotations

import importlib.machinery
from pathlib import Path

from hexbox.core.registry import game_info, games

_ROOT = Path(__file__).resolve().parent


def compiled_modules() -> list[str]:
    """The hexbox modules installed as extension modules (an extension is imported before a .py of its name)."""
    suffixes = sorted(importlib.machinery.EXTENSION_SUFFIXES, key=len, reverse=True)  # ".cpython-311-….so" first
    out = set()
    for path in _ROOT.rglob("*"):
        suffix = next((x for x in suffixes if path.name.endswith(x)), None)
        if suffix is not None:
            parts = path.relative_to(_ROOT.parent).parts
            out.add(".".join((*parts[:-1], path.name[: -len(suffix)])))
    return sorted(out)


def compiled() -> bool:
    """True when the engine's core is compiled too (the full build, HEXBOX_COMPILE=1)."""
    return "hexbox.core.game" in compiled_modules()


def build() -> str:
    """``"pure"`` (nothing compiled: the default, or HEXBOX_COMPILE=0), ``"compiled"`` (the full build,
    core included), or ``"mixed"`` (some modules, as ``HEXBOX_COMPILE=1 HEXBOX_COMPILE_ONLY=…`` builds)."""
    modules = compiled_modules()
    if not modules:
        return "pure"
    # the full build compiles core's game and every game's modules (GameInfo.compiled) of this package's games
    full = {"hexbox.core.game", *(f"{game_info(g).package}.{m}" for g in games() if game_info(g).builtin
                                  for m in game_info(g).compiled)}
    full = full <= set(modules)
    return "compiled" if full else "mixed"
