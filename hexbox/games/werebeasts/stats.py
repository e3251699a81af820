"""Designer statistics of one finished game (the ``stats`` hook), read by ``hexbox report``'s sections (report.py)."""

from __future__ import annotations

from typing import Any

from hexbox.core.report import used_by_seat

from .cards import CARDS

#: the public events that say a seat used a card: kind -> (the seat's field, the card's field) (hexbox.sim.runner):
#: the auction card a seat bought, the goal it accused someone of collecting
USES = {"sold": ("buyer", "card"), "accused": ("accuser", "goal")}
#: every card card strength should measure: the auction cards and the goals
MEASURED = tuple(a.id for a in CARDS.auction) + tuple(g.id for g in CARDS.goals)
#: knobs whose effect needs something the bots may never do (see hexbox.sim.measures.untested)
BEHAVIOURS = {"options.max_bid_changes": ("stat:bids", "make a bid", "random")}

ICONS = {a.id: a.icons for a in CARDS.auction}
BEAST_OF = {a.id: CARDS.goals[a.beast].id for a in CARDS.auction}


def game_stats(obs: dict[str, Any], used: Any = ()) -> dict[str, Any]:
    """From the final spectator observation (every goal is face up then, R31, D12).

    ``end`` is how the game ended (R30): "deck" (the last card was sold) or "two_left"; ``Result.kind`` (in the
    result line) says which tie-break step decided the winner."""
    pub = obs["public"]
    goal_at = {g["position"]: g["goal"] for g in pub["goal_positions"]}
    goals, chow_points, beast_points = [], [], []
    for p in pub["players_info"]:
        mine = [goal_at[q] for q in p["positions"]]
        goals.append(mine)
        alive = not p["eliminated"]  # R38: the eliminated score nothing
        chow_points.append(p["cans"] // CARDS.chow_cans_per_point if alive and "chow" in mine else 0)
        beast_points.append(sum(ICONS[c] for c in p["cards"] if BEAST_OF[c] in mine) if alive else 0)
    result = obs["result"] or {"winners": [], "scores": {}}
    winners = result["winners"]
    holders = [s for s, mine in enumerate(goals) if "chow" in mine]
    return {
        "scores": [result["scores"].get(str(s), 0) for s in range(len(goals))],
        "eliminated": [p["seat"] for p in pub["players_info"] if p["eliminated"]],
        # X8: the deck is never empty at the start of a turn, so an empty deck means the last sale ended it
        "end": "deck" if pub["deck_size"] == 0 else "two_left",
        "goals": goals,
        "chow_holders": holders,
        "chow_points": chow_points,
        "beast_points": beast_points,
        "werechow_won": any(w in holders for w in winners),
        "beast_won": any(w not in holders for w in winners),
        # per seat, for card strength in reports: the auction cards owned at the end (goals: "goals" above)
        "roles": ["werechow" if "chow" in mine else "beasts" for mine in goals],
        "held": [sorted(p["cards"]) for p in pub["players_info"]],
        **used_by_seat(used, len(goals)),
    }


def first_player(state: Any) -> int | None:
    """The ``first`` hook: the player left of the dealer takes the first turn (R10)."""
    return (state.dealer + 1) % state.game.players
