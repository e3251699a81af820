"""Every card's text, once.

Each game's ``cards.toml`` holds, for every card, tile, die face, spell, Night card, artefact and ability a player
meets, its name as printed and its full text in our own words (keywords, when it applies, what it costs): every
table of a top-level list that has an ``id`` has a ``name`` and a ``text``. The terminal's ``?``, the browser's card
texts (the server's catalogue), ``hexbox rules GAME`` and the card lists of docs/games/ all read them here, so
that a card reads the same everywhere. A top-level table ``[ending]`` says in words how a game ended, one sentence
per ``Result.kind`` (reports read it instead of the code).

Entries nested deeper (a tile's spaces) are parts of a component, not components: they need no text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .data import DataError
from .registry import game_info


@dataclass(frozen=True)
class CardText:
    id: str
    section: str  # the list of cards.toml it is in: "card", "curse", "events", …
    name: str
    text: str


@dataclass(frozen=True)
class Texts:
    game: str
    cards: dict[str, CardText]  # by id, in the order of cards.toml
    endings: dict[str, str]  # Result.kind -> a sentence

    def of(self, ident: str) -> CardText | None:
        """The text of a card by its id; an id with a copy number ("i_raven#2") is the card's."""
        return self.cards.get(ident) or self.cards.get(COPY.sub("", ident))

    def named(self) -> list[CardText]:
        """Every entry, longest name first (so that "Super Salve" is found before "Salve")."""
        return sorted(self.cards.values(), key=lambda c: (-len(c.name), c.name))


#: the copy number some games add to a card's id in observations
COPY = re.compile(r"#\d+$")


@lru_cache(maxsize=16)
def texts(game: str) -> Texts:
    """The names and texts of ``game``'s components; DataError naming the entry that has none."""
    catalogue = game_info(game).hook("catalogue")
    data = catalogue() if catalogue is not None else {}
    where = f"{game}/cards.toml"
    cards: dict[str, CardText] = {}
    for section, entries in data.items():
        if not isinstance(entries, list) or not all(isinstance(e, dict) and "id" in e for e in entries):
            continue
        for e in entries:
            ident, name, text = e["id"], e.get("name"), e.get("text")
            if not (isinstance(name, str) and name.strip()):
                raise DataError(f"{where}: {section} {ident!r} has no name a player reads")
            if not (isinstance(text, str) and text.strip()):
                raise DataError(f"{where}: {section} {ident!r} ({name}) has no text: every card says what it does")
            if ident in cards:
                raise DataError(f"{where}: the id {ident!r} is used twice ({cards[ident].section} and {section})")
            cards[ident] = CardText(ident, section, name.strip(), " ".join(text.split()))
    endings = data.get("ending", {})
    if not isinstance(endings, dict) or not all(isinstance(v, str) and v for v in endings.values()):
        raise DataError(f"{where}: [ending] gives each result kind a sentence")
    kinds = set(game_info(game).result_kinds)
    if endings and set(endings) != kinds:
        raise DataError(f"{where}: [ending] must word exactly the result kinds {sorted(kinds)}, not {sorted(endings)}")
    return Texts(game, cards, dict(endings))


def ending(game: str, kind: str | None) -> str | None:
    """How a game ended, in words, for a result's kind (None if the game words none)."""
    try:
        return texts(game).endings.get(kind or "")
    except Exception:  # noqa: BLE001 — a report of an unknown game still shows its code
        return None


#: the heading of each list of cards.toml in the card texts of docs/games and `hexbox rules`
TITLES = {"card": "Cards", "goal": "Goal cards", "auction": "Auction cards", "clan": "Clans", "face": "Die faces",
          "curse": "Curses", "permanent": "Permanent Curses", "artefact": "Artefacts", "phrase": "The phrase book",
          "adventurers": "Adventurers", "monsters": "Monsters", "discovery": "Discovery cards", "events": "Event cards",
          "tiles": "Board tiles"}

#: the block of docs/games/<game>.md that `cards_markdown` writes (tests/test_texts.py keeps it current)
BEGIN = "<!-- card texts: written from cards.toml by `python -m hexbox.games`; edit cards.toml, not this -->"
END = "<!-- end of card texts -->"


def cards_markdown(game: str) -> str:
    """Every component's name and text, as Markdown: a table per list of cards.toml, identical cards once."""
    out: list[str] = []
    by: dict[str, dict[tuple[str, str], None]] = {}
    for c in texts(game).cards.values():
        by.setdefault(c.section, {})[(c.name, c.text)] = None
    for section, entries in by.items():
        out += [f"### {TITLES.get(section, section.capitalize())}", "", "| Name | In our words |", "|---|---|"]
        out += [f"| {name} | {text.replace('|', '/')} |" for name, text in entries]
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def reference(game: str) -> str:
    """``game``'s rules reference (its ``reference.md``, as ``hexbox rules GAME`` and the browser's rules page show
    it), with the card texts written afresh from cards.toml, the one source of what a card says."""
    from importlib import resources

    return with_cards((resources.files(game_info(game).package) / "reference.md").read_text(encoding="utf-8"), game)


def with_cards(markdown: str, game: str) -> str:
    """``markdown`` with its card-text block written afresh from cards.toml (unchanged if it has none)."""
    start, end = markdown.find(BEGIN), markdown.find(END)
    if start < 0 or end < start:
        return markdown
    return markdown[:start] + BEGIN + "\n\n" + cards_markdown(game) + "\n" + markdown[end:]
