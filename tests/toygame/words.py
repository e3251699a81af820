"""What a viewer is told of a move (``describe``) and the table at the terminal (``render``)."""

from __future__ import annotations

from typing import Any

from hexbox.core import Event, State


def _who(seat: int, viewer: int | None, capital: bool = True) -> str:
    """A seat as a viewer reads it: "you" for its own (tests/test_choices.py checks every game's words so)."""
    if seat == viewer:
        return "You" if capital else "you"
    return f"{'S' if capital else 's'}eat {seat}"


def describe(state: State, events: list[Event], viewer: int | None) -> list[str]:
    out = []
    for e in events:
        d = e.data
        if e.kind == "guess":
            held = "hold" if d["target"] == viewer else "holds"
            out.append(f"{_who(d['seat'], viewer)} said {_who(d['target'], viewer, False)} {held} the {d['card']}: "
                       + ("right." if d["right"] else "wrong."))
        elif e.kind == "pass":
            out.append(f"{_who(d['seat'], viewer)} passed.")
        elif e.kind == "game_over":
            out.append(f"The cards were {', '.join(d['hands'])}.")
    return out


def render(obs: dict[str, Any]) -> str:
    pub, mine = obs["public"], obs["private"]
    lines = [f"[bold]Hunch[/bold] — turn {pub['turn']}, seat {pub['active']} to play ({pub['rounds']} rounds)"]
    if mine is not None:
        lines.append(f"Your card: [bold]{mine['card']}[/bold]")
    for miss in pub["misses"]:
        seat, card = miss["seat"], miss["card"]
        lines.append(f"  seat {seat} does not hold the {card}")
    if pub["hands"]:
        lines.append("Cards: " + ", ".join(f"seat {s}: {c}" for s, c in enumerate(pub["hands"])))
    return "\n".join(lines)
