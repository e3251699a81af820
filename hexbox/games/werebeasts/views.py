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


CARD_IDS = tuple(a.id for a in AUCTION)  # the views name every card of every hand at every observation


_NAMED: dict[tuple[int, ...], list[str]] = {}


def _cards(indices: list[int]) -> list[str]:
    """The cards' names in index order; the list is shared between observations (read-only, see _table): a hand
    or the deck changes once in several observations (bot_speed.py --split: the observation 17 -> 14-15 µs)."""
    key = tuple(indices)
    got = _NAMED.get(key)
    if got is None:
        if len(_NAMED) > 4096:  # a server plays many games: forget the old hands
            _NAMED.clear()
        got = _NAMED[key] = [CARD_IDS[c] for c in sorted(indices)]
    return got


# An observation's nested parts may be shared between calls and with the state, and are read-only; only its
# top-level dict is the caller's own (the observe contract, issue 47): what never changes of a table of n seats is
# built once and handed to every observation (bot_speed.py --split, werebeasts, with the shared records and
# the card names below: the observation 19-20 -> 17 µs a decision, loaded machine).
_TABLES: dict[int, tuple[tuple[dict[str, Any], ...], tuple[list[int], ...]]] = {}


def _table(game) -> tuple[tuple[dict[str, Any], ...], tuple[list[int], ...]]:
    """(the goal positions with every goal face down, each seat's positions): both depend on the seat count alone."""
    got = _TABLES.get(game.players)
    if got is None:
        positions = tuple(
            {
                "position": p,
                "kind": "box" if p >= game.table_positions else ("private" if game.private_goals else "slot"),
                "seats": list(game.position_seers[p]),
                "goal": None,
            }
            for p in range(game.positions)
        )
        got = _TABLES[game.players] = (positions, tuple(list(x) for x in game.seat_positions))
    return got


def public(state: WerebeastsState) -> dict[str, Any]:
    """Everything on the table: the same for every viewer. A goal shows only once it is face up (R15, R31)."""
    game = state.game
    n = state.n
    face_down, seat_positions = _table(game)
    shown = state.face_up
    if True in shown:
        positions = [
            {**d, "goal": GOALS[state.goal_at[d["position"]]].id} if up else d for d, up in zip(face_down, shown)
        ]
    else:
        positions = list(face_down)
    return {
        "players": n,
        "turn": state.turns,
        "dealer": state.dealer,
        "active": state.active,
        "goals_in_play": [GOALS[g].id for g in state.in_play],
        "goal_positions": positions,
        "players_info": [
            {"seat": s, "eliminated": state.out[s], "cans": state.cans[s], "cards": _cards(state.cards[s]),
             "positions": seat_positions[s]}
            for s in range(n)
        ],
        "denials": [[s, GOALS[g].id] for s, g in state.denials],
        "accusations": list(state.accusations),  # the record's dicts, shared read-only (see _table)
        "deck_size": len(state.deck),
        "deck_remaining": _cards(state.deck),  # the composition is public (derivable), the order is not
        "sale": CARD_IDS[state.sale] if state.sale >= 0 else None,
        "bids": [
            {"seat": s, "status": STATUS[state.status[s]], "cans": state.offer_cans[s],
             "cards": [CARD_IDS[c] for c in state.offer_cards[s]], "changes": state.changes[s]}
            for s in range(n) if state.status[s]  # every bidder of the current sale
        ],
        "open_bidders": [s for s in range(n) if state.status[s] == OPEN],
        "max_bid_changes": game.max_bid_changes,
        "sales": list(state.sales),  # as accusations
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
