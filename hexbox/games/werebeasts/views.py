"""What each seat sees (spec §7), and the table drawn as text for the terminal."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import CARDS

if TYPE_CHECKING:
    from .rules import WerebeastsState

AUCTION = CARDS.auction
GOALS = CARDS.goals


def _cards(indices: list[int]) -> list[str]:
    return [AUCTION[c].id for c in sorted(indices)]


def observe(state: WerebeastsState, seat: int | None) -> dict[str, Any]:
    from .rules import OPEN, PHASES, STATUS

    game = state.game
    n = state.n
    positions = []
    for p in range(game.positions):
        kind = "box" if p >= game.table_positions else ("private" if game.private_goals else "slot")
        positions.append({
            "position": p,
            "kind": kind,
            "seats": list(game.position_seers[p]),
            "goal": GOALS[state.goal_at[p]].id if state.face_up[p] else None,
        })
    obs: dict[str, Any] = {
        "game": "werebeasts",
        "players": n,
        "seat": seat,
        "phase": PHASES[state.phase],
        "turn": state.turns,
        "dealer": state.dealer,
        "active": state.active,
        "actors": list(state.actors),
        "goals_in_play": [GOALS[g].id for g in state.in_play],
        "goal_positions": positions,
        "players_info": [
            {"seat": s, "eliminated": state.out[s], "cans": state.cans[s], "cards": _cards(state.cards[s]),
             "positions": list(game.seat_positions[s])}
            for s in range(n)
        ],
        "denials": [[s, GOALS[g].id] for s, g in state.denials],
        "accusations": [dict(a) for a in state.accusations],
        "deck_size": len(state.deck),
        "deck_remaining": _cards(state.deck),  # the composition is public (derivable), the order is not
        "sale": AUCTION[state.sale].id if state.sale >= 0 else None,
        "bids": [
            {"seat": s, "status": STATUS[state.status[s]], "cans": state.offer_cans[s],
             "cards": [AUCTION[c].id for c in state.offer_cards[s]], "changes": state.changes[s]}
            for s in range(n) if state.status[s]  # every bidder of the current sale
        ],
        "open_bidders": [s for s in range(n) if state.status[s] == OPEN],
        "max_bid_changes": game.max_bid_changes,
        "sales": [dict(x) for x in state.sales],
        "spoils": None if state.spoils is None else
        {"chooser": state.spoils[0], "eliminated": state.spoils[1], "correct": state.spoils[2]},
        "result": state.result.to_json() if state.result else None,
    }
    if seat is not None:
        mine = []
        for p in game.seat_positions[seat]:
            others = [s for s in game.position_seers[p] if s != seat]
            mine.append({"goal": GOALS[state.goal_at[p]].id, "position": p,
                         "shared_with": others[0] if others else None})
        obs["my_goals"] = mine
    return obs


def render(obs: dict[str, Any]) -> str:
    """The table as seen from ``obs['seat']``, as plain text with Rich markup."""
    seat = obs["seat"]
    names = {g.id: g.name for g in GOALS}
    lines = [f"[bold]Werebeasts[/bold] — turn {obs['turn']}, {obs['phase']} phase, "
             f"deck {obs['deck_size']} cards. Goals in play: {', '.join(names[g] for g in obs['goals_in_play'])}"]
    if seat is not None:
        mine = ", ".join(
            names[g["goal"]] + (f" (shared with seat {g['shared_with']})" if g["shared_with"] is not None else "")
            for g in obs["my_goals"])
        lines.append(f"You are seat {seat}. Your goals: [bold green]{mine}[/bold green]")
    for p in obs["players_info"]:
        s = p["seat"]
        tag = " [red](eliminated)[/red]" if p["eliminated"] else ""
        here = " ← you" if s == seat else ""
        active = " [yellow]*active*[/yellow]" if s == obs["active"] and obs["phase"] != "over" else ""
        cards = ", ".join(card_label(c) for c in p["cards"]) or "no cards"
        lines.append(f"  seat {s}{here}{active}{tag}: {p['cans']} cans; {cards}")
    up = [f"{names[g['goal']]} at position {g['position']}" for g in obs["goal_positions"] if g["goal"]]
    if up and obs["phase"] != "over":
        lines.append("Face-up goals: " + "; ".join(up))
    if obs["denials"]:
        lines.append("Denied: " + "; ".join(f"seat {s} has no {names[g]}" for s, g in obs["denials"]))
    if obs["sale"]:
        lines.append(f"On sale by seat {obs['active']}: [bold]{card_label(obs['sale'])}[/bold]")
        for b in obs["bids"]:
            offer = ", ".join([f"{b['cans']} cans"] * bool(b["cans"]) + [card_label(c) for c in b["cards"]])
            lines.append(f"  seat {b['seat']} ({b['status']}): {offer or 'no bid'}")
    if obs["result"]:
        r = obs["result"]
        lines.append(f"[bold]Game over[/bold]: {r['reason']}. Scores: "
                     + ", ".join(f"seat {k}: {v}" for k, v in r["scores"].items()))
        lines.append("Goals: " + "; ".join(
            f"{'box' if g['kind'] == 'box' else 'seats ' + '/'.join(map(str, g['seats']))}: {names[g['goal']]}"
            for g in obs["goal_positions"]))
    return "\n".join(lines)


def describe(event: dict[str, Any]) -> str | None:
    """One log line per event, in the table's words; None for an event with nothing to add."""
    kind = event["kind"]
    names = {g.id: g.name for g in GOALS}
    if kind == "accused":
        verdict = "right" if event["correct"] else "wrong: denied"
        return f"seat {event['accuser']} accuses seat {event['target']} of {names[event['goal']]} — {verdict}"
    if kind == "goal_revealed":
        return f"{names[event['goal']]} is revealed at position {event['position']}"
    if kind == "eliminated":
        return f"seat {event['seat']} is eliminated"
    if kind == "took":
        amount = event["amount"]
        what = f"{amount} cans" if event["pile"] == "cans" else (
            ", ".join(card_label(c) for c in amount) or "no cards")
        return f"seat {event['seat']} takes seat {event['from']}'s {event['pile']}: {what}"
    if kind == "sale":
        return f"seat {event['seller']} sells {card_label(event['card'])} ({event['deck']} left in the deck)"
    if kind == "bid":
        offer = [f"{event['cans']} cans"] * bool(event["cans"]) + [card_label(c) for c in event["cards"]]
        return f"seat {event['seat']} bids {', '.join(offer) or 'nothing'}"
    if kind == "passed":
        return f"seat {event['seat']} passes"
    if kind == "window_closed":
        return "bidding is closed"
    if kind == "sold":
        paid = event["paid"]
        price = [f"{paid['cans']} cans"] * bool(paid["cans"]) + [card_label(c) for c in paid["cards"]]
        if event["buyer"] == event["seller"]:
            return f"seat {event['seller']} keeps {card_label(event['card'])}"
        return f"seat {event['buyer']} buys {card_label(event['card'])} for {', '.join(price)}"
    if kind == "turn":
        return f"seat {event['active']}'s turn"
    if kind == "game_over":
        return f"game over: {event['reason']}"
    return None


