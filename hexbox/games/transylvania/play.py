"""The steps and the answers of a turn, in the rulebook's order: Move and Laying New Game Board Tiles, Acquire
Discovery Cards, Resolve Events, Examine, Discard, Determination and Cleanup, Attack Monsters and attacks out of
turn (W1), the minion chase (W3), Hidden Transformation, Regeneration, the Monster turn.

A *step* is ``STEPS[name](state, *args)``; an *answer* is the handler of an action kind (game.py lists them in
``RULES``), run inside ``answer``, the game's move step. Both may push further steps or a pending decision (see
state.py).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from hexbox.core import Event

from . import actions as A
from .board import NODES
from .cards import CARDS, MONSTERS, TRAITS
from .state import (
    ADV,
    ADVENTURER,
    ALL,
    CHURCH,
    CHURCH_TILE,
    KIND,
    MON,
    MOONS,
    NAMES,
    ND,
    NECRO,
    STEPS,
    T_MONSTER,
    TRANSFORM,
    VAMPIRE,
    ZOMBIE,
    TransylvaniaState,
    hooked,
)

St = TransylvaniaState

# The commonest events, each made once and shared by every state (an event is never changed once apply has
# returned it: hexbox.core.Event), so fewer objects are made and collected; with rules.py's _turn,
# benchmarks/instructions.py: 73,931 -> 72,503 instructions a decision.
_END_TURN = tuple(Event("end_turn", {"seat": s}) for s in range(6))
_PHASE = {(s, p): Event("phase", {"seat": s, "phase": p}) for s in range(6) for p in ("determination", "cleanup")}


@lru_cache(maxsize=1 << 14)
def _moved(seat: int, here: int, node: int) -> Event:
    return Event("moved", {"seat": seat, "from": NODES[here].id, "to": NODES[node].id})


def step(fn: Callable) -> Callable:
    STEPS[fn.__name__] = fn
    return fn


def answer(handler: Callable) -> Callable:
    """The step around every move (RULES' ``move``, game.py): the answer's handler, then the step machine until
    the next decision, then who acts next; the events are what the run emitted."""

    def run(st: St, seat: int, action) -> list:
        if seat == st.active and action.__class__ is not A.BibleDiscard:
            st.bible_ok = False
        handler(st, seat, action)
        if st.todo or st.turn_done:  # else the step machine has nothing to run
            st._run()
        st.actors = st.who_acts()
        out, st.out = st.out, []
        return out

    return run


def roll(st: St, seat: int, n: int) -> tuple[int, ...]:
    return tuple(st.rng.randrange(6) for _ in range(n))


def total(dice: tuple[int, ...]) -> int:
    return sum(CARDS.faces[f] for f in dice)


def roll_into(st: St, key: str, seat: int, n: int, why: str) -> None:
    dice = roll(st, seat, n)
    st.rolls[key] = (seat, dice)
    st._emit("rolled", {"seat": seat, "why": why, "dice": [CARDS.faces[f] for f in dice], "sum": total(dice)})


def can_tinker(st: St, seat: int) -> bool:
    """R107: the Inventor's own rolls on its own turn, while the ability is unused."""
    return seat == st.active and st.role[seat] == ADVENTURER and st.alive[seat] \
        and ADV[st.adv[seat]].ability == "tinkering" and not st.used[st.adv[seat]]


@step
def tinker(st: St, seat: int, key: str) -> None:
    if can_tinker(st, seat) and st.rolls.get(key, (0, ()))[1]:
        st.pending.append(("tinker", seat, key))


def rolled(st: St, key: str) -> int:
    return total(st.rolls[key][1])


# ==== Game Set Up: starting spaces and the first cards (R10, R12, D40) =======================================


def choose_space(st: St, seat: int, a: A.ChooseSpace) -> None:
    kind = st.pending.pop()[0]
    node = a.node
    if kind == "start_space":  # R10
        st.pos[seat] = node
        st._emit("placed_standup", {"seat": seat, "adventurer": ADV[st.adv[seat]].id, "node": NODES[node].id})
        order = [(st.first + i) % st.n for i in range(st.n)]
        i = order.index(seat)
        if i + 1 < st.n:
            st.pending.append(("start_space", order[i + 1]))
            return
        st.phase = "setup_keep"
        keeps = []
        for j, s in enumerate(order):  # R12: in turn order; the 5th and 6th draw two and keep one
            two = j >= 4
            setup_draw(st, s, 2 if two else 1)
            if two and len(st.hand[s]) == 2:
                keeps.append(("keep", s))
        st.pending.extend(reversed(keeps))
        if not keeps:
            st._start_turn(st.first)
    elif kind == "to_church":
        teleport(st, seat, node)
    elif kind == "unlock":
        st.locks.discard(node)
        st.lock_supply += 1
        st._emit("unlocked", {"seat": seat, "node": NODES[node].id, "by": "event"})
    elif kind == "token":
        t = take_token(st)
        if t >= 0:
            st.tokens[node] = t
            st._emit("token_placed", {"node": NODES[node].id})
    elif kind == "mirror":  # R126
        st.mirrors = (st.pos[seat], node)
        st._emit("mirrors", {"a": NODES[st.pos[seat]].id, "b": NODES[node].id})
    elif kind == "regen_space":  # R74 3
        st.pos[seat] = node
        st._emit("placed_standup", {"seat": seat, "adventurer": ADV[st.adv[seat]].id, "node": NODES[node].id})
        st._push(("regen_draw", seat))
    elif kind == "monster_site":  # R77
        place_monster(st, seat, node)
    elif kind == "church_exit":  # D28: the rising Monster lays the top tile where it likes
        tile = st.tiles.pop()
        st.tiles_known = [max(0, k - 1) for k in st.tiles_known]
        st._emit("tile_drawn", {"seat": seat, "tile": CARDS.tiles[tile].id})
        st.pending.append(("rise_orient", seat, tile, st.board.beyond(node), (st.board.side(node) + 2) % 4))


def setup_draw(st: St, s: int, n: int) -> None:
    got = 0
    while got < n:
        c = st._draw_card()
        if c < 0:
            return
        if KIND[c].cursed:  # D40: nothing to attach to yet
            st.known[c] = ALL
            st._discard_card(c, "a cursed card at setup is replaced")
            continue
        got += 1
        st._emit("drew", {"seat": s, "why": "setup", "card": None})
        st._emit("drew_card", {"seat": s, "card": NAMES[c]}, {s})
        st.known[c] = 1 << s
        if n == 1 and hooked(c, "must_examine"):  # R54; of two, only the card kept is acquired (R12)
            examine_at_once(st, s, c)
        else:
            st.hand[s].append(c)


def examine_at_once(st: St, s: int, c: int) -> None:
    st.known[c] = ALL
    st._to_row(s, (c, ()))


def keep_card(st: St, seat: int, a: A.KeepCard) -> None:
    st.pending.pop()
    other = next(c for c in st.hand[seat] if c != a.card)
    st._hand_discard(seat, other, "kept the other card")  # D40: it may be a Transformation card
    if hooked(a.card, "must_examine"):  # R54: kept, Iron Shackles goes straight to the row
        st.hand[seat].remove(a.card)
        examine_at_once(st, seat, a.card)
    if not st.pending:
        st._start_turn(st.first)


# ==== Move (R24-R26), passages (R30, R90), mirrors (R126) ==================================================


def arrive(st: St, s: int, node: int, origin: int) -> None:
    """The active player's stand-up ends a step or a teleport from ``origin`` on ``node``."""
    st.visited.add(node)
    st.todo.append(("arrived", s, node, origin))


@step
def arrived(st: St, s: int, node: int, origin: int) -> None:
    if st.pos[s] != node or not st.alive[s]:
        return
    if node in CHURCH and origin not in CHURCH:
        st._check_curse(s)  # R3: stepping onto the Church, before any window opens
        if st._result is not None:
            return
    if st.role[s] == ADVENTURER and event_space(st, node):  # R46, R52
        st.todo.append(("w1", node, s))  # runs after the Event (the stack's top is last)
        st.todo.append(("event", s))
    else:
        w1(st, node, s)  # at once: as a step it would be the next to run


def event_space(st: St, node: int) -> bool:
    f = NODES[node].feature
    return f == "event" or (f == "token_event" and node not in st.tokens)  # R50


def move(st: St, seat: int, a: A.Move) -> None:
    node = a.node
    here = st.pos[seat]
    st.moved += 1
    if st.role[seat] >= 0:
        if st.on_church(node) and not st.on_church(here):  # R82
            st.health[seat] -= CARDS.church_damage
            st._emit("church_burns", {"seat": seat, "health": st.health[seat]})
        if node in st.locks and NODES[node].feature == "gate":  # R83: breaking a gate ends the movement
            st.stopped = True
            st.breaking[seat] = node
    st.pos[seat] = node
    st.out.append(_moved(seat, here, node))
    st.visited.add(node)
    arrived(st, seat, node, here)  # at once, not queued by arrive(): that step would be the next to run anyway


def teleport(st: St, s: int, node: int) -> None:
    here = st.pos[s]
    st.pos[s] = node
    st._emit("teleported", {"seat": s, "from": NODES[here].id, "to": NODES[node].id})
    arrive(st, s, node, here)


def use_passage(st: St, seat: int, a) -> None:
    other = CARDS.passage_pair[st.pos[seat]]
    if st.role[seat] == VAMPIRE and other in st.locks:  # R90: arriving on a locked passage ends the movement
        st.stopped = True
        st.breaking[seat] = other
    teleport(st, seat, other)


def use_mirror(st: St, seat: int, a) -> None:
    ma, mb = st.mirrors
    teleport(st, seat, mb if st.pos[seat] == ma else ma)


# ==== Laying New Game Board Tiles (R27, R28, R32, R33, R123) ===============================================


def explore(st: St, seat: int, a) -> None:
    here = st.pos[seat]
    tile = st.tiles.pop()
    st.tiles_known = [max(0, k - 1) for k in st.tiles_known]
    cell = st.board.beyond(here)
    facing = (st.board.side(here) + 2) % 4
    st._emit("tile_drawn", {"seat": seat, "tile": CARDS.tiles[tile].id})
    st.pending.append(("orient", seat, tile, cell, facing))


def orient(st: St, seat: int, a: A.Orient) -> None:
    kind, _, tile, cell, facing = st.pending.pop()
    lay(st, tile, cell, a.rotation)
    if kind == "rise_orient":  # D28: then the Monster rises beside the Church
        rise_at(st, seat, monster_sites(st, seat))
        return
    entry = st.board.entry(tile, a.rotation, facing)
    st.moved += 1  # stepping onto the entry costs 1 (R27)
    here = st.pos[seat]
    if st.role[seat] >= 0 and entry in st.locks and NODES[entry].feature == "gate":
        st.stopped, st.breaking[seat] = True, entry
    st.pos[seat] = entry
    st._emit("moved", {"seat": seat, "from": NODES[here].id, "to": NODES[entry].id})
    arrive(st, seat, entry, here)


def lay(st: St, tile: int, cell: tuple[int, int], rotation: int) -> None:
    st.board.place(tile, cell[0], cell[1], rotation)
    for s in CARDS.tiles[tile].nodes:  # R28: tokens, then locks
        f = NODES[s].feature
        if f in ("token", "locked_token", "token_event"):
            put_token(st, s)
    for s in CARDS.tiles[tile].nodes:
        if NODES[s].feature in ("locked_token", "gate", "passage") and st.lock_supply > 0:  # D48
            st.locks.add(s)
            st.lock_supply -= 1
    st._emit("tile_laid", {"tile": CARDS.tiles[tile].id, "at": list(cell), "rotation": rotation})
    if not st.tiles:  # R33: the last tile fills every empty token space, the Church's too
        for s in st.board.slots():
            if NODES[s].feature in ("token", "locked_token", "token_event") and s not in st.tokens:
                put_token(st, s)
        st._emit("board_refilled", {})


def take_token(st: St) -> int:
    """R32: an empty stack is remade from the shaken bag; -1 if both are empty."""
    if not st.token_stack:
        if not st.token_bag:
            return -1
        st.token_stack, st.token_bag = st.token_bag, []
        st.rng.shuffle(st.token_stack)
    return st.token_stack.pop()


def put_token(st: St, s: int) -> None:
    t = take_token(st)
    if t >= 0:
        st.tokens[s] = t


def refill_church(st: St) -> None:
    for s in CARDS.tiles[CHURCH_TILE].nodes:
        if NODES[s].feature == "token" and s not in st.tokens:
            put_token(st, s)


# ==== Acquire Discovery Cards (R34-R42) =====================================================================


def attempt(st: St, seat: int, a) -> None:
    node = st.pos[seat]
    t = st.tokens[node]
    trait, target = CARDS.tokens[t]
    st.faceup.add(node)  # R36: the flip is public
    st.attempted = True  # R148
    st._emit("token_flipped", {"seat": seat, "node": NODES[node].id, "trait": TRAITS[trait], "target": target})
    roll_into(st, "attempt", seat, st.dice(seat, trait), "the Discovery token")
    st._push(("tinker", seat, "attempt"), ("attempt_done", seat, node))


@step
def attempt_done(st: St, seat: int, node: int) -> None:
    t = st.tokens[node]
    if rolled(st, "attempt") >= CARDS.tokens[t][1]:  # R37: at least the number
        del st.tokens[node]
        st.faceup.discard(node)
        st.token_bag.append(t)
        st._emit("discovery", {"seat": seat, "node": NODES[node].id, "success": True})
        st._draw_to(seat, 1, "a discovery")
        if NODES[node].feature == "token_event" and st.role[seat] == ADVENTURER:  # R50
            st._push(("event", seat))
    else:  # R38
        st.failed.add(node)
        st._emit("discovery", {"seat": seat, "node": NODES[node].id, "success": False})


def challenge(st: St, seat: int, a: A.Challenge) -> None:
    st.challenged.add(a.seat)  # R41
    st.attempted = True  # R148
    st._emit("challenge", {"seat": seat, "target": a.seat, "trait": TRAITS[a.trait]})
    roll_into(st, "ch_a", seat, st.dice(seat, a.trait), "the challenge")
    roll_into(st, "ch_b", a.seat, st.dice(a.seat, a.trait), "the challenge")
    st._push(("tinker", seat, "ch_a"), ("challenge_done", seat, a.seat))


@step
def challenge_done(st: St, seat: int, other: int) -> None:
    x, y = rolled(st, "ch_a"), rolled(st, "ch_b")
    if x == y:  # R40: a tie does nothing
        st._emit("challenge_result", {"winner": -1, "loser": -1})
        return
    win, lose = (seat, other) if x > y else (other, seat)
    st._emit("challenge_result", {"winner": win, "loser": lose})
    st.pending.append(("spoils", win, lose))  # W2


def take_hand(st: St, seat: int, a) -> None:
    _, _, lose = st.pending.pop()
    pick = [c for c in st.hand[lose] if c not in TRANSFORM]  # R149
    if not pick:
        st.augured.append((seat, lose, len(st.hand[lose]), tuple(sorted(st.hand[lose]))))  # public: all of them
        st._emit("took_nothing", {"seat": seat, "from": lose, "why": "only Transformation cards"})
        return
    c = st.rng.choice(pick)
    st.hand[lose].remove(c)
    st._emit("took_card", {"seat": seat, "from": lose})
    st._emit("took_card_named", {"seat": seat, "from": lose, "card": NAMES[c]}, {seat, lose})
    if seat == st.active:
        st.received = True
    st._receive(seat, c, known=(1 << seat) | (1 << lose))


def take_examined(st: St, seat: int, a: A.TakeExamined) -> None:
    _, _, lose = st.pending.pop()
    i = next(i for i, (c, _) in enumerate(st.row[lose]) if c == a.card)
    entry = st.row[lose].pop(i)
    st._emit("took_examined", {"seat": seat, "from": lose, "card": NAMES[a.card]})
    if seat == st.active:
        st.received = True
    st._place(seat, entry)


def pilfer(st: St, seat: int, a) -> None:
    node = st.pos[seat]
    i = next(i for i, (n, _) in enumerate(st.corpses) if n == node)  # the oldest (R42)
    _, cards = st.corpses.pop(i)
    st._emit("pilfered", {"seat": seat, "node": NODES[node].id, "cards": [NAMES[c] for c in cards]})
    if cards:
        st.received = True
    for c in cards:
        st._receive(seat, c, known=ALL)


# ==== Resolve Events (R46-R52, R106, R124-R126) =============================================================


def rampart_ready(st: St, s: int) -> bool:
    return s == st.active and st.role[s] == ADVENTURER and ADV[st.adv[s]].ability == "rampart" \
        and not st.used[st.adv[s]]


@step
def event(st: St, s: int) -> None:
    if not st.alive[s] or st.role[s] != ADVENTURER:
        return
    card = st._draw_event()
    if card < 0:
        st._emit("deck_empty", {"seat": s, "deck": "event"})
        return
    st.drawn.add(card)
    k = KIND[card]
    st._emit("event_drawn", {"seat": s, "card": NAMES[card], "kind": k.kind})
    if k.kind == "static":
        st._push(*[("effect", s, card, e, n) for e, n in k.effects], ("event_end", s, card))
    elif k.kind == "test":
        if rampart_ready(st, s):
            st.pending.append(("rampart", s, card, s))
        else:
            st._push(("event_roll", s, card))
    else:  # R51: the drawer first, then clockwise, each adventurer on the board
        order = [(s + i) % st.n for i in range(st.n)]
        st._push(*[("allplay_one", card, x, s) for x in order], ("event_end", s, card), ("w3_check",))


@step
def event_roll(st: St, s: int, card: int) -> None:
    roll_into(st, "event", s, st.dice(s, KIND[card].trait), KIND[card].name)
    st._push(("tinker", s, "event"), ("event_row", s, card, -1))


def row_for(card: int, total_: int):
    return next(r for r in KIND[card].rows if r.low <= total_ <= r.high)


@step
def event_row(st: St, s: int, card: int, best: int) -> None:
    r = KIND[card].rows[-1] if best >= 0 else row_for(card, rolled(st, "event"))
    st._push(*[("effect", s, card, e, n) for e, n in r.effects], ("event_end", s, card), ("w3_check",))


@step
def allplay_one(st: St, card: int, s: int, drawer: int) -> None:
    if st.role[s] != ADVENTURER or not st.alive[s] or st.pos[s] < 0:
        return
    if s == drawer and rampart_ready(st, s):
        st.pending.append(("rampart", s, card, drawer))
        return
    roll_into(st, "allplay", s, st.dice(s, KIND[card].trait), KIND[card].name)
    st._push(("tinker", s, "allplay"), ("allplay_row", card, s, -1))


@step
def allplay_row(st: St, card: int, s: int, best: int) -> None:
    r = KIND[card].rows[-1] if best >= 0 else row_for(card, rolled(st, "allplay"))
    st._push(*[("effect", s, card, e, n) for e, n in r.effects])


def rampart_choice(st: St, seat: int, a) -> None:
    _, s, card, drawer = st.pending.pop()
    allplay = KIND[card].kind == "allplay"
    if a.__class__ is A.Rampart:  # R106: the last (best) row instead of a roll
        st.used[st.adv[s]] = True
        st._emit("ability", {"seat": s, "ability": "rampart", "card": NAMES[card]})
        st._push(("allplay_row", card, s, 1) if allplay else ("event_row", s, card, 1))
    elif allplay:
        roll_into(st, "allplay", s, st.dice(s, KIND[card].trait), KIND[card].name)
        st._push(("tinker", s, "allplay"), ("allplay_row", card, s, -1))
    else:
        st._push(("event_roll", s, card))


@step
def effect(st: St, s: int, card: int, name: str, n: int) -> None:
    """One effect of an Event's row (R125), in order; the drawer makes the choices inside it."""
    if not st.alive[s] or st._result is not None:
        return
    node = st.pos[s]
    tile = NODES[node].tile
    if name == "damage":
        st._wound(s, n)
    elif name == "heal":
        st._heal(s, n)
    elif name == "draw":
        st._draw_to(s, n, "an Event")
    elif name == "discard_random":
        for _ in range(n):
            pick = [c for c in st.hand[s] if c not in TRANSFORM]
            if not pick:
                break
            st._hand_discard(s, st.rng.choice(pick), "at random")
    elif name == "examine":  # R47
        st._place(s, (card, ()))
    elif name == "church":  # R48, R124
        if st.church >= 0:
            st._discard_card(st.church, "replaced on the Church")
        st.church = card
        st._emit("church_card", {"card": NAMES[card]})
    elif name == "stop":
        if s == st.active:
            st.stopped = True
            st._emit("stopped", {"seat": s})
    elif name == "move":
        if s == st.active:
            st.bonus += n
    elif name == "to_church":
        if church_spaces(st, s):
            st.pending.append(("to_church", s))
    elif name == "unlock":
        if unlock_targets(st, tile):
            st.pending.append(("unlock", s))
    elif name == "token":
        if token_targets(st, tile) and (st.token_stack or st.token_bag):
            st.pending.append(("token", s))
    elif name == "trait_token":
        gain_trait_token(st, s, KIND[card].trait)
    elif name == "mirror":
        st.pending.append(("mirror", s))


def church_spaces(st: St, s: int) -> list[int]:
    return [x for x in CARDS.tiles[CHURCH_TILE].nodes if x != st.pos[s] and st.room(x, s)]


def unlock_targets(st: St, tile: int) -> list[int]:
    return sorted(x for x in st.locks if NODES[x].tile == tile)


def token_targets(st: St, tile: int) -> list[int]:
    return [x for x in CARDS.tiles[tile].nodes
            if NODES[x].feature in ("token", "locked_token", "token_event") and x not in st.tokens]


def mirror_targets(st: St, s: int) -> list[int]:
    return [x for x in st.board.slots()
            if x != st.pos[s] and not (x in st.locks and NODES[x].feature == "gate")]


def gain_trait_token(st: St, s: int, trait: int) -> None:
    """R60: at most two per trait, from a supply of six."""
    if st.tt[s][trait] < CARDS.trait_max and st.trait_supply[trait] > 0:
        st.tt[s][trait] += 1
        st.trait_supply[trait] -= 1
        st._emit("trait_token", {"seat": s, "trait": TRAITS[trait]})


@step
def event_end(st: St, s: int, card: int) -> None:
    """R49: an Event that is neither in a row nor on the Church is discarded."""
    if st.church == card or any(card == c for r in st.row for c, _ in r):
        return
    if any(p[0] == "make_room" and p[2][0] == card for p in st.pending):
        return
    st._discard_card(card, "resolved")


# ==== Examine, bump, discard, attach, make room (R53-R58, R128, R130) =======================================


def examine(st: St, seat: int, a: A.Examine) -> None:
    if st.pending and st.pending[-1][0] == "regen_examine":  # R74 5: free
        st.pending.pop()
    else:
        st.examined = True
    st.hand[seat].remove(a.card)
    st.known[a.card] = ALL
    st._emit("examined", {"seat": seat, "card": NAMES[a.card]})
    st._to_row(seat, (a.card, ()))


def bump(st: St, seat: int, a: A.Bump) -> None:
    i = next(i for i, (c, _) in enumerate(st.row[seat]) if c == a.card)
    st.row[seat].pop(i)
    st.hand[seat].append(a.card)
    st.known[a.card] = ALL
    st._emit("bumped", {"seat": seat, "card": NAMES[a.card]})
    if st.pending and st.pending[-1][0] == "make_room" and st.pending[-1][1] == seat:
        _, _, entry = st.pending.pop()
        st._to_row(seat, entry)


def discard(st: St, seat: int, a: A.Discard) -> None:
    c = a.card
    top = st.pending[-1][0] if st.pending else ""
    free = top == "make_room" or st.phase == "cleanup"  # R130
    if not free:
        st.discarded = True  # R58
    if c in st.hand[seat]:
        st._hand_discard(seat, c, "by choice")
    else:
        i = next(i for i, (x, _) in enumerate(st.row[seat]) if x == c)
        st._discard_entry(seat, i, "by choice")
    st._emit("discard_by", {"seat": seat, "card": NAMES[c]})
    if top == "make_room":
        _, _, entry = st.pending.pop()
        st._to_row(seat, entry)


def attach(st: St, seat: int, a: A.Attach) -> None:
    _, _, c = st.pending.pop()
    i = next(i for i, (x, _) in enumerate(st.row[seat]) if x == a.card)
    st._attach(seat, i, c)


# ==== Determination and Cleanup (R59-R61, R31, R145) ========================================================


def end_exploration(st: St, seat: int, a) -> None:
    if st.attempted and not st.received:  # R59, R148
        st.phase = "determination"
    else:
        st.phase = "cleanup"
    st.out.append(_PHASE[seat, st.phase])


def determine(st: St, seat: int, a: A.Determine) -> None:
    roll_into(st, "determination", seat, st.dice(seat, a.trait), "Determination")
    st._push(("tinker", seat, "determination"), ("determine_done", seat, a.trait))


@step
def determine_done(st: St, seat: int, trait: int) -> None:
    if rolled(st, "determination") <= 2:  # R59
        gain_trait_token(st, seat, trait)
    st.phase = "cleanup"


def end_turn(st: St, seat: int, a) -> None:
    if st.role[seat] >= 0:
        if st.on_church(st.pos[seat]):  # R137: stranded, it pays 2 but keeps 1 Health
            st.health[seat] = max(1, st.health[seat] - CARDS.church_damage)
            st._emit("church_burns", {"seat": seat, "health": st.health[seat]})
        here = st.pos[seat]
        f = NODES[here].feature
        # R83, R90: a Monster ending on a gate lock, or the Vampire on a passage lock, breaks it next turn
        breaks = here in st.locks and (f == "gate" or (f == "passage" and st.role[seat] == VAMPIRE))
        st.breaking[seat] = here if breaks else -1
        st.out.append(_END_TURN[seat])
        st.turn_done = True
        return
    st.out.append(_END_TURN[seat])
    st._end_adventurer_turn()


# ==== Attacks: on your turn (R62-R65, R84, R88, R97) and out of turn (W1, R64, R132, R133) ==================


def piece_at(st: St, p: int) -> int:
    if p < 6:
        return st.pos[p] if p < st.n and st.alive[p] else -1
    return st.minions[p - 6]


def owner(st: St, p: int) -> int:
    return p if p < 6 else st.zombie()


def kind_of(st: St, p: int) -> str:
    if p >= 6:
        return "minion"
    return "monster" if st.role[p] >= 0 else "adventurer"


def may_fight(st: St, attacker: int, target: int) -> bool:
    """R62, R65, R84, R88: adventurers fight Monsters and minions; Monsters and minions fight adventurers, and each
    other only when no adventurer stand-up is on the board."""
    ka, kt = kind_of(st, attacker), kind_of(st, target)
    if ka == "adventurer":
        return kt != "adventurer"
    if kt == "adventurer":
        return True
    if owner(st, attacker) == owner(st, target):
        return False
    return st.adventurers_on_board() == 0


def fight_dice(st: St, p: int, opponent: int) -> int:
    """The dice ``p`` rolls in a fight: a Monster's and a minion's clamped to the box's dice as an adventurer's are
    (D30: a roll uses at most 12; the printed ones never reach it, a variant's may)."""
    k = kind_of(st, p)
    if k == "minion":  # R94, D4
        z = st.zombie()
        return min(CARDS.max_dice, CARDS.minion_literal_attack if st.game.minion_eight else MON[st.role[z]].attack)
    if k == "monster":
        return min(CARDS.max_dice, CARDS.surge_attack if st.surge[p] else MON[st.role[p]].attack)  # R89
    vs = ZOMBIE if kind_of(st, opponent) == "minion" else st.role[opponent]
    return st.dice(p, 0, vs)


def attack(st: St, seat: int, a: A.Attack) -> None:
    st.attacked.add((seat, a.piece))
    if a.stealthy:  # R104
        st.used[st.adv[seat]] = True
        st._emit("ability", {"seat": seat, "ability": "stealthy_strike"})
    st._push(("fight", seat, a.piece, a.stealthy), ("w3_check",))


@step
def fight(st: St, a: int, d: int, stealthy: int) -> None:
    """R63: both roll Attack; the adventurer adds its total modifiers; the loser loses the difference."""
    where = piece_at(st, a)
    if where < 0 or where != piece_at(st, d) or st._result is not None:
        return
    st._emit("fight", {"attacker": a, "target": d, "node": NODES[where].id})
    roll_into(st, "fa", owner(st, a), fight_dice(st, a, d), "the attack")
    roll_into(st, "fd", owner(st, d), fight_dice(st, d, a), "the defence")
    steps = [("tinker", a, "fa")] if a < 6 else []
    if d < 6:
        steps.append(("tinker", d, "fd"))
    st._push(*steps, ("fight_done", a, d, stealthy))


@step
def fight_done(st: St, a: int, d: int, stealthy: int) -> None:
    ta, td = rolled(st, "fa"), rolled(st, "fd")
    if kind_of(st, a) == "adventurer":
        ta += st.total_mod(a) + (3 if stealthy else 0)
    if kind_of(st, d) == "adventurer":
        td += st.total_mod(d)
    st._emit("fight_result", {"attacker": a, "target": d, "attack": ta, "defence": td})
    if ta == td:
        return
    win, lose, dmg = (a, d, ta - td) if ta > td else (d, a, td - ta)
    k = kind_of(st, lose)
    if k == "minion":  # R98: any loss sends it back
        st.minions[lose - 6] = -1
        st._emit("minion_destroyed", {"minion": lose - 6})
    elif k == "monster":
        st.health[lose] -= dmg
        st._emit("monster_wounded", {"seat": lose, "lost": dmg, "health": st.health[lose]})
        if st.health[lose] <= 0:  # R5, R101, R144
            w = owner(st, win)
            name = MONSTERS[st.role[lose]].capitalize()
            if kind_of(st, win) == "adventurer":
                st._end({w}, "monster_slain", f"seat {w} slew the {name}")
            else:
                st._end({w}, "monster_duel", f"seat {w} destroyed the {name}")
    else:
        st._wound(lose, dmg, owner(st, win))


@step
def w1(st: St, node: int, mover: int) -> None:
    """R133: a window opens when the active player's piece ends a step on a space holding other seats' pieces."""
    if st.pos.count(node) < 2 and node not in st.minions:  # nobody else's piece there, the usual case
        return
    if piece_at(st, mover) != node or st._result is not None:
        return
    responders = {s for s in st.standups(node) if s != st.active}
    z = st.zombie()
    if z >= 0 and z != st.active and any(m == node for m in st.minions):
        responders.add(z)
    if not responders:
        return
    if st.game.public_only and not any(ambush_pieces(st, r, node, mover) for r in responders):
        return
    st.window = {"node": node, "mover": mover, "deciding": sorted(responders), "decl": {}}
    st._emit("ambush_window", {"node": NODES[node].id, "mover": mover, "seats": sorted(responders)})


def ambush_pieces(st: St, r: int, node: int, mover: int) -> list[int]:
    """The pieces of ``r`` on ``node`` that may attack ``mover`` now (R64, R88, R132)."""
    out = []
    if st.pos[r] == node and st.alive[r] and may_fight(st, r, mover):
        out.append(r)
    if st.role[r] == ZOMBIE:
        out += [6 + m for m, x in enumerate(st.minions) if x == node and may_fight(st, 6 + m, mover)]
    return [p for p in out if (p, mover) not in st.ambushed]


def ambush(st: St, seat: int, a: A.Ambush) -> None:
    w = st.window
    piece = seat if a.piece == 0 else 6 + a.piece - 1
    st.ambushed.add((piece, w["mover"]))
    w["decl"].setdefault(seat, []).append(piece)
    st._emit("ambush_declared", {"seat": seat, "piece": piece}, {seat})


def reveal_ambush(st: St, seat: int, a: A.RevealAmbush) -> None:
    w = st.window
    w["decl"].setdefault(seat, []).append(-1 - a.monster)
    st._emit("ambush_declared", {"seat": seat, "reveal": MONSTERS[a.monster]}, {seat})
    finish(st, seat)


def finish(st: St, seat: int) -> None:
    w = st.window
    w["deciding"].remove(seat)
    st._emit("window_finished", {"seat": seat})
    if w["deciding"]:
        return
    st.window = None  # W1 closes: the declarations resolve from the active seat's left
    mover = w["mover"]
    order = sorted(w["decl"], key=lambda s: (s - st.active) % st.n)
    steps: list[tuple] = []
    for s in order:
        for p in w["decl"][s]:
            if p < 0:
                steps += [("reveal_now", s, -1 - p), ("fight", s, mover, 0)]
            else:
                steps.append(("fight", p, mover, 0))
    st._emit("ambush_closed", {"declared": {str(s): [p if p >= 0 else MONSTERS[-1 - p] for p in w["decl"][s]]
                                            for s in order}})
    st._push(*steps, ("w3_check",))


def window_pass(st: St, seat: int) -> None:
    finish(st, seat)


# ==== Zombie minions: spawning (R93), moving (R95), attacking (R97), the chase (W3, R96, R134) ===============


def minion_ok(st: St, node: int) -> bool:
    """R135: never the Church, a locked gate or unexplored space."""
    return st.board.on_board(node) and not st.on_church(node) \
        and not (node in st.locks and NODES[node].feature == "gate")


def spawn(st: St, seat: int, a: A.Spawn) -> None:
    m = st.minions.index(-1)
    st.minions[m] = a.node
    st.spawns -= 1
    st._emit("spawned", {"minion": m, "node": NODES[a.node].id})


def minion_move(st: St, seat: int, a: A.MinionMove) -> None:
    m = a.minion
    st.minions[m] = a.node
    st.minion_steps[m] -= 1
    st._emit("minion_moved", {"minion": m, "to": NODES[a.node].id})
    if st.pending and st.pending[-1][0] == "chase":
        st.chased.add(m)
        if not chase_options(st, st.pending[-1][2]):
            st.pending.pop()
            st._push(("w3_check",))
    elif any(st.role[s] == ADVENTURER for s in st.standups(a.node)):
        st._push(("w1", a.node, 6 + m))  # R133: a minion stepping onto an adventurer on the Zombie's turn


def minion_attack(st: St, seat: int, a: A.MinionAttack) -> None:
    m = a.minion
    st.attacked.add((6 + m, a.seat))
    if st.pending and st.pending[-1][0] == "chase":
        _, z, batch = st.pending.pop()
        st.chased.add(m)
        st.minion_steps[m] = 0
        st._push(("fight", 6 + m, a.seat, 0), ("chase_resume", z, batch))
    else:
        st._push(("fight", 6 + m, a.seat, 0), ("w3_check",))


def nearest(st: St, node: int, targets: list[int]) -> int:
    dist = st.board.distances(node, lambda x: minion_ok(st, x) or x in targets)
    return min((dist[t] for t in targets if t in dist), default=99)


def chase_options(st: St, batch: tuple[int, ...]) -> list:
    targets = [st.pos[s] for s in batch if st.alive[s] and st.pos[s] >= 0]
    out = []
    for m, node in enumerate(st.minions):
        if node < 0:
            continue
        if st.minion_steps[m] > 0 and targets:
            here = nearest(st, node, targets)
            for y in st.board.adj[node]:
                if minion_ok(st, y) and nearest(st, y, targets) < here:
                    out.append(A.MINION_MOVE[m][y])
        for s in batch:
            if st.alive[s] and st.pos[s] == node and (6 + m, s) not in st.attacked:
                out.append(A.MINION_ATTACK[m][s])
    return out


@step
def w3_check(st: St) -> None:
    """R134: on another player's turn, a wound lets each minion that has not chased yet chase once."""
    batch = tuple(sorted(s for s in st.wounded if st.alive[s] and st.pos[s] >= 0 and st.role[s] == ADVENTURER))
    st.wounded = set()
    z = st.zombie()
    if not batch or z < 0 or z == st.active or st._result is not None:
        return
    for m, node in enumerate(st.minions):
        st.minion_steps[m] = CARDS.minion_movement if node >= 0 and m not in st.chased else 0
    if chase_options(st, batch):
        st.pending.append(("chase", z, batch))
        st._emit("chase", {"seat": z, "wounded": list(batch)})


@step
def chase_resume(st: St, z: int, batch: tuple[int, ...]) -> None:
    if st.zombie() == z and chase_options(st, batch):
        st.pending.append(("chase", z, batch))
    else:
        st._push(("w3_check",))


# ==== Hidden Transformation (R68-R70, R136) =================================================================


def transform(st: St, s: int, m: int) -> None:
    """R69: discard everything, return the trait tokens, stand up as the Monster at full Health."""
    for c in list(st.hand[s]):
        st._hand_discard(s, c, "revealed")
    while st.row[s]:
        st._discard_entry(s, len(st.row[s]) - 1, "revealed")
    for t in range(3):
        st.trait_supply[t] += st.tt[s][t]
    st.tt[s] = [0, 0, 0]
    st._emit("revealed", {"seat": s, "monster": MONSTERS[m], "was": ADV[st.adv[s]].id})
    st.last_adv[s] = st.adv[s]
    st.role[s] = m
    st.health[s] = MON[m].health
    st.kills[s] = 0
    st.surge[s] = False


def reveal(st: St, seat: int, a: A.Reveal) -> None:
    transform(st, seat, a.monster)
    st._reset_turn()  # R70: a full Monster turn follows at once
    st._monster_turn_begin(seat)


@step
def reveal_now(st: St, s: int, m: int) -> None:
    if st.alive[s] and st.role[s] == ADVENTURER and m in st.qualifies(s):
        transform(st, s, m)


def swap(st: St, seat: int, a) -> None:
    """R141: the Transformation cards of a Monster in play may be swapped for new cards."""
    taken = {r for r in st.role if r >= 0}
    dead = [c for c in st.hand[seat] if c in TRANSFORM and T_MONSTER[c] in taken]
    for c in dead:
        st._hand_discard(seat, c, "a dead Transformation card")
    st._draw_to(seat, len(dead), "a swap")


def cure(st: St, seat: int, a: A.Cure) -> None:
    """R142: the turn's discard, of the cure and one matching Transformation card."""
    st.discarded = True
    m = cure_monster(a.card)
    c = next(c for c in sorted(st.hand[seat]) if c in TRANSFORM and T_MONSTER[c] == m and c not in st.drawn)
    i = next(i for i, (x, _) in enumerate(st.row[seat]) if x == a.card)
    st._discard_entry(seat, i, "a cure")
    st._hand_discard(seat, c, "cured")


def cure_monster(card: int) -> int:
    for m, hook in enumerate(("cure_vampire", "cure_werewolf", "cure_zombie")):
        if hooked(card, hook):
            return m
    return -1


def bible_discard(st: St, seat: int, a: A.BibleDiscard) -> None:
    st.bible_ok = False  # R146
    i = next(i for i, (x, _) in enumerate(st.row[seat]) if x == a.card)
    st._discard_entry(seat, i, "the Bible")


def key_unlock(st: St, seat: int, a: A.KeyUnlock) -> None:
    st.keys_used += 1  # R121
    st.locks.discard(a.node)
    st.lock_supply += 1
    st._emit("unlocked", {"seat": seat, "node": NODES[a.node].id, "by": "key"})


# ==== Regeneration (R73-R78, R138-R140) ======================================================================


@step
def regenerate(st: St, s: int) -> None:
    allowed, node = st.died[s]
    for c in st.aside[s]:
        st.known[c] = ALL
    st._emit("set_aside_revealed", {"seat": s, "cards": [NAMES[c] for c in st.aside[s]]})  # R73
    st.phase = "turn_start"
    taken = {r for r in st.role if r >= 0}
    options = [m for m in range(3) if allowed >> m & 1 and m not in taken]  # R78
    if len(options) > 1:
        st.pending.append(("become", s, tuple(options)))
    elif options:
        become_monster(st, s, options[0])
    else:
        become_adventurer(st, s)


def become(st: St, seat: int, a: A.Become) -> None:
    st.pending.pop()
    become_monster(st, seat, a.monster)


def become_monster(st: St, s: int, m: int) -> None:
    """R76, R77: the set-aside hand is discarded; the Monster rises where the adventurer died."""
    _, node = st.died[s]
    for c in list(st.aside[s]):
        st.aside[s].remove(c)
        st._discard_card(c, "set aside")
    st.role[s], st.health[s], st.kills[s], st.surge[s] = m, MON[m].health, 0, False
    st.alive[s] = True
    st.died[s] = None
    st._emit("rises", {"seat": s, "monster": MONSTERS[m]})
    if st.on_church(node):
        sites = monster_sites(st, s)
        exits = [x for x in CARDS.tiles[CHURCH_TILE].nodes if st.board.open_exit(x)]
        if not sites and st.tiles and exits:  # D28: no tile beside the Church yet: lay one first
            st.pending.append(("church_exit", s))
            return
    elif st.room(node, s):
        sites = [node]
    else:  # D27: the nearest spaces with room, the player's pick
        dist = st.board.distances(node)
        free = [x for x in dist if st.room(x, s) and not st.on_church(x)]
        best = min((dist[x] for x in free), default=99)
        sites = sorted(x for x in free if dist[x] == best)
    rise_at(st, s, sites, node)


def rise_at(st: St, s: int, sites: list[int], fallback: int = -1) -> None:
    if len(sites) > 1:
        st.pending.append(("monster_site", s, tuple(sites)))
    elif sites:
        place_monster(st, s, sites[0])
    elif fallback >= 0:  # nowhere beside the Church and no tile left to lay: it rises where it fell
        place_monster(st, s, fallback)


def monster_sites(st: St, s: int) -> list[int]:
    """R77, R138: the spaces next to the Church tile, on the four tiles beside it, nearest to it first."""
    beside = {t for t, (x, y, _) in st.board.placed.items() if abs(x) + abs(y) == 1}
    church = CARDS.tiles[CHURCH_TILE].nodes
    dist: dict[int, int] = {}
    for c in church:
        for x, d in st.board.distances(c).items():
            if NODES[x].tile in beside and st.room(x, s):
                dist[x] = min(dist.get(x, 99), d)
    if not dist:
        return []
    best = min(dist.values())
    return sorted(x for x, d in dist.items() if d == best)


def place_monster(st: St, s: int, node: int) -> None:
    st.pos[s] = node
    st._emit("placed_standup", {"seat": s, "adventurer": MONSTERS[st.role[s]], "node": NODES[node].id})


def become_adventurer(st: St, s: int) -> None:
    """R140 then R74: the revealed hand joins the corpse; a new adventurer on the Church draws two cards."""
    _, node = st.died[s]
    keep = []
    for c in list(st.aside[s]):
        if c in TRANSFORM:
            st._discard_card(c, "set aside")
        else:
            keep.append(c)
    st.aside[s] = []
    if keep:
        corpse = next((cp for cp in reversed(st.corpses) if cp[0] == node), None)
        if corpse is None:
            st.corpses.append([node, keep])
        else:
            corpse[1].extend(keep)
    on_board = {st.adv[x] for x in range(st.n) if x != s and st.role[x] == ADVENTURER and st.alive[x]}
    pool = [i for i in range(len(ADV)) if i not in on_board and i != st.last_adv[s]]  # R139
    st.adv[s] = st.rng.choice(pool)
    st.role[s], st.health[s], st.alive[s], st.died[s] = ADVENTURER, CARDS.start_health, True, None
    st.tt[s] = [0, 0, 0]
    st._emit("new_adventurer", {"seat": s, "adventurer": ADV[st.adv[s]].id})
    refill_church(st)  # R74 2
    st.pending.append(("regen_space", s))


@step
def regen_draw(st: St, s: int) -> None:
    before = list(st.hand[s])
    st._draw_to(s, 2, "regeneration")  # R74 4
    new = tuple(c for c in st.hand[s] if c not in before)
    if any(c not in TRANSFORM for c in new) and len(st.row[s]) < CARDS.slots:
        st.pending.append(("regen_examine", s, new))


# ==== the pass action, in every window and decision =========================================================


def pass_(st: St, seat: int, a) -> None:
    if st.pending:
        top = st.pending[-1]
        kind = top[0]
        st.pending.pop()
        if kind == "chase":
            st._push(("w3_check",))
        elif kind == "templar":
            st._emit("ability_cancelled", {"seat": seat})
        elif kind == "spoils":
            st._emit("took_nothing", {"seat": seat, "from": top[2], "why": "declined"})
        return
    if st.window is not None:
        window_pass(st, seat)
        return
    if st.phase == "determination":
        st.phase = "cleanup"


def tinker_answer(st: St, seat: int, a) -> None:
    _, _, key = st.pending.pop()
    if a.__class__ is A.KeepRoll:
        return
    who, dice = st.rolls[key]
    order = sorted(range(len(dice)), key=lambda i: (CARDS.faces[dice[i]], i))
    pick = order[:a.k] if a.which == "low" else order[-a.k:]
    new = list(dice)
    for i in pick:
        new[i] = st.rng.randrange(6)
    st.rolls[key] = (who, tuple(new))
    st.used[st.adv[seat]] = True
    st._emit("ability", {"seat": seat, "ability": "tinkering"})
    st._emit("rolled", {"seat": seat, "why": "Tinkering", "dice": [CARDS.faces[f] for f in new],
                        "sum": total(tuple(new))})


__all__ = ["MOONS", "NECRO", "ND"]
