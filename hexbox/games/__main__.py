"""``python -m hexbox.games``: write what the docs derive from the registered games afresh: the card texts of each
game's rules reference (its package's ``reference.md``) from its cards.toml, and, for hexbox's own games, the copy
of that reference in docs/games/<game>.md and docs/encodings.md, the layout of their observation vectors.

Python runs this package's ``__init__`` first, which registers every game; a game from elsewhere is included when
its package is imported first: ``python -c "import mygame, runpy; runpy.run_module('hexbox.games')"``.
"""

from importlib import resources
from pathlib import Path

from hexbox.core.encoding import markdown
from hexbox.core.registry import game_info, games
from hexbox.core.texts import with_cards

DOCS = Path(__file__).resolve().parents[2] / "docs"


def _write(path: Path, new: str) -> None:
    if not path.exists() or path.read_text(encoding="utf-8") != new:
        path.write_text(new, encoding="utf-8")
        print(f"rewrote {path}")


for name in games():
    info = game_info(name)
    reference = Path(str(resources.files(info.package) / "reference.md"))
    fresh = with_cards(reference.read_text(encoding="utf-8"), name)
    _write(reference, fresh)
    if info.builtin:
        _write(DOCS / "games" / f"{name}.md", fresh)
# the layout of every observation vector of hexbox's own games (tests/adapters checks it is the code's)
_write(DOCS / "encodings.md", markdown([name for name in games() if game_info(name).builtin]))
