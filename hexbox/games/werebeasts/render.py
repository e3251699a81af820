"""The table as text for the terminal (Rich markup), drawn from one viewer's observation only."""

from __future__ import annotations

from typing import Any

from hexbox.core.game import count

from .cards import CARD_LABEL, GOAL_NAME


def render(obs: dict[str, Any]) -> str:
    """The table as seen from ``obs['seat']`` (None: a spectator)."""
    seat, phase, pub, mine = obs["seat"], obs["phase"], obs["public"], obs["private"]
    names = GOAL_NAME
    lines = [f"[bold]Werebeasts[/bold] — turn {pub['turn']}, {phase} phase, "
             f"deck {count(pub['deck_size'], 'card')}. "
             f"Goals in play: {', '.join(names[g] for g in pub['goals_in_play'])}"]
    if mine is not None:
        goals = ", ".join(
            names[g["goal"]] + (f" (shared with seat {g['shared_with']})" if g["shared_with"] is not None else "")
            for g in mine["my_goals"])
        lines.append(f"You are seat {seat}. Your goals: [bold green]{goals}[/bold green]")
    for p in pub["players_info"]:
        s = p["seat"]
        tag = " [red](eliminated)[/red]" if p["eliminated"] else ""
        here = " ← you" if s == seat else ""
        active = " [yellow]*active*[/yellow]" if s == pub["active"] and phase != "over" else ""
        cards = ", ".join(CARD_LABEL[c] for c in p["cards"]) or "no cards"
        lines.append(f"  seat {s}{here}{active}{tag}: {_cans(p['cans'])}; {cards}")
    up = [f"{names[g['goal']]} {_where(g)}" for g in pub["goal_positions"] if g["goal"]]
    if up and phase != "over":
        lines.append("Face-up goals: " + "; ".join(up))
    if pub["denials"]:
        lines.append("Denied: " + "; ".join(f"seat {s} has no {names[g]}" for s, g in pub["denials"]))
    if pub["sale"]:
        lines.append(f"On sale by seat {pub['active']}: [bold]{CARD_LABEL[pub['sale']]}[/bold]")
        for b in pub["bids"]:
            offer = ", ".join([_cans(b["cans"])] * bool(b["cans"]) + [CARD_LABEL[c] for c in b["cards"]])
            lines.append(f"  seat {b['seat']} ({b['status']}): {offer or 'no bid'}")
    if obs["result"]:
        r = obs["result"]
        lines.append(f"[bold]Game over[/bold]: {r['reason']}. Scores: "
                     + ", ".join(f"seat {k}: {v}" for k, v in r["scores"].items()))
        lines.append("Goals: " + "; ".join(f"{names[g['goal']]} {_where(g)}" for g in pub["goal_positions"]))
    return "\n".join(lines)


def _where(goal: dict[str, Any]) -> str:
    """Where a goal card lies, as players say it: between two neighbours, in front of one seat, or in the box."""
    seats = goal["seats"]
    if goal["kind"] == "box" or not seats:
        return "in the box"
    if len(seats) == 1:
        return f"in front of seat {seats[0]}"
    return f"between seats {seats[0]} and {seats[1]}"


def _cans(k: int) -> str:
    return f"{k} can" if k == 1 else f"{k} cans"
