"""What each seat sees (docs/games/transylvania.md, "Hidden information"): a security boundary.

``public`` is built without a viewer: the board, Health, examined rows, hand sizes, the Church card, the decks'
sizes and discards, whatever every seat knows. ``private`` adds what one seat alone knows: its hand and set-aside
hand, whether it qualifies for a Monster, the tiles its Surveillance saw, the cards it has glimpsed in other
hands, and its own sealed declarations in an open ambush window.
"""

from __future__ import annotations

from .board import NODES
from .cards import CARDS, MONSTERS, TRAITS
from .state import ADV, ALL, NAMES, ND, TRANSFORM, TransylvaniaState

St = TransylvaniaState
#: a trait token as the public sees it, (trait, target): in that order the bag is listed
TOKEN = tuple((TRAITS[trait], target) for trait, target in CARDS.tokens)


def node(x: int) -> str | None:
    return NODES[x].id if x >= 0 else None


def names(cards) -> list[str]:
    return [NAMES[c] for c in cards]


def entries(row) -> list[dict]:
    return [{"card": NAMES[c], "attached": names(att)} for c, att in row]


def seat_view(st: St, s: int) -> dict:
    adventurer = st.role[s] < 0
    return {
        "seat": s,
        "role": "adventurer" if adventurer else MONSTERS[st.role[s]],
        "adventurer": ADV[st.adv[s]].id if adventurer else None,
        "alive": st.alive[s],
        "node": node(st.pos[s]) if st.alive[s] else None,
        "health": st.health[s],
        "trait_tokens": st.tt[s][:],
        "ability_available": (not st.used[st.adv[s]]) if adventurer else False,
        "examined": entries(st.row[s]),
        "hand_size": len(st.hand[s]),
        "set_aside_size": len(st.aside[s]),
        "kills": st.kills[s],
        "surge": st.surge[s],
        "breaking": node(st.breaking[s]),
    }


def pending_view(st: St) -> dict | None:
    if not st.pending:
        return None
    p = st.pending[-1]
    kind, seat = p[0], p[1]
    out: dict = {"kind": kind, "seat": seat, "cards": [], "tile": None, "seats": []}
    if kind in ("orient", "rise_orient"):
        out["tile"] = CARDS.tiles[p[2]].id
    elif kind in ("make_room",):
        out["cards"] = names([p[2][0], *p[2][1]])
    elif kind == "attach":
        out["cards"] = [NAMES[p[2]]]
    elif kind == "spoils":
        out["seats"] = [p[2]]
    elif kind == "rampart":
        out["cards"] = [NAMES[p[2]]]
    elif kind == "chase":
        out["seats"] = list(p[2])
    elif kind == "experiment":
        out["cards"] = names(p[2])
    elif kind == "templar":
        out["cards"] = [NAMES[c] for c in p[2] if st.known[c] == ALL]  # a hand card paid stays secret until discarded
    elif kind == "become":
        out["cards"] = [MONSTERS[m] for m in p[2]]
    out["roll"] = roll_view(st, p[2]) if kind == "tinker" else None  # R107: the dice a re-roll would change
    return out


def roll_view(st: St, key: str) -> dict:
    seat, dice = st.rolls[key]
    faces = [CARDS.faces[f] for f in dice]
    return {"seat": seat, "dice": faces, "total": sum(faces)}


#: the steps of an Event's resolution (play.py), each with where it holds the card
EVENT_STEPS = {"event_roll": 2, "event_row": 2, "effect": 2, "event_end": 2, "allplay_one": 1, "allplay_row": 1}


def events_in_play(st: St) -> list[str]:
    """The Event cards drawn and not yet resolved (R46-R52), the newest last: a drawn Event is known only by the
    steps of its resolution still queued (and, while Rampart is offered, by that decision)."""
    cards: list[int] = []
    for step in st.todo:  # from the stack's bottom: the Event drawn first comes first
        at = EVENT_STEPS.get(step[0])
        if at is not None and step[at] not in cards:
            cards.append(step[at])
    for p in st.pending:
        if p[0] == "rampart" and p[2] not in cards:
            cards.append(p[2])
    return [NAMES[c] for c in cards]