def card_label(card_id: str) -> str:
    index = next(a.index for a in AUCTION if a.id == card_id)
    return CARDS.card_name(index)


def game_stats(obs: dict[str, Any]) -> dict[str, Any]:
    """Designer statistics of a finished game, from the final spectator observation (all goals are face up).

    Read by ``hexbox.sim`` into each result line and by ``hexbox report``'s Werebeasts section.
    """
    goal_at = {g["position"]: g["goal"] for g in obs["goal_positions"]}
    icons = {a.id: a.icons for a in AUCTION}
    beast_of = {a.id: GOALS[a.beast].id for a in AUCTION}
    goals, chow_points, beast_points = [], [], []
    for p in obs["players_info"]:
        mine = [goal_at[q] for q in p["positions"]]
        goals.append(mine)
        alive = not p["eliminated"]  # R38: the eliminated score nothing
        chow_points.append(p["cans"] // CARDS.chow_cans_per_point if alive and "chow" in mine else 0)
        beast_points.append(sum(icons[c] for c in p["cards"] if beast_of[c] in mine) if alive else 0)
    result = obs["result"] or {"winners": [], "scores": {}}
    winners = result["winners"]
    holders = [s for s, mine in enumerate(goals) if "chow" in mine]
    return {
        "scores": [result["scores"].get(str(s), 0) for s in range(len(goals))],
        "eliminated": [p["seat"] for p in obs["players_info"] if p["eliminated"]],
        "end": "deck" if obs["deck_size"] == 0 else "two_left",
        "goals": goals,
        "chow_holders": holders,
        "chow_points": chow_points,
        "beast_points": beast_points,
        "werechow_won": any(w in holders for w in winners),
        "beast_won": any(w not in holders for w in winners),
    }
