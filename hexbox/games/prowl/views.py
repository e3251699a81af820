"""What each seat sees (docs/games/prowl.md 'Hidden information'): the observation's two halves, and nothing else.

``public`` is the same for every viewer, the spectator included; ``private`` is what one seat alone knows. This
module is the security boundary of the observation: nothing hidden may enter ``public``, and ``private(seat)``
names only that seat's own cards and knowledge. The types of both halves are published in schema.py.
"""

from __future__ import annotations

from typing import Any

from .cards import CARDS, CLANS, CURSED_EFFIGY, FIELD_MARSHAL
from .state import CONSTRAINTS, OVER, ProwlState


def _ids(cards: list[int] | tuple[int, ...]) -> list[str]:
    return [CARDS[c].id for c in cards]


def attachment(card: int, a: int, b: int) -> dict[str, Any]:
    """An attachment with its public parameters: the seat it chose (Cursed Effigy) and the clan it names."""
    if card == CURSED_EFFIGY:
        return {"card": CARDS[card].id, "target": a if a >= 0 else None, "clan": CLANS[b].id if b >= 0 else None}
    return {"card": CARDS[card].id, "target": None, "clan": CLANS[a].id if a >= 0 else None}


def public(state: ProwlState) -> dict[str, Any]:

    n = state.n
    players = []
    for p in range(n):
        card = state.clan_card[p]
        players.append({
            "seat": p,
            "hand_size": len(state.hands[p]),
            "turns_left": len(state.hands[p]) if card >= 0 else len(state.hands[p]) - 1,
            "placed": card >= 0,
            "clan_card": CARDS[card].id if card >= 0 and state.face_up[p] else None,
            "face_up": state.face_up[p],
            "denied": [k.id for k in CLANS if state.denied[p] >> k.index & 1],
            "discards": _ids(state.discards[p]),
            "attachments": [attachment(c, state.att_a[c], state.att_b[c]) for c in range(32) if state.att_by[c] == p],
            "constraint": CONSTRAINTS[state.constraint[p]],
        })
    prompt = state.prompt
    over = state.phase == OVER
    return {
        "players": n,
        "turn": state.turns,
        "round": (state.turns - 1) // n + 1 if state.turns else 0,
        "rounds": state.game.hand_size - 1,
        "start": state.start if state.start >= 0 else None,
        "active": state.active if state.active >= 0 else None,
        "dominance": state.dominance if state.dominance >= 0 else None,
        "track": [CLANS[k].id for k in state.track],
        "start_track": [CLANS[k].id for k in state.start_track],
        "players_info": players,
        "leaders": state.game.leaders,
        "deck_size": len(state.deck),
        "deck_discards": _ids(state.deck_discards),
        "box_size": len(state.box),
        "prompt": None if prompt is None else {
            "seat": state.active, "card": CARDS[prompt[0]].id if prompt[0] >= 0 else None, "step": prompt[1],
            # the prompt's first parameter is public: a chosen seat, or the Field Marshal's clan
            "target": prompt[2] if prompt[2] >= 0 and prompt[0] != FIELD_MARSHAL else None,
            "clan": CLANS[prompt[2]].id if prompt[0] == FIELD_MARSHAL and prompt[2] >= 0 else None,
        },
        "history": [dict(h) for h in state.history],
        # R44, D17: everything is revealed at the end
        "clan_cards": _ids(state.clan_card) if over else None,
        "box": _ids(sorted(state.box)) if over else None,
        "deck": _ids(state.deck) if over else None,
    }


def private(state: ProwlState, seat: int) -> dict[str, Any]:
    prompt = state.prompt
    return {
        "hand": _ids(state.hands[seat]),
        "clan_card": CARDS[state.clan_card[seat]].id if state.clan_card[seat] >= 0 else None,
        "known_clans": {str(p): CARDS[c].id for p, c in enumerate(state.known_clans[seat]) if c >= 0},
        "known_hands": {str(p): _ids(sorted(h)) for p, h in enumerate(state.known_hand[seat]) if h},
        # cards known to be in that player's hand or to be its clan card (it Changed since you saw them)
        "known_held": {str(p): _ids(sorted(h)) for p, h in enumerate(state.known_held[seat]) if h},
        # Mist Weaver: the card you offer, while you choose the one you take
        "chosen_card": CARDS[prompt[3]].id if prompt is not None and seat == state.active and prompt[3] >= 0 else None,
    }
