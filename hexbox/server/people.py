"""Each viewer's words with people's names in them (hexbox.core.people): the log, the choices, who is awaited,
the end. Built here, once per viewer and change, so that every client shows the server's sentences as they are."""

from __future__ import annotations

from typing import Any

from hexbox.core.people import default_names, headline, listed, named

from .bots import level
from .table import Table


def names_of(table: Table) -> dict[int, str]:
    """The name every seat goes by: its person's, "Bot · hard", or "Seat 3" (counted from 1, as people count)."""
    key = tuple((s.name, s.bot) for s in table.seats)
    cached = table.people
    if cached is None or cached[0] != key:
        names = default_names(table.players, {s.seat: s.name for s in table.seats},
                              {s.seat: level(s.bot) for s in table.seats if s.bot})
        table.people = cached = (key, names)
    return cached[1]


def log_of(table: Table, viewer: int | None) -> list[str]:
    """The viewer's log in names: only the lines added since the last answer are named afresh."""
    names = names_of(table)
    raw = table.logs.get(viewer, [])
    key, done = table.named_logs.get(viewer, (None, []))
    if key is not names or len(done) > len(raw):
        done = []
    done.extend(named(line, names) for line in raw[len(done):])
    table.named_logs[viewer] = (names, done)
    return done


def choices_of(choices: Any, names: dict[int, str]) -> Any:
    """The grouped choices (hexbox.core.choices) with their titles in names."""
    if choices is None:
        return None
    return {**choices, "groups": [{**g, "title": named(g["title"], names), "then": choices_of(g.get("then"), names)}
                                  for g in choices["groups"]]}


def waiting(table: Table, viewer: int | None, names: dict[int, str]) -> str:
    """Whose move it is, for the viewer: "Your move!", "Waiting for Mia and Leo.", "Waiting for you and Mia."."""
    if not table.started:
        missing = [names[s.seat] for s in table.seats if s.open]
        return f"Waiting for every seat to be taken ({listed(missing)} still open)."
    if table.over:
        return ""
    actors = list(table.state.actors)
    if viewer in actors and len(actors) == 1:
        return "Your move!"
    others = [names[s] for s in actors if s != viewer]
    if viewer in actors:
        return f"Your move! Also waiting for {listed(others)}."
    return f"Waiting for {listed(others)}." if others else "Waiting for the table."


def chat_of(lines: Any, viewer: int | None, names: dict[int, str]) -> list[dict[str, Any]]:
    """Chat lines with ``who``: the speaker as the viewer knows them ("You", a name, "host", "spectator");
    ``speaker`` stays as stored ("seat 2")."""
    out = []
    for line in lines:
        speaker = line["speaker"]
        seat = int(speaker[5:]) if speaker.startswith("seat ") and speaker[5:].isdigit() else None
        who = "You" if seat is not None and seat == viewer else names.get(seat, speaker) if seat is not None \
            else speaker
        out.append({**line, "who": who, "seat": seat})
    return out


def ending(table: Table, viewer: int | None, names: dict[int, str]) -> dict[str, Any] | None:
    """The end for the viewer: who won (its headline), why, and each seat's score, side and what the rules reveal
    at the end (the game's ``reveal`` hook)."""
    result = table.state.result
    if result is None:
        return None
    info = table.game.info
    reveal = info.hook("reveal") if info is not None else None
    shown = reveal(table.state) if reveal is not None else [{} for _ in range(table.players)]
    seats = []
    for s in range(table.players):
        about = shown[s] if s < len(shown) else {}
        seats.append({"seat": s, "name": names[s], "you": s == viewer, "won": s in result.winners,
                      "score": result.scores.get(s), "role": about.get("role"), "hidden": about.get("hidden"),
                      "why": named(about["why"], names) if about.get("why") else None})
    return {**result.to_json(), "reason": named(result.reason, names),
            "headline": headline(result.winners, viewer, names),
            "verdict": None if viewer is None else "won" if viewer in result.winners else "lost",
            "seats": seats}
