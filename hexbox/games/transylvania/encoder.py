"""The observation vector of Transylvania for learning agents (``hexbox encoding transylvania -p N``).

Read from the observation alone (schema.py says what every field means), never from the state. Seats are from
the viewer's chair (block 0 the viewer, block 1 the seat on its left, …).

Fixed indexes, built once from the game's data (cards.toml), in its order:

- *cards* are encoded by kind, not by copy: a zone's number for a kind is the copies of it there divided by the
  copies of that kind in the game (so 1.0 is every copy). ``KINDS`` is the 38 Discovery kinds then the 43 Event
  kinds; zones that only hold Discovery cards (hands, the discovery discard) use the first 38.
- *tiles*: a block for each of the 16 tiles by tile index (the Church first): laid, its rotation one-hot, its
  column and row one-hot over -7..7 (the Church is at 0, 0; a tile farther out is counted at the edge).
- *spaces*: a block for each of the 192 spaces of the 16 tiles, in slot order (tile index, then the space's
  alphabetical index within its tile: "church.a" first), whether its tile is laid or not. What a space *is*
  (token space, Event, gate, passage colour, printed exits) is fixed by its index and not repeated; what is *on*
  it is: the stand-ups by chair, minions by number, a lock, a token (face down, hidden under a footprint lock, or
  face up with its trait and target), a mirror, corpses, and an exit facing an empty cell while tiles remain.

Numbers are divided by a documented top and kept within [0, 1]. Variable lists are summarised: cards by kind
counts, the discovery deck's public top as its first 3 cards, the Explorer's known tiles as the first 3, the
corpses as counts per space plus two card counts (all corpses; the oldest on the viewer's space, which a pilfer
takes).

Left out, and why: a seat's ``node`` (the space blocks carry every stand-up by chair); distances and paths
(computable from the tiles, but a breadth-first search per encode costs far more than the rest); which examined
card carries a cursed attachment (only the curses' kinds per seat are kept); whether a glimpsed card is in the
hand or the set-aside hand (they are merged); the order of the examined row and of the hand; the copy number of
a card (copies of a kind are the same card, but for the Codex's once-per-copy draw); the turn counter (``round``
is kept); ``reveal`` and ``result`` (written only once the game is over, when there is nothing left to decide);
``transformation_cards`` (the hand's kinds already tell it).
"""

from __future__ import annotations

from hexbox.core.encoding import Encoder, Field, actors_field, per_seat, phase_field, vocabulary

from .cards import CARDS, MONSTERS, TRAITS
from .state import PHASES

# ---- vocabularies, built once ---------------------------------------------------------------------------------

KINDS = vocabulary(k.id for k in CARDS.kinds)  # Discovery kinds first, then Event kinds, in the data's order
ND_KINDS = sum(1 for k in CARDS.kinds if k.deck == "discovery")
NK = len(KINDS)
NE_KINDS = NK - ND_KINDS
#: a copy's name -> (its kind's index, 1 / copies of the kind)
COPY = {name: (KINDS[CARDS.card_kind[c].id], 1.0 / CARDS.card_kind[c].count)
        for c, name in enumerate(CARDS.card_names)}
#: a copy's name -> its knowledge type 0..3 (zombie, vampire, werewolf, general), for knowledge cards only
KNOW_TYPES = ("zombie", "vampire", "werewolf", "general")
KNOW = {name: KNOW_TYPES.index(CARDS.card_kind[c].monster) for c, name in enumerate(CARDS.card_names)
        if CARDS.card_kind[c].kind == "knowledge"}
CURSED = vocabulary(k.id for k in CARDS.kinds if k.cursed)
CURSED_COPY = {name: CURSED[CARDS.card_kind[c].id] for c, name in enumerate(CARDS.card_names)
               if CARDS.card_kind[c].cursed}
