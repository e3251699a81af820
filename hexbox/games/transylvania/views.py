"""What each seat sees (docs/games/transylvania.md, "Hidden information"): a security boundary.

``public`` is built without a viewer: the board, Health, examined rows, hand sizes, the Church card, the decks'
sizes and discards, whatever every seat knows. ``private`` adds what one seat alone knows: its hand and set-aside
hand, whether it qualifies for a Monster, the tiles its Surveillance saw, the cards it has glimpsed in other
hands, and its own sealed declarations in an open ambush window.

An observation's nested parts may be shared between observations and with the state, and are read-only; the
top-level dict that observe() returns is the caller's own (the lead's rule of 7 December, issue 47): the parts
that stay the same from one observation to the next are made once and handed out again (``tiles_view``, the
token and examined entries, ``bag_view``; the board and the decks while their fields are unchanged).
tests/transylvania/test_transylvania_views_shared.py holds the bots, the encoder and clones to it.
"""

from __future__ import annotations

from functools import lru_cache

from .board import NODES
from .cards import CARDS, MONSTERS, TRAITS
from .state import ADV, ALL, NAMES, ND, TRANSFORM, TransylvaniaState

St = TransylvaniaState
#: a trait token as the public sees it, (trait, target): in that order the bag is listed
TOKEN = tuple((TRAITS[trait], target) for trait, target in CARDS.tokens)

# the parts that are the same at every table where they appear, made once (read-only, see above)
NAME = NAMES.__getitem__
SPACE = {x: n.id for x, n in NODES.items()}
ADVENTURER_ID = tuple(a.id for a in ADV)
#: a token space's entry face down, and under a footprint lock (R29)
DOWN = {x: {"node": SPACE[x], "trait": None, "target": None} for x in NODES}
LOCKED = {x: {"node": SPACE[x], "trait": "locked", "target": None} for x in NODES}
#: the bag's entries by token, and each token's place in the bag's order (the same (trait, target): the same place)
BAG_ENTRY = tuple({"trait": trait, "target": target} for trait, target in TOKEN)
BAG_ORDER = {t: sorted(set(TOKEN)).index(TOKEN[t]) for t in range(len(TOKEN))}.__getitem__
_FACEUP: dict[tuple[int, int], dict] = {}
_EXAMINED: dict[tuple[int, tuple[int, ...]], dict] = {}


def node(x: int) -> str | None:
    return SPACE[x] if x >= 0 else None


def names(cards) -> list[str]:
    return list(map(NAME, cards))


def examined(entry: tuple[int, tuple[int, ...]]) -> dict:
    """An examined card and its attachments, as every seat sees it (shared: read-only)."""
    got = _EXAMINED.get(entry)
    if got is None:
        c, att = entry
        got = _EXAMINED[entry] = {"card": NAMES[c], "attached": names(att)}
    return got


def entries(row) -> list[dict]:
    return list(map(examined, row)) if row else []


@lru_cache(maxsize=4096)
def row_view(row: tuple[tuple[int, tuple[int, ...]], ...]) -> list[dict]:
    """An examined row as every seat sees it, kept by what it holds (shared: read-only)."""
    return entries(row)


def seats_view(st: St) -> list[dict]:
    """Every seat as every seat sees it (one loop over the state's tables, not a call per seat: the observation's
    largest part)."""
    role, adv, alive, pos, health, tt = st.role, st.adv, st.alive, st.pos, st.health, st.tt
    used, row, hand, aside, kills, surge, breaking = st.used, st.row, st.hand, st.aside, st.kills, st.surge, st.breaking
    out = []
    for s in range(st.n):
        on = alive[s]
        r = role[s]
        b = breaking[s]
        out.append({
            "seat": s,
            "role": MONSTERS[r] if r >= 0 else "adventurer",
            "adventurer": ADVENTURER_ID[adv[s]] if r < 0 else None,
            "alive": on,
            "node": node(pos[s]) if on else None,
            "health": health[s],
            "trait_tokens": tt[s][:],
            "ability_available": not used[adv[s]] if r < 0 else False,
            "examined": row_view(tuple(row[s])) if row[s] else [],
            "hand_size": len(hand[s]),
            "set_aside_size": len(aside[s]),
            "kills": kills[s],
            "surge": surge[s],
            "breaking": SPACE[b] if b >= 0 else None,
        })  # fmt: skip
    return out


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


