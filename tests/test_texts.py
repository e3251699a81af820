"""Every card's text, once (hexbox.core.texts): read from each game's cards.toml by the terminal's ``?``,
`hexbox rules`, the browser's catalogue and each game's rules reference (docs/games for hexbox's own); the kit's
check that every component seen in an observation has one is in tests/test_conformance.py."""

from __future__ import annotations

import io
import random
from importlib import resources
from pathlib import Path

import pytest
from rich.console import Console

import hexbox
from hexbox.core import Record
from hexbox.core.texts import BEGIN, END, reference, texts, with_cards
from hexbox.terminal import TerminalTable

from .test_screens import internals

DOCS = Path(__file__).resolve().parents[1] / "docs" / "games"


@pytest.mark.parametrize("game", hexbox.games())
def test_every_component_has_a_name_and_a_text_without_internals(game):
    """Every entry with an id in the game's catalogue (its cards.toml) is a component with words: none is left out
    of the texts, however few the game has."""
    t = texts(game)
    catalogue = hexbox.game_info(game).need("catalogue", "the card texts")()
    declared = [e["id"] for entries in catalogue.values() if isinstance(entries, list)
                for e in entries if isinstance(e, dict) and "id" in e]
    assert declared and list(t.cards) == declared
    for c in t.cards.values():
        assert c.name and len(c.text) >= 20, c
        assert internals(c.text) == [], (c.id, internals(c.text))
    assert set(t.endings) == set(hexbox.game_info(game).result_kinds), "every way a game ends has its words"


@pytest.mark.parametrize("game", hexbox.games())
def test_the_rules_reference_shows_the_card_texts_of_cards_toml(game):
    """A game's rules reference is its package's reference.md (`hexbox rules`, the browser's rules page); hexbox's
    own games have a copy of it in docs/games/, which the registration says (``builtin``)."""
    info = hexbox.game_info(game)
    doc = (resources.files(info.package) / "reference.md").read_text(encoding="utf-8")
    assert BEGIN in doc and END in doc
    assert with_cards(doc, game) == doc, "the reference is behind cards.toml: run `python -m hexbox.games`"
    some = list(texts(game).cards.values())[::7]
    assert all(c.text.replace("|", "/") in doc for c in some)
    assert reference(game) == doc
    if info.builtin:
        assert (DOCS / f"{game}.md").read_text(encoding="utf-8") == doc, \
            "docs/games is behind the game's reference.md: run `python -m hexbox.games`"


def explained(game: str, screen: str) -> str:
    console = Console(file=io.StringIO(), width=200)
    state = hexbox.load(game).new_state(1)
    TerminalTable(console, state, Record(game, state.game.players), [0], {}, random.Random(0)).explain(screen)
    return console.file.getvalue()


def test_question_mark_explains_growls_spells_and_night_cards_and_a_longer_name_first():
    out = explained("growl", "in front: Wolfsbane, Owl Feather; Night card: Séance; Hand: Super Salve")
    for name in ("Wolfsbane", "Owl Feather", "Séance", "Super Salve"):
        assert f"{name}: " + texts("growl").cards[next(k for k, c in texts("growl").cards.items()
                                                      if c.name == name)].text[:40] in out.replace("\n", " ")
    assert "\nSalve: " not in "\n" + out, "Super Salve is not also a Salve"


def test_question_mark_explains_transylvanias_adventurers_knowledge_and_events_in_words():
    out = explained("transylvania", "seat 1: Big Game Hunter at the Crypt · examined: Slayer's Journal, Wolf Pack")
    assert "Big Game Hunter: Adventurer: Movement 5, Attack 4" in out and "Stealthy Strike:" in out
    assert "stealthy_strike" not in out and "R104" not in out
    assert "Slayer's Journal: Vampire Knowledge" in out
    assert "Wolf Pack: Event: Roll Attack. 0–2: lose 2 Health" in out


def test_prowls_texts_name_their_keywords():
    cards = {c.name: c.text for c in texts("prowl").cards.values()}
    assert cards["Eclipse Rite"].startswith("Final (")
    assert cards["War Horn"].startswith("Early (")
    assert "Attachment (" in cards["Bramble Snare"] and cards["High Mage"].startswith("Leader (")


def test_rules_read_the_card_texts_from_cards_toml():
    doc = "# X\n\n" + BEGIN + "\nstale words\n" + END + "\n\nafter\n"
    fresh = with_cards(doc, "voodoo")
    assert "stale words" not in fresh and "| Fay the Good | " in fresh and fresh.endswith(END + "\n\nafter\n")


def test_the_browsers_catalogue_carries_the_same_texts():
    pytest.importorskip("fastapi", reason="needs the [dev] extra: pip install -e '.[dev]'")
    from hexbox.server.catalogue import game_catalog

    for game in hexbox.games():
        served = game_catalog(game)["texts"]
        assert served == {c.id: {"name": c.name, "text": c.text} for c in texts(game).cards.values()}
