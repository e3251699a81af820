"""What each seat sees ("Hidden information" in docs/games/werebeasts.md): the two halves of the observation.

This module is a security boundary. ``public`` is the same for every viewer, the spectator included; ``private``
is what one seat alone (and, with 5-10 players, the neighbour sharing a goal) knows: its own two goals. Their
types are published in schema.py.
"""

from __future__ import annotations

from typing import Any

from .cards import CARDS
from .state import OPEN, STATUS, WerebeastsState

AUCTION = CARDS.auction
GOALS = CARDS.goals


def _cards(indices: list[int]) -> list[str]:
    return [AUCTION[c].id for c in sorted(indices)]


def public(state: WerebeastsState) -> dict[str, Any]:
    """Everything on the table: the same for every viewer. A goal shows only once it is face up (R15, R31)."""
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
    return {
        "players": n,
        "turn": state.turns,
        "dealer": state.dealer,
        "active": state.active,
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
    }


def private(state: WerebeastsState, seat: int) -> dict[str, Any]:
    """The seat's own two goals (R7, R8), each with the neighbour who shares it (5-10 players) or None."""
    game = state.game
    mine = []
    for p in game.seat_positions[seat]:
        others = [s for s in game.position_seers[p] if s != seat]
        mine.append({"goal": GOALS[state.goal_at[p]].id, "position": p,
                     "shared_with": others[0] if others else None})
    return {"my_goals": mine}