def public(st: St) -> dict:
    board = st.board
    tokens = []
    for x in sorted(st.tokens):
        if x in st.faceup:
            trait, target = CARDS.tokens[st.tokens[x]]
            tokens.append({"node": NODES[x].id, "trait": TRAITS[trait], "target": target})
        elif x not in st.locks or NODES[x].feature != "locked_token":
            tokens.append({"node": NODES[x].id, "trait": None, "target": None})
        else:  # R29: under a footprint lock, nobody sees the token
            tokens.append({"node": NODES[x].id, "trait": "locked", "target": None})
    w = st.window
    a = st.active
    return {
        "round": st.round,
        "first": st.first,
        "active": a,
        "board": {
            "tiles": [{"tile": CARDS.tiles[t].id, "at": [x, y], "rotation": r}
                      for t, (x, y, r) in sorted(board.placed.items())],
            "locks": sorted(NODES[x].id for x in st.locks),
            "tokens": tokens,
            "mirrors": [NODES[x].id for x in st.mirrors] if st.mirrors else [],
            "corpses": [{"node": NODES[x].id, "cards": names(cards)} for x, cards in st.corpses],
            "minions": [node(x) for x in st.minions],
        },
        "church_card": NAMES[st.church] if st.church >= 0 else None,
        "events_in_play": events_in_play(st),
        "seats": [seat_view(st, s) for s in range(st.n)],
        "turn": st.turns,
        "this_turn": {
            "movement_left": st.move_left() if st.phase in ("exploration", "monster") else 0,
            "examined": st.examined,
            "discarded": st.discarded,
            "challenged": sorted(st.challenged),
            "failed_tokens": sorted(NODES[x].id for x in st.failed),
            "attempted": st.attempted,
            "received": st.received,
            "spawns_left": st.spawns,
            "minion_steps": st.minion_steps[:],
            "sleuth_picks": max(0, st.sleuth_uses),
        },
        "decks": {
            "discovery": len(st.deck),
            "discovery_top_public": names(reversed(st.deck[-st.deck_public:])) if st.deck_public > 0 else [],
            "event": len(st.events),
            "tiles": len(st.tiles),
            "token_stack": len(st.token_stack),
            "token_bag": [{"trait": trait, "target": target}
                          for trait, target in sorted(TOKEN[t] for t in st.token_bag)],
            "discovery_discard": names(st.discards),
            "event_discard": names(st.event_discards),
        },
        "supply": {"locks": st.lock_supply, "trait_tokens": st.trait_supply[:],
                   "minions": sum(1 for x in st.minions if x < 0)},
        "abilities_used": [ADV[i].id for i, u in enumerate(st.used) if u],
        "pending": pending_view(st),
        "window": None if w is None else {"node": NODES[w["node"]].id, "mover": w["mover"],
                                          "deciding": sorted(w["deciding"])},
        "kills_to_win": st.game.kills_to_win,
        "reveal": reveal(st) if st._result is not None else None,
    }


def reveal(st: St) -> list[dict]:
    """After the game, every hand is shown (docs: Observation)."""
    return [{"seat": s, "hand": names(st.hand[s]), "set_aside": names(st.aside[s]),
             "qualifies": [MONSTERS[m] for m in st.qualifies(s)]} for s in range(st.n)]


def private(st: St, seat: int) -> dict:
    bit = 1 << seat
    glimpses = []
    for o in range(st.n):
        if o == seat:
            continue
        for zone, cards in (("hand", st.hand[o]), ("set_aside", st.aside[o])):
            for c in cards:
                if c < ND and st.known[c] & bit and st.known[c] != ALL:
                    glimpses.append({"seat": o, "zone": zone, "card": NAMES[c]})
    w = st.window
    declared = []
    if w is not None:
        declared = [p if p >= 0 else -1 for p in w["decl"].get(seat, [])]
    keep = st.pending[-1][2] if st.pending and st.pending[-1][0] == "regen_examine" \
        and st.pending[-1][1] == seat else ()
    return {
        "hand": names(st.hand[seat]),
        "set_aside": names(st.aside[seat]),
        "qualifies": [MONSTERS[m] for m in st.qualifies(seat)],
        "transformation_cards": sum(1 for c in st.hand[seat] if c in TRANSFORM),
        "known_tiles": [CARDS.tiles[t].id for t in st.tiles[::-1][:st.tiles_known[seat]]],
        "glimpses": glimpses,
        "declared": declared,
        "revealing": [MONSTERS[-1 - p] for p in (w["decl"].get(seat, []) if w else []) if p < 0],
        "new_cards": names(keep),
        "drawn_this_turn": names(sorted(c for c in st.drawn if c < ND and c in st.hand[seat])),
    }