def tiles_view(board) -> list[dict]:
    """The laid tiles in tile order, kept on the board until the next is laid (Board.view)."""
    got = board.view
    if got is None or len(got) != len(board.placed):
        got = board.view = [
            {"tile": CARDS.tiles[t].id, "at": [x, y], "rotation": r} for t, (x, y, r) in sorted(board.placed.items())
        ]
    return got


def tokens_view(st: St) -> list[dict]:
    faceup, locks, tokens = st.faceup, st.locks, st.tokens
    out = []
    for x in sorted(tokens):
        if x in faceup:
            t = tokens[x]
            got = _FACEUP.get((x, t))
            if got is None:
                trait, target = CARDS.tokens[t]
                got = _FACEUP[(x, t)] = {"node": SPACE[x], "trait": TRAITS[trait], "target": target}
            out.append(got)
        elif x not in locks or NODES[x].feature != "locked_token":
            out.append(DOWN[x])
        else:  # R29: under a footprint lock, nobody sees the token
            out.append(LOCKED[x])
    return out


@lru_cache(maxsize=1024)
def bag_view(bag: tuple[int, ...]) -> list[dict]:
    """The token bag as every seat sees it: each token's trait and target, in order (shared: read-only)."""
    return [BAG_ENTRY[t] for t in sorted(bag, key=BAG_ORDER)]


# The lists below change seldom from one decision to the next: each is kept by what it lists (shared, read-only), a
# tuple and a look-up where the names were listed again (the observation about 2 µs of 21 a decision, 7 December)


@lru_cache(maxsize=4096)
def listed(cards: tuple[int, ...]) -> list[str]:
    """Cards by name, in the order given."""
    return names(cards)


@lru_cache(maxsize=1024)
def minions_view(minions: tuple[int, ...]) -> tuple[list[str | None], int]:
    """The minions' spaces (None: off the board), and how many are off it (in the supply)."""
    return [node(x) for x in minions], sum(1 for x in minions if x < 0)


@lru_cache(maxsize=256)
def abilities_used(used: tuple[bool, ...]) -> list[str]:
    return [ADVENTURER_ID[i] for i, u in enumerate(used) if u]


def moves_left(st: St) -> int:
    """st.move_left() in Exploration and a Monster's turn, written out (a call fewer), else 0 (or less)."""
    if st.phase not in ("exploration", "monster") or st.stopped:
        return 0
    return st.movement(st.active) + st.bonus - st.moved


# The board and the decks change at one decision in twelve and in five (a bot_speed run): each is kept, with a copy
# of the fields it was made from, and handed out again while the state's fields compare equal (shared, read-only;
# the pair is replaced whole, never changed in place). One comparison in C where the lists and entries were made
# again: the public half 13.0/13.9 -> 11.4/11.5 µs a decision (process time inside a bot_speed run, alternated 2x,
# load 6, 7 December). The seats' entries kept the same way, by their columns, gained nothing on top (11.2/12.0).
_BOARD: tuple[tuple | None, dict] = (None, {})
_DECKS: tuple[tuple | None, dict] = (None, {})


def board_view(st: St) -> dict:
    global _BOARD
    tiles = tiles_view(st.board)  # the very list while no tile is laid (Board.view)
    fields = (tiles, st.locks, st.tokens, st.faceup, st.mirrors, st.corpses, st.minions)
    was, got = _BOARD
    if fields == was:
        return got
    got = {
        "tiles": tiles,
        "locks": sorted([SPACE[x] for x in st.locks]) if st.locks else [],
        "tokens": tokens_view(st) if st.tokens else [],
        "mirrors": [SPACE[x] for x in st.mirrors] if st.mirrors else [],
        "corpses": [{"node": SPACE[x], "cards": names(cards)} for x, cards in st.corpses] if st.corpses else [],
        "minions": minions_view(tuple(st.minions))[0],
    }
    kept = (tiles, set(st.locks), dict(st.tokens), set(st.faceup), st.mirrors,
            [[x, cards[:]] for x, cards in st.corpses], st.minions[:])  # fmt: skip
    _BOARD = (kept, got)
    return got


