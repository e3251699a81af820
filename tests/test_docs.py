"""The docs say what the code does: every game is in the pages about agents, strength and simulation, the sizes
of learning.md's table are `hexbox encoding`'s, and the README names the card lists that are our own design."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import hexbox
from hexbox.agents import LEVELS, levels

DOCS = Path(__file__).resolve().parents[1] / "docs"
README = Path(__file__).resolve().parents[1] / "README.md"


def short(game: str) -> str:
    """A game's title as the pages name it: "Prowl", "GROWL"."""
    return hexbox.game_info(game).title.split(":")[0].split(" (")[0]


#: hexbox's own games, which docs/ describes; a game registered from elsewhere (the test session's toy) describes
#: itself in its package (its reference.md, checked by tests/test_texts.py), so it is not a case here (not a skip)
OWN = [g for g in hexbox.games() if hexbox.game_info(g).builtin]


@pytest.mark.parametrize("game", OWN)
@pytest.mark.parametrize("page", ["agents.md", "strength.md", "simulation.md", "learning.md"])
def test_every_game_is_in_the_page(page, game):
    text = (DOCS / page).read_text(encoding="utf-8")
    assert re.search(re.escape(short(game)), text, re.IGNORECASE), f"{page} says nothing of {short(game)}"


@pytest.mark.parametrize("game", OWN)
def test_the_levels_of_agents_md_are_the_registrations(game):
    """The levels table of docs/agents.md is each game's `hexbox.agents.levels` (its registration's, else the
    default's); the lobby, `hexbox play --bots` and a server seat all read the same (tests/server/test_api.py)."""
    text = (DOCS / "agents.md").read_text(encoding="utf-8")
    rows = {m.group(1): [c.strip().strip("`") for c in m.group(2).split("|")]
            for m in re.finditer(r"^\| (\w+) \| (`[^`]+` \| `[^`]+` \| `[^`]+`) \|$", text, re.M)}
    assert rows.get(short(game).split()[0]) == list(levels(game).values()), \
        f"agents.md's levels of {short(game)}: | {short(game)} | " + " | ".join(f"`{s}`" for s in levels(game).values())
    assert "| game | " + " | ".join(f"`{lv}`" for lv in LEVELS) + " |" in text


def test_the_vector_sizes_of_learning_md_are_the_encoders():
    text = (DOCS / "learning.md").read_text(encoding="utf-8")
    rows = {m.group(1): m for m in re.finditer(r"^\| (\w+) \| ([^|]+) \| ([^|]+) \| ([\d,]+) \|$", text, re.M)}
    checked = 0
    for game in OWN:
        row = rows[short(game).split()[0]]
        players = re.findall(r"(\d+)(?: \(([^)]*)\))?", row.group(2))
        numbers = [int(n.replace(",", "")) for n in row.group(3).split("/")]
        assert len(players) == len(numbers)
        for (n, note), size in zip(players, numbers):
            options = {"curses": True, "spells": True} if "both expansions" in note else {}
            g = hexbox.load(game, players=int(n), **options)
            encoder = g.info.need("encoder", "the docs")(g)
            assert encoder.size == size, f"{game}, {n} players {note}: learning.md says {size}, not {encoder.size}"
            checked += 1
        assert int(row.group(4).replace(",", "")) == g.num_action_ids
    assert checked >= 10


def test_the_readme_names_the_card_lists_of_our_own_design():
    text = README.read_text(encoding="utf-8")
    assert "Cards of our own design" in text and "28 names" in text.replace("\n", " ")


@pytest.mark.parametrize("game", OWN)
def test_designers_md_gives_the_intended_length_of_the_registration(game):
    """The warning's yardstick (`GameInfo.intended_turns`), as docs/designers.md states it."""
    text = " ".join((DOCS / "designers.md").read_text(encoding="utf-8").split())
    intended = hexbox.game_info(game).intended_turns
    assert intended is None or f"{short(game).split()[0]} {intended}" in text
