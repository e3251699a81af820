"""What each viewer sees (docs/games/growl.md, "Hidden information"): the two halves of the observation.

This module is a security boundary. ``public_view`` is the same for every viewer, the spectator included, and
holds only what the whole table sees; ``private_view(seat)`` adds what that seat alone knows. Core wraps them in
the observation envelope (game, version, seat, phase, actors, result). The types are in schema.py.

The log is split the same way: the public half lists the public events, the private half the events meant for
the seat, each with ``after``, the number of public events that came before it, so the two can be merged back
in order without a public count of anybody's private events.
"""

from __future__ import annotations

from typing import Any

from hexbox.core import game_info

from .cards import IDS, hand_json
from .phases import CONTRIBUTE, HALLOWS, PICK, POINT, SAVE, SHOW, VOTE
from .state import GrowlState

#: the server's clock options (``clock_seconds``, ``bank_seconds``): not the set-up of the game, so not in its view
_SERVER_ONLY = frozenset(o.name for o in game_info("growl").options if o.server_only)


def _id(card: int) -> str | None:
    return IDS[card] if card >= 0 else None


def _choice(state: GrowlState, value: Any) -> Any:
    """A seat's own hidden submission, as JSON: two cards ([] = nothing passed), a card, a seat or a side."""
    if isinstance(value, tuple):
        return [IDS[value[0]], IDS[value[1]]]
    if value is None:  # pass_none (R27)
        return []
    if state.phase == CONTRIBUTE:
        return IDS[value]
    return value


def talk_allowed(state: GrowlState) -> bool:
    """T1, R24: no table talk from a Night card's reveal until its passing is over (the envelope's field)."""
    return state.night_card < 0 or state._result is not None


def public_view(state: GrowlState) -> dict[str, Any]:
    n = state.n
    over = state._result is not None
    return {
        "players": n,
        "options": {k: v for k, v in state.game.options.items() if k not in _SERVER_ONLY},
        "active": state.active,
        "talk_allowed": talk_allowed(state),
        "turn": state.turns,
        "nights": state.nights,
        "start_position": state.start_pos,
        "deck_size": len(state.deck),
        "top_card": IDS[state.deck[-1]] if state.deck and not over else None,
        "night_card": _id(state.night_card),
        "revealed_night": [IDS[c] for c in state.revealed_night],
        "discards": [IDS[c] for c in state.discards],
        "seats": [{
            "seat": s,
            "position": state.pos_of[s],
            "alive": not state.dead[s],
            "hand_size": sum(state.hands[s]),
            "front": [IDS[c] for c in state.front[state.pos_of[s]]],
            "pinned": hand_json(state.pub_known[s]),
        } for s in range(n)],
        "caged": state.caged if state.caged >= 0 else None,
        "insomniac": state.insomniac if state.insomniac >= 0 else None,
        "passing": {str(s): list(lr) for s, lr in sorted(state.sides.items())},
        "seance": [{"seat": s, "werewolf": w} for s, w in state.seance],
        "window": _window(state),
        # Event.to_json of a public event, written out: the log is the observation's biggest part, rebuilt each
        # decision (a late-game log of 88 public events: 54 -> 45 µs)
        "log": [{"kind": e.kind, "data": dict(e.data), "to": None} for e in state.log if e.to is None],
        "reveal": [{"seat": s, "werewolf": state.wolf[s], "wolf_zero": state.zero[s],
                    "hand": hand_json(state.hands[s])} for s in range(n)] if over else None,
    }


def private_view(state: GrowlState, seat: int) -> dict[str, Any]:
    log = []
    public = 0
    for e in state.log:
        if e.to is None:
            public += 1
        elif seat in e.to:
            log.append({**e.to_json(), "after": public})
    return {
        "hand": hand_json(state.hands[seat]),
        "werewolf": state.wolf[seat],
        "wolf_zero": state.zero[seat],
        "sniffed": list(state.sniffed) if seat in state.sniffed else [],
        "known_hands": {str(o): hand_json(h) for o in range(state.n)
                        if o != seat and any(h := state.known_hand(seat, o))},
        "told": {str(o): w for v, o, w in state.intel if v == seat},
        "icons": {"net_bites": state.net_bites(seat), "net_wounds": state.net_wounds(seat), "gold": state.gold(seat)},
        "my_choice": _choice(state, state.pending[seat]) if seat in state.pending else None,
        "log": log,
    }


def merged_log(observation: dict[str, Any]) -> list[dict[str, Any]]:
    """The viewer's whole log from an observation: its public and private halves merged back in order."""
    public = observation["public"]["log"]
    private = (observation["private"] or {}).get("log", [])
    merged: list[dict[str, Any]] = []
    j = 0
    for i, e in enumerate(public):
        while j < len(private) and private[j]["after"] <= i:
            merged.append(private[j])
            j += 1
        merged.append(e)
    return merged + private[j:]


def _window(state: GrowlState) -> dict[str, Any]:
    """The open decision window: its members, and the public facts of the kind of window it is (else null)."""
    phase = state.phase
    return {
        "members": list(state.window),
        "votes": {str(s): t for s, t in state.votes.items()} if phase == VOTE else None,
        "candidates": list(state.candidates) if phase == POINT else None,
        "round": state.rounds if phase == POINT else None,
        "unsaved": list(state.unsaved) if phase == SAVE else None,
        "saver": state.picker if phase == SAVE else None,
        "picker": state.picker if phase == PICK else None,
        "options": list(state.pick_options) if phase == PICK else None,
        "why": state.pick_kind if phase == PICK else None,
        "shower": state.show_seat if phase == SHOW else None,
        "dead_seat": state.picker if phase == HALLOWS else None,
        "kind": IDS[state.night_card] if phase == CONTRIBUTE else None,
        "death_rattles": list(state.rattles),
    }