def decks_view(st: St) -> dict:
    global _DECKS
    top = st.deck_public
    fields = (len(st.deck), top, st.deck[-top:] if top > 0 else None, len(st.events), len(st.tiles),
              len(st.token_stack), st.token_bag, st.discards, st.event_discards)  # fmt: skip
    was, got = _DECKS
    if fields == was:
        return got
    got = {
        "discovery": len(st.deck),
        "discovery_top_public": names(reversed(st.deck[-top:])) if top > 0 else [],
        "event": len(st.events),
        "tiles": len(st.tiles),
        "token_stack": len(st.token_stack),
        "token_bag": bag_view(tuple(st.token_bag)),
        "discovery_discard": names(st.discards),
        "event_discard": names(st.event_discards),
    }
    _DECKS = ((*fields[:6], st.token_bag[:], st.discards[:], st.event_discards[:]), got)
    return got


def public(st: St) -> dict:
    w = st.window
    a = st.active
    return {
        "round": st.round,
        "first": st.first,
        "active": a,
        "board": board_view(st),
        "church_card": NAMES[st.church] if st.church >= 0 else None,
        "events_in_play": events_in_play(st) if st.todo or st.pending else [],
        "seats": seats_view(st),
        "turn": st.turns,
        "this_turn": {
            "movement_left": left if (left := moves_left(st)) > 0 else 0,
            "examined": st.examined,
            "discarded": st.discarded,
            "challenged": sorted(st.challenged) if st.challenged else [],
            "failed_tokens": sorted([SPACE[x] for x in st.failed]) if st.failed else [],
            "attempted": st.attempted,
            "received": st.received,
            "spawns_left": st.spawns,
            "minion_steps": st.minion_steps[:],
            "sleuth_picks": max(0, st.sleuth_uses),
        },
        "decks": decks_view(st),
        "supply": {
            "locks": st.lock_supply,
            "trait_tokens": st.trait_supply[:],
            "minions": minions_view(tuple(st.minions))[1],
        },
        "abilities_used": abilities_used(tuple(st.used)),
        "pending": pending_view(st) if st.pending else None,
        "window": None
        if w is None
        else {"node": SPACE[w["node"]], "mover": w["mover"], "deciding": sorted(w["deciding"])},
        "kills_to_win": st.game.kills_to_win,
        "reveal": reveal(st) if st._result is not None else None,
    }


def reveal(st: St) -> list[dict]:
    """After the game, every hand is shown (docs: Observation)."""
    return [
        {
            "seat": s,
            "hand": names(st.hand[s]),
            "set_aside": names(st.aside[s]),
            "qualifies": [MONSTERS[m] for m in st.qualifies(s)],
        }
        for s in range(st.n)
    ]


def private(st: St, seat: int) -> dict:
    bit = 1 << seat
    known = st.known
    glimpses = []
    for o in range(st.n):
        if o == seat:
            continue
        for c in st.hand[o]:
            if c < ND and known[c] & bit and known[c] != ALL:
                glimpses.append({"seat": o, "zone": "hand", "card": NAMES[c]})
        for c in st.aside[o]:
            if c < ND and known[c] & bit and known[c] != ALL:
                glimpses.append({"seat": o, "zone": "set_aside", "card": NAMES[c]})
    w = st.window
    mine = w["decl"].get(seat, []) if w is not None else []
    hand = st.hand[seat]
    transforms = not TRANSFORM.isdisjoint(hand)  # every recipe needs one (R66): most hands hold none
    keep = (
        st.pending[-1][2] if st.pending and st.pending[-1][0] == "regen_examine" and st.pending[-1][1] == seat else ()
    )
    k = st.tiles_known[seat]
    return {
        "hand": listed(tuple(hand)),
        "set_aside": listed(tuple(st.aside[seat])) if st.aside[seat] else [],
        "qualifies": [MONSTERS[m] for m in st.qualifies(seat)] if transforms else [],
        "transformation_cards": sum(1 for c in hand if c in TRANSFORM) if transforms else 0,
        "known_tiles": [CARDS.tiles[t].id for t in st.tiles[::-1][:k]] if k else [],
        "glimpses": glimpses,
        "declared": [p if p >= 0 else -1 for p in mine] if mine else [],
        "revealing": [MONSTERS[-1 - p] for p in mine if p < 0] if mine else [],
        "new_cards": names(keep),
        "drawn_this_turn": names(sorted([c for c in st.drawn if c < ND and c in hand])) if st.drawn else [],
    }