ROLES = vocabulary(("adventurer", *MONSTERS))
MONSTER = vocabulary(MONSTERS)
ADVENTURERS = vocabulary(a.id for a in CARDS.adventurers)
TILES = vocabulary(t.id for t in CARDS.tiles)
NT = len(TILES)
TRAIT = vocabulary(TRAITS)
#: the Discovery tokens' kinds (trait, target) and how many of each there are
TOKEN_KINDS = vocabulary(sorted({(TRAITS[t], n) for t, n in CARDS.tokens}))
TOKEN_COUNT = [sum(1 for t, n in CARDS.tokens if (TRAITS[t], n) == k) for k in TOKEN_KINDS]
#: the decisions a pending entry may await (legal.pending_legal)
PENDING = vocabulary((
    "start_space", "keep", "to_church", "unlock", "token", "mirror", "regen_space", "monster_site", "church_exit",
    "orient", "rise_orient", "attach", "make_room", "spoils", "rampart", "tinker", "chase", "become",
    "regen_examine", "order_tiles", "experiment", "templar",
))

SLOTS = sorted(CARDS.nodes)
SPACE = {CARDS.nodes[s].id: i for i, s in enumerate(SLOTS)}  # "church.a" -> 0 …
NS = len(SPACE)
#: a tile's exits: (space index, printed side 0..3 = N E S W)
EXITS = {t.id: tuple((SPACE[CARDS.nodes[s].id], CARDS.nodes[s].exit) for s in t.nodes if CARDS.nodes[s].exit >= 0)
         for t in CARDS.tiles}
STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))  # N E S W, as board.py
GRID = 7  # tile columns and rows are one-hot over -GRID..GRID
TILE_SIZE = 1 + 4 + 2 * (2 * GRID + 1)
MINIONS = CARDS.minions
TILE_AT = {t: i * TILE_SIZE for t, i in TILES.items()}
#: a tile's x and y (at most 15 tiles from the Church) -> its place in the tile's block, clipped to -GRID..GRID
COLUMN = {x: 5 + min(max(x, -GRID), GRID) + GRID for x in range(-NT, NT + 1)}
ROW = {y: 5 + 2 * GRID + 1 + min(max(y, -GRID), GRID) + GRID for y in range(-NT, NT + 1)}
ONES4 = (1.0, 1.0, 1.0, 1.0)
TOP_K = 3  # the discovery deck's public top, the Explorer's known tiles: the first 3

# tops of the scaled numbers
HEALTH = 10  # a Monster's Health; an adventurer's cap is at most 10
HAND = 8  # cards in a hand (the limit is 4 or 6, checked only at Cleanup)
MOVEMENT = 12  # the Werewolf's Feral Surge
CORPSE_CARDS = 10  # cards in the corpses of one space
CORPSES = 3  # corpses on one space


def _doc(name: str, size: int, doc: str) -> Field:
    """A part of a block, for the layout's documentation (the block's own write fills it)."""
    return Field(name, size, doc, _nothing)


def _nothing(o, v) -> None:
    pass


def _counts(v, offset: int, names) -> None:
    """Cards by kind at ``offset``: copies there / copies of the kind."""
    if not names:
        return
    if len(names) == 1:
        k, w = COPY[names[0]]
        v.put(offset + k, w)
        return
    acc: dict[int, float] = {}
    for name in names:
        k, w = COPY[name]
        acc[k] = acc.get(k, 0.0) + w
    for k, x in acc.items():
        v.put(offset + k, x if x < 1.0 else 1.0)


