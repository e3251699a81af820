"""No internals on screen: along the conformance kit's random games of every game and set-up, everything a
person reads — every seat's and the spectator's table, the words of each move for every viewer, the moves offered
(and the titles of the steps they are chosen in), the end line, the end screen's reveal of every seat — has no
Python repr, phase or rule id, option code or snake_case identifier in it."""

from __future__ import annotations

import re

import pytest
from rich.text import Text

import hexbox
from hexbox.core import conformance as kit
from hexbox.core import conformance_setups, game_info
from hexbox.core.choices import Item, group
from hexbox.terminal import end_line

INTERNALS = {
    "a Python list": re.compile(r"\[-?\d+(, -?\d+)+\]|\[\]"),
    "a Python dict": re.compile(r"\{['\"]|\w['\"]: "),
    "a Python call or constant": re.compile(r"\(\w+\(|\b\w+\(\w+=|<\w+ object|\b(None|True|False)\b"),
    "a phase id": re.compile(r"\bphase\d\b"),
    "a rule id": re.compile(r"\b[RD]\d{1,3}\b"),
    "a snake_case id": re.compile(r"\b[a-z]+(_[a-z0-9]+)+\b"),
    "a card code": re.compile(r"\b[A-Z]\d{2}\b"),
}

SETUPS = conformance_setups()
IDS = [f"{g}-{n}p" + "".join(f"-{k}={v}" for k, v in o.items()) for g, n, o in SETUPS]


def internals(text: str) -> list[str]:
    """What in ``text`` looks like an internal: (pattern, match, the line it is on)."""
    out = []
    for what, pattern in INTERNALS.items():
        for m in pattern.finditer(text):
            start = text.rfind("\n", 0, m.start()) + 1
            end = text.find("\n", m.end())
            out.append(f"{what} {m.group(0)!r} in: {text[start:end if end >= 0 else None][:160]}")
    return out


def titles(items: list[Item], menu) -> list[str]:
    """The titles of every step a long list is chosen in."""
    out = []
    for g in group(items, menu) or []:
        out.append(g.title)
        if len(g.items) > 1:
            out += titles(g.items, menu)
    return out


def screens(name: str, players: int, options: dict, seed: int, every: int = 5):
    """(where, text) of everything the terminal shows along one of the kit's random games."""
    info = game_info(name)
    render = info.hook("render")
    label = info.hook("label") or (lambda _state, _seat, action: str(action))
    menu = info.hook("menu") or {}
    viewers = [*range(players), None]
    last = None
    for n, (state, seat, action) in enumerate(kit.play_random(name, players, options, seed)):
        if n % every == 0:
            for v in viewers:
                yield f"seat {v}'s table", Text.from_markup(render(state.observe(v))).plain
            for s in state.actors:
                items = [Item.of(a, label(state, s, a)) for a in state.legal_actions(s)]
                for it in items:
                    yield f"a move of seat {s}", it.label
                for t in titles(items, menu):
                    yield f"a step of seat {s}'s choice", t
        last = state.clone()
        events = last.apply(seat, action)
        for v in viewers:
            for line in last.describe(events, v):
                yield f"what {v} is told", line
    assert last is not None and last.is_over
    for v in viewers:
        yield f"seat {v}'s final table", Text.from_markup(render(last.observe(v))).plain
        yield "the end line", end_line(last.result, [] if v is None else [v])
    reveal = info.hook("reveal")  # the end screen's row per seat: its role and what its hand held
    for r in reveal(last) if reveal else ():
        yield "the end's reveal", " · ".join(t for t in (r["role"], r["hidden"], r["why"]) if t)


def test_the_patterns_catch_what_they_are_for():
    found = internals("Winners [1, 3, 4], scores {'0': 0} phase1 (ritual(roll, shake)) Maracas [H08: SK CR; 1/2] "
                      "dominance_tiebreak R104")
    assert {w for w in INTERNALS if any(f.startswith(w + " ") for f in found)} == set(INTERNALS), found
    assert internals("Seat 2 wins — most points (5). Your goals: Werewolf, Werechow.") == []


@pytest.mark.parametrize("setup", SETUPS, ids=IDS)
def test_no_internals_on_any_screen(setup):
    found: dict[str, str] = {}
    for where, text in screens(*setup, seed=1):
        for f in internals(text):
            found.setdefault(f.split(" in: ")[0], f"{where}: {f}")
    assert not found, "\n".join(list(found.values())[:15])


def test_every_game_is_scanned():
    assert {g for g, _, _ in SETUPS} == set(hexbox.games())
