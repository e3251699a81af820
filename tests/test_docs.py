"""The docs say what the code does: every game is in the pages about agents, strength and simulation, the sizes
of learning.md's table are `hexbox encoding`'s, and the README names the card lists that are our own design."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import hexbox

DOCS = Path(__file__).resolve().parents[1] / "docs"
README = Path(__file__).resolve().parents[1] / "README.md"


@pytest.mark.parametrize("page", ["agents.md", "strength.md", "simulation.md", "learning.md"])
def test_every_game_is_in_the_page(page):
    text = (DOCS / page).read_text(encoding="utf-8")
    for game in hexbox.games():
        title = hexbox.game_info(game).title.split(":")[0].split(" (")[0]
        assert re.search(re.escape(title), text, re.IGNORECASE), f"{page} says nothing of {title}"


def test_the_vector_sizes_of_learning_md_are_the_encoders():
    text = (DOCS / "learning.md").read_text(encoding="utf-8")
    rows = {m.group(1): m for m in re.finditer(r"^\| (\w+) \| ([^|]+) \| ([^|]+) \| ([\d,]+) \|$", text, re.M)}
    checked = 0
    for game in hexbox.games():
        row = rows[hexbox.game_info(game).title.split(":")[0].split(" (")[0].split()[0]]
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