def encoder(game) -> Encoder:
    n = game.players
    max_rounds = game.max_rounds
    kills_top = max(game.kills_to_win, 1)

    # ---- per seat -------------------------------------------------------------------------------------------

    def seat(o, s):
        return o["public"]["seats"][s]

    def role(o, v, s):
        x = seat(o, s)
        v.one(ROLES[x["role"]])
        a = x["adventurer"]
        if a is not None:
            v.one(4 + ADVENTURERS[a])

    def status(o, v, s):
        x = seat(o, s)
        p = o["public"]
        w, pend = p["window"], p["pending"]
        tt = x["trait_tokens"]
        b, idx, val = v.base, v.index, v.value
        for i, y in enumerate((  # the numbers, most of them zero: only the non-zero ones are written
                1.0 if x["alive"] else 0.0,
                x["health"] / HEALTH,
                tt[0] / 2, tt[1] / 2, tt[2] / 2,
                1.0 if x["ability_available"] else 0.0,
                x["hand_size"] / HAND,
                x["set_aside_size"] / HAND,
                x["kills"] / kills_top,
                1.0 if x["surge"] else 0.0,
                0.0 if x["breaking"] is None else 1.0,
                1.0 if s == p["first"] else 0.0,
                1.0 if s == p["active"] else 0.0,
                1.0 if s in p["this_turn"]["challenged"] else 0.0,
                1.0 if w is not None and s in w["deciding"] else 0.0,
                1.0 if pend is not None and s in pend["seats"] else 0.0)):
            if y > 0.0:
                idx.append(b + i)
                val.append(y if y < 1.0 else 1.0)

    def examined(o, v, s):
        row = seat(o, s)["examined"]
        if not row:
            return
        v.scaled(0, len(row), CARDS.slots)
        _counts(v, 1, [e["card"] for e in row])
        curses = {}
        for e in row:
            for a in e["attached"]:
                k = CURSED_COPY.get(a)
                if k is not None:
                    curses[k] = curses.get(k, 0.0) + COPY[a][1]
        for k, x in curses.items():
            v.put(1 + NK + k, min(1.0, x))

    def glimpsed(o, v, s):
        pr = o["private"]
        if pr and pr["glimpses"]:
            _counts(v, 0, [g["card"] for g in pr["glimpses"] if g["seat"] == s])

    seats = per_seat("seats", n, [
        Field("role", 4 + len(ADVENTURERS), "role one-hot (adventurer, vampire, werewolf, zombie), then its "
              "adventurer by id while it is one (a hidden Monster too)", role),
        Field("status", 16, "alive; Health (of 10); trait tokens attack, mind, spirit (of 2); ability available; "
              "hand size, set-aside size (of 8); kills (of kills_to_win); Feral Surge; breaking a lock; first "
              "player; active; challenged this turn; still deciding in the open ambush window; named in the "
              "pending decision", status),
        Field("examined", 1 + NK + len(CURSED), f"its examined row: cards in it (of {CARDS.slots}), the cards by "
              f"kind ({NK}: Discovery then Event kinds), the cursed cards attached by kind ({', '.join(CURSED)})",
              examined),
        Field("glimpsed", ND_KINDS, "its hand and set-aside cards the viewer knows and the public does not "
              "(glimpses), by Discovery kind", glimpsed),
    ])

    # ---- the viewer's private half ---------------------------------------------------------------------------

    def my_cards(o, v):
        pr = o["private"]
        if pr is None:
            return
        _counts(v, 0, pr["hand"])
        _counts(v, ND_KINDS, pr["set_aside"])
        _counts(v, 2 * ND_KINDS, pr["drawn_this_turn"])
        _counts(v, 3 * ND_KINDS, pr["new_cards"])

    def my_knowledge(o, v):
        pr = o["private"]
        if pr is None:
            return
        c = [0, 0, 0, 0]
        for name in pr["hand"]:
            t = KNOW.get(name)
            if t is not None:
                c[t] += 1
        me = o["seat"]
        for e in o["public"]["seats"][me]["examined"]:
            t = KNOW.get(e["card"])
            if t is not None:
                c[t] += 1
        for t in range(4):
            v.scaled(t, c[t], 5)
        missing = (c[0] == 0) + (c[1] == 0) + (c[2] == 0)
        v.flag(4, sum(c) >= 5 and missing <= c[3] and not pr["qualifies"])
        for m in pr["qualifies"]:
            v.one(5 + MONSTER[m])

    def my_tiles(o, v):
        pr = o["private"]
        if pr is None:
            return
        for k, t in enumerate(pr["known_tiles"][:TOP_K]):
            v.one(k * NT + TILES[t])

    def my_ambush(o, v):
        pr = o["private"]
        if pr is None:
            return
        me = o["seat"]
        for p in pr["declared"]:
            v.one(6 if p < 0 else 0 if p == me else p - 5 if p >= 6 else None)
        for m in pr["revealing"]:
            v.one(7 + MONSTER[m])

    # ---- the board -------------------------------------------------------------------------------------------

    def tiles(o, v):
        b, idx, val = v.base, v.index, v.value
        for t in o["public"]["board"]["tiles"]:
            at = b + TILE_AT[t["tile"]]
            x, y = t["at"]
            idx += (at, at + 1 + t["rotation"], at + COLUMN[x], at + ROW[y])
            val += ONES4

    P = n + MINIONS + 14  # numbers per space
    M0 = n  # minions
    LOCK = n + MINIONS
    DOWN, HIDDEN, UP, TARGET = LOCK + 1, LOCK + 2, LOCK + 3, LOCK + 6
    MIRROR, CORPSE, CORPSE_N, FAILED, BREAK, WINDOW, EXIT = (LOCK + 7, LOCK + 8, LOCK + 9, LOCK + 10, LOCK + 11,
                                                              LOCK + 12, LOCK + 13)
    assert EXIT == P - 1

    def spaces(o, v):
        p = o["public"]
        board = p["board"]
        b = v.base
        idx, val = v.index, v.value
        me = o["seat"] or 0
        breaking: set[int] = set()  # two Monsters may stand on one gate
        for x in p["seats"]:
            node = x["node"]
            if node is not None:
                idx.append(b + SPACE[node] * P + (x["seat"] - me) % n)
                val.append(1.0)
            if x["breaking"] is not None:
                breaking.add(SPACE[x["breaking"]])
        for k in breaking:
            idx.append(b + k * P + BREAK)
            val.append(1.0)
        for m, node in enumerate(board["minions"]):
            if node is not None:
                idx.append(b + SPACE[node] * P + M0 + m)
                val.append(1.0)
        for node in board["locks"]:
            idx.append(b + SPACE[node] * P + LOCK)
            val.append(1.0)
        for t in board["tokens"]:
            at = b + SPACE[t["node"]] * P
            trait = t["trait"]
            if trait is None:
                idx.append(at + DOWN)
                val.append(1.0)
            elif trait == "locked":
                idx.append(at + HIDDEN)
                val.append(1.0)
            else:
                idx.append(at + UP + TRAIT[trait])
                val.append(1.0)
                idx.append(at + TARGET)
                val.append(min(1.0, t["target"] / 6))
        for node in set(board["mirrors"]):
            idx.append(b + SPACE[node] * P + MIRROR)
            val.append(1.0)
        if board["corpses"]:
            here: dict[int, list[int]] = {}
            for c in board["corpses"]:
                k = SPACE[c["node"]]
                h = here.setdefault(k, [0, 0])
                h[0] += 1
                h[1] += len(c["cards"])
            for k, (count, cards) in here.items():
                idx.append(b + k * P + CORPSE)
                val.append(min(1.0, count / CORPSES))
                if cards:
                    idx.append(b + k * P + CORPSE_N)
                    val.append(min(1.0, cards / CORPSE_CARDS))
        for node in p["this_turn"]["failed_tokens"]:
            idx.append(b + SPACE[node] * P + FAILED)
            val.append(1.0)
        w = p["window"]
        if w is not None:
            idx.append(b + SPACE[w["node"]] * P + WINDOW)
            val.append(1.0)
        if p["decks"]["tiles"]:
            laid = board["tiles"]
            cells = {(t["at"][0], t["at"][1]) for t in laid}
            for t in laid:
                x, y = t["at"]
                r = t["rotation"]
                for k, side in EXITS[t["tile"]]:
                    dx, dy = STEP[(side + r) % 4]
                    if (x + dx, y + dy) not in cells:
                        idx.append(b + k * P + EXIT)
                        val.append(1.0)

    def corpse_cards(o, v):
        corpses = o["public"]["board"]["corpses"]
        if not corpses:
            return
        _counts(v, 0, [c for x in corpses for c in x["cards"]])
        me = o["seat"]
        node = o["public"]["seats"][me]["node"] if me is not None else None
        for x in corpses:  # oldest first
            if x["node"] == node:
                _counts(v, ND_KINDS, x["cards"])
                break

    # ---- the rest of the public half ---------------------------------------------------------------------------

    def turn(o, v):
        p = o["public"]
        t = p["this_turn"]
        v.scaled(0, p["round"], max_rounds)
        v.scaled(1, t["movement_left"], MOVEMENT)
        v.flag(2, t["examined"])
        v.flag(3, t["discarded"])
        v.flag(4, t["attempted"])
        v.flag(5, t["received"])
        v.scaled(6, t["spawns_left"], CARDS.spawns)
        for m, steps in enumerate(t["minion_steps"]):
            v.scaled(7 + m, steps, CARDS.minion_movement)
        v.scaled(7 + MINIONS, t["sleuth_picks"], 3)
        v.scaled(8 + MINIONS, p["kills_to_win"], 4)

    def in_play(o, v):
        for c in o["public"]["events_in_play"]:
            v.one(COPY[c][0] - ND_KINDS)

    def church(o, v):
        c = o["public"]["church_card"]
        if c is not None:
            v.one(COPY[c][0] - ND_KINDS)

    def decks(o, v):
        d = o["public"]["decks"]
        v.scaled(0, d["discovery"], CARDS.ndisc)
        v.scaled(1, d["event"], CARDS.ncards - CARDS.ndisc)
        v.scaled(2, d["tiles"], NT - 1)
        v.scaled(3, d["token_stack"], len(CARDS.tokens))
        for k, c in enumerate(d["discovery_top_public"][:TOP_K]):
            v.one(4 + k * ND_KINDS + COPY[c][0])
        at = 4 + TOP_K * ND_KINDS
        _counts(v, at, d["discovery_discard"])
        _counts(v, at, d["event_discard"])  # Event kinds follow the Discovery kinds in KINDS
        at += NK
        if d["token_bag"]:
            bag: dict[int, int] = {}
            for t in d["token_bag"]:
                k = TOKEN_KINDS[(t["trait"], t["target"])]
                bag[k] = bag.get(k, 0) + 1
            for k, c in bag.items():
                v.scaled(at + k, c, TOKEN_COUNT[k])

    def supply(o, v):
        s = o["public"]["supply"]
        v.scaled(0, s["locks"], CARDS.locks)
        for k, x in enumerate(s["trait_tokens"]):
            v.scaled(1 + k, x, CARDS.trait_supply)
        v.scaled(4, s["minions"], MINIONS)

    def abilities(o, v):
        for a in o["public"]["abilities_used"]:
            v.one(ADVENTURERS[a])

    def pending(o, v):
        p = o["public"]["pending"]
        if p is None:
            return
        v.one(PENDING.get(p["kind"]))
        at = len(PENDING)
        v.one(at + (p["seat"] - (o["seat"] or 0)) % n)
        at += n
        cards = [c for c in p["cards"] if c in COPY]
        _counts(v, at, cards)
        at += NK
        for c in p["cards"]:
            if c in MONSTER:
                v.one(at + MONSTER[c])
        at += 3
        if p["tile"] is not None:
            v.one(at + TILES[p["tile"]])
        at += NT
        if p["roll"] is not None:  # R107: the dice a re-roll would change, as counts of each value
            for value in range(4):
                v.scaled(at + value, p["roll"]["dice"].count(value), CARDS.max_dice)

    def window(o, v):
        w = o["public"]["window"]
        if w is None:
            return
        v.one(0)
        m = w["mover"]
        v.one(1 + ((m - (o["seat"] or 0)) % n if m < 6 else n + m - 6))

    space_parts = (
        _doc("standups", n, "the stand-ups on it, by chair"),
        _doc("minions", MINIONS, "the Zombie's minions on it, by minion number 0..4"),
        _doc("lock", 1, "a lock on it"),
        _doc("token", 6, "a token: face down; hidden under a footprint lock; face up with its trait attack, mind, "
              "spirit one-hot and its target (of 6)"),
        _doc("mirror", 1, "a mirror token on it"),
        _doc("corpses", 2, f"corpses on it (of {CORPSES}), the cards in them (of {CORPSE_CARDS})"),
        _doc("failed", 1, "a token on it failed this turn (no second try, R38)"),
        _doc("breaking", 1, "a Monster breaks its lock at the start of its next turn (R83, R90)"),
        _doc("window", 1, "the open ambush window is here"),
        _doc("open_exit", 1, "an exit facing an empty cell while tiles remain: stepping off lays a tile (R27)"),
    )
    assert sum(f.size for f in space_parts) == P
    tile_parts = (
        _doc("laid", 1, "the tile is on the board"),
        _doc("rotation", 4, "quarter turns clockwise, one-hot"),
        _doc("column", 2 * GRID + 1, f"x one-hot over -{GRID}..{GRID} (the Church at 0; clipped)"),
        _doc("row", 2 * GRID + 1, f"y one-hot over -{GRID}..{GRID} (north is -1; clipped)"),
    )

    return Encoder([
        phase_field(PHASES),
        actors_field(n),
        Field("turn", 9 + MINIONS, "round (of max_rounds); this turn: movement left (of 12), examined, discarded, "
              "attempted, received (R148), spawns left (of 2), each minion's steps (of 3), Sleuth picks left "
              "(of 3); kills_to_win (of 4)", turn),
        seats,
        Field("my_cards", 4 * ND_KINDS, "the viewer's hand, set-aside hand, hand cards drawn this turn (R45), the two "
              "regeneration cards (R74); each by Discovery kind", my_cards),
        Field("my_knowledge", 5 + 3, "the viewer's Knowledge in hand and row: zombie, vampire, werewolf, general "
              "(of 5); a set that breaks the curse (R2; never while qualifying); the Monsters it qualifies for "
              "(R66): vampire, werewolf, zombie", my_knowledge),
        Field("my_tiles", TOP_K * NT, f"the top {TOP_K} tiles of the stack as the viewer's Surveillance saw them, "
              "top first, each by tile id", my_tiles),
        Field("my_ambush", 7 + 3, "the viewer's sealed declarations in the open window: its stand-up, minions "
              "0..4, a reveal; the Monsters it reveals as", my_ambush),
        Field("tiles", NT * TILE_SIZE, f"{TILE_SIZE} numbers per tile, by tile id (the Church first)", tiles,
              tile_parts),
        Field("spaces", NS * P, f"{P} numbers per space, for all {NS} spaces in slot order (\"church.a\" first)",
              spaces, space_parts),
        Field("corpse_cards", 2 * ND_KINDS, "the cards of every corpse, then of the oldest corpse on the viewer's "
              "space (what a pilfer takes, R42), by Discovery kind", corpse_cards),
        Field("church_card", NE_KINDS, "the Event on the Church, by Event kind", church),
        Field("events_in_play", NE_KINDS, "the Events drawn and being resolved (R46-R52), by Event kind", in_play),
        Field("decks", 4 + TOP_K * ND_KINDS + NK + len(TOKEN_KINDS), f"sizes: Discovery (of {CARDS.ndisc}), Event "
              f"(of {CARDS.ncards - CARDS.ndisc}), tiles (of {NT - 1}), tokens (of {len(CARDS.tokens)}); the "
              f"Discovery deck's public top {TOP_K} (R108) by kind, top first; the Discovery then Event discards "
              "by kind; the token bag by (trait, target) kind", decks),
        Field("supply", 5, f"locks (of {CARDS.locks}); trait tokens attack, mind, spirit (of {CARDS.trait_supply}); "
              f"minions (of {MINIONS})", supply),
        Field("abilities_used", len(ADVENTURERS), f"abilities used for good (R15), by adventurer: "
              f"{', '.join(ADVENTURERS)}", abilities),
        Field("pending", len(PENDING) + n + NK + 3 + NT + 4, "the decision awaited: its kind, the chair deciding, "
              "its public cards by kind, the Monsters offered (become), the tile to orient, the roll a re-roll "
              f"would change (R107) as the count of each value 0-3 (of {CARDS.max_dice})", pending),
        Field("window", 1 + n + MINIONS, "an ambush window is open; the piece that arrived: a stand-up by chair, "
              "or minion 0..4", window),
    ])

