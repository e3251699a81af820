"""Text that people type and others read (chat lines, names): plain, on one line, with nothing that could
reorder or hide what others see."""

from __future__ import annotations

import unicodedata


def clean_text(text: str) -> str:
    """Plain text on one line: control and formatting characters (bidi overrides, zero-width joiners…) are dropped,
    so that a line cannot reorder or hide what others see; markup is never interpreted (clients show it as text)."""
    kept = "".join(" " if ch.isspace() else ch for ch in text if ch.isspace() or unicodedata.category(ch)[0] != "C")
    return " ".join(kept.split())
