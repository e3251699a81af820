"""``python -m hexbox.games``: write the card texts of docs/games/<game>.md afresh from each game's cards.toml.

Python runs this package's ``__init__`` first, which registers every game.
"""

from pathlib import Path

from hexbox.core.registry import games
from hexbox.core.texts import with_cards

for name in games():
    doc = Path(__file__).resolve().parents[2] / "docs" / "games" / f"{name}.md"
    old = doc.read_text(encoding="utf-8")
    new = with_cards(old, name)
    if new != old:
        doc.write_text(new, encoding="utf-8")
        print(f"rewrote the card texts of {doc}")
