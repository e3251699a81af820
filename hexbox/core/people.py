"""People at a table: the name each seat goes by, and the games' sentences with those names in them.

The games' words (the ``describe`` and ``label`` hooks, a result's ``reason``) are built for one viewer: the
viewer's own seat is "You"/"you"/"your", with its verb agreeing ("You win", "you hold"), and every other seat is
named in one fixed form, "Seat 3" / "seat 3" / "seat 3's" / "seats 1, 3 and 4" (seats counted from 0, as the
engine counts them). :func:`named` puts people's names in place of that form. A name takes the grammar of
"seat 3" (third person singular), so no sentence changes its grammar: a name never becomes "you", and "you"
only ever comes from words the game built for that very viewer. The server (each viewer's log, choices, end),
the terminal and the records all name seats through here, so a person reads the same sentence everywhere.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

#: the engine's way of naming seats other than the viewer's: "Seat 3", "seat 3's", "seats 1, 3 and 4", "seats 0, 2"
SEATS = re.compile(r"\b[Ss](?:eats (\d+(?:(?:,? and |, )\d+)+)|eat (\d+))\b(?! to \d)")


def listed(items: Sequence[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def named(text: str, names: Mapping[int, str]) -> str:
    """``text`` with every seat in the engine's form replaced by its person's name (seats without a name in
    ``names`` stay as they are)."""
    if not names or "eat" not in text:
        return text

    def person(m: re.Match[str]) -> str:  # one pass: a name that reads "Seat 2" is never named again
        seats = [int(n) for n in re.findall(r"\d+", m.group(1) or m.group(2))]
        if not all(s in names for s in seats):
            return m.group(0)
        return listed([names[s] for s in seats])

    return SEATS.sub(person, text)


def default_names(players: int, given: Mapping[int, str | None] | None = None,
                  bots: Mapping[int, str | None] | None = None, *, counted_from: int = 1) -> dict[int, str]:
    """The name every seat goes by: the name its person chose, "Bot · hard" for a bot (with its seat where two bots
    share a level), else "Seat N" (``counted_from`` 1 where people read seat numbers, as in the browser)."""
    given, bots = given or {}, bots or {}
    levels = [bots.get(s) for s in range(players) if bots.get(s)]
    out: dict[int, str] = {}
    for s in range(players):
        name = given.get(s)
        level = bots.get(s)
        if name:
            out[s] = name
        elif level:
            out[s] = f"Bot {s + counted_from} · {level}" if levels.count(level) > 1 else f"Bot · {level}"
        else:
            out[s] = f"Seat {s + counted_from}"
    return out


def headline(winners: Sequence[int], viewer: int | None, names: Mapping[int, str]) -> str:
    """Who won, for ``viewer``: "You win", "You and Mia win", "Mia wins", "Mia and Leo win", "Nobody wins"."""
    winners = sorted(winners)
    if not winners:
        return "Nobody wins"
    others = [names.get(s, f"Seat {s}") for s in winners if s != viewer]
    if viewer in winners:
        return "You win" if not others else f"{listed(['You', *others])} win"
    return f"{others[0]} wins" if len(others) == 1 else f"{listed(others)} win"
