"""Legal actions and default actions (docs/games/transylvania.md, "Turn machine"), ascending by id.

What a seat may do depends only on what it may know: the public board and its own cards. Windows ask every
seat with a piece on the space, whatever its cards (R133, D21).
"""

from __future__ import annotations

from hexbox.core import IllegalAction

from . import actions as A
from .abilities import ability, payable
from .board import EXITS, NODES
from .cards import CARDS
from .play import (
    ambush_pieces,
    chase_options,
    church_spaces,
    cure_monster,
    kind_of,
    may_fight,
    minion_ok,
    mirror_targets,
    token_targets,
    unlock_targets,
)
from .state import (
    ADV,
    ADVENTURER,
    BIBLE,
    CHURCH,
    KIND,
    MOONS,
    NC,
    ND,
    ROOM,
    T_MONSTER,
    TRANSFORM,
    VAMPIRE,
    ZOMBIE,
    TransylvaniaState,
)

St = TransylvaniaState
INDEX = {id(a): i for i, a in enumerate(A.SPACE.actions)}  # by identity: hashing a dataclass is slow
KEYS = frozenset(c for c in range(NC) if "key" in KIND[c].hooks)  # R121


def ordered(out: list) -> list:
    out.sort(key=lambda a: INDEX[id(a)])
    return out


# ---- a check of its own for EndExploration, so the gate need not list every legal action -----------------------
# (it must agree exactly with legal(); the conformance kit's gate fuzz holds it to it). Move and EndTurn had checks
# too; the gate's lookup in the list the agent was just given costs less (84,766 -> 84,125 instructions a decision,
# benchmarks/instructions.py), and with no check at all EndExploration's list costs more (84,536).


def check_end_exploration(st: St, seat: int, a) -> None:
    if st.pending or st.window is not None or st.phase != "exploration":
        raise IllegalAction(f"seat {seat} cannot {a} now ({st.phase_name})")



def legal(st: St, seat: int) -> list:
    """The legal actions of ``seat``: none unless it is one of the actors (rules.py: ``actors``, asked here without
    building its tuple: 1.1% of a random playout's instructions)."""
    if st._result is not None:
        return []
    if st.pending:
        top = st.pending[-1]
        return ordered(pending_legal(st, seat, top)) if top[1] == seat else []
    if st.window is not None:
        return ordered(window_legal(st, seat))  # [] for a seat that is not deciding
    if seat != st.active:
        return []
    phase = st.phase
    if phase == "exploration":
        return exploration(st, seat)  # in id order as built
    if phase == "monster":
        return ordered(monster(st, seat))
    if phase == "determination":
        return [A.PASS, *A.DETERMINE]
    if phase == "cleanup":
        return cleanup(st, seat)  # in id order as built
    return []


# ---- pending decisions ------------------------------------------------------------------------------------


def bumpable(st: St, s: int) -> list[int]:
    """R57, R128: Discovery cards in the row without an attachment."""
    return [c for c, att in st.row[s] if c < ND and not att]


def pending_legal(st: St, seat: int, p: tuple) -> list:
    kind = p[0]
    if kind == "start_space":
        return [A.CHOOSE[x] for x in CARDS.church_starts if st.room(x, seat)]
    if kind == "keep":
        return [A.KEEP[c] for c in st.hand[seat]]
    if kind == "to_church":
        return [A.CHOOSE[x] for x in church_spaces(st, seat)]
    if kind == "unlock":
        return [A.CHOOSE[x] for x in unlock_targets(st, NODES[st.pos[seat]].tile)]
    if kind == "token":
        return [A.CHOOSE[x] for x in token_targets(st, NODES[st.pos[seat]].tile)]
    if kind == "mirror":
        return [A.CHOOSE[x] for x in mirror_targets(st, seat)]
    if kind == "regen_space":
        return [A.CHOOSE[x] for x in CARDS.tiles[0].nodes if st.room(x, seat)]
    if kind == "monster_site":
        return [A.CHOOSE[x] for x in p[2]]
    if kind == "church_exit":
        return [A.CHOOSE[x] for x in CARDS.tiles[0].nodes if st.board.open_exit(x)]
    if kind in ("orient", "rise_orient"):
        return [A.ORIENT[r] for r in st.board.rotations(p[2], p[4])]
    if kind == "attach":
        return [A.ATTACH[c] for c, _ in st.row[seat]]
    if kind == "make_room":
        return [*(A.BUMP[c] for c in bumpable(st, seat)), *(A.DISCARD[c] for c, _ in st.row[seat])]
    if kind == "spoils":
        lose = p[2]
        out = [A.PASS]
        if st.hand[lose]:
            out.append(A.TAKE_HAND)
        out += [A.TAKE_EXAMINED[c] for c, _ in st.row[lose] if c < ND]
        return out
    if kind == "rampart":
        return [A.ROLL, A.RAMPART]
    if kind == "tinker":
        dice = st.rolls[p[2]][1]
        return [A.KEEP_ROLL, *(A.TINKER[k, w] for k in range(1, len(dice) + 1) for w in ("low", "high"))]
    if kind == "chase":
        return [A.PASS, *chase_options(st, p[2])]
    if kind == "become":
        return [A.BECOME[m] for m in p[2]]
    if kind == "regen_examine":
        return [A.PASS, *(A.EXAMINE[c] for c in p[2] if c in st.hand[seat] and c not in TRANSFORM)]
    if kind == "order_tiles":
        k = p[2]
        return [A.ORDER[i] for i, perm in enumerate(A.PERMS) if all(perm[j] == j for j in range(k, 3))]
    if kind == "experiment":
        shown = p[2]
        out = []
        for t, c in enumerate(shown):
            if c not in TRANSFORM:
                out.append(A.EXPERIMENT[t][0])
                if len(shown) == 3:
                    out.append(A.EXPERIMENT[t][1])
        return out
    if kind == "templar":
        paid = p[2]
        out = [A.TEMPLAR[c] for c in payable(st, seat) if c not in paid]
        return [A.PASS, *out] if len(payable(st, seat)) >= 2 else [A.PASS]
    raise AssertionError(f"unknown decision {kind}")


def window_legal(st: St, seat: int) -> list:
    """W1: ambush with each piece that may, reveal a qualifying hidden Monster, or pass."""
    w = st.window
    if seat not in w["deciding"]:
        return []
    node, mover = w["node"], w["mover"]
    declared = w["decl"].get(seat, [])
    out = [A.PASS]
    for p in ambush_pieces(st, seat, node, mover):
        if p not in declared:
            out.append(A.AMBUSH[0 if p < 6 else p - 5])
    if st.role[seat] == ADVENTURER and kind_of(st, mover) == "adventurer" and not st.on_church(node):  # R136
        out += [A.REVEAL_AMBUSH[m] for m in st.qualifies(seat)]
    return out


# ---- Exploration (R23) ------------------------------------------------------------------------------------


def exploration(st: St, s: int) -> list:
    """The list is built in the order of the action ids, so it needs no sort (the conformance kit checks the order
    of every legal list). Most of these rules are about somebody or something else on the mover's space, which
    is rarely the case: each is asked only when a quick look says it could apply. With the tables of rules.py, the
    legal lists of a random playout went from 64.7k to 34.4k instructions an action (callgrind)."""
    out = [A.END_EXPLORATION]
    here = st.pos[s]
    pos = st.pos
    left = 0 if st.stopped else st.movement(s) + st.bonus - st.moved  # move_left() written out: a call fewer
    board = st.board
    if left >= 1:
        for y in board.adj[here]:  # R24-R26, R29 (adj is ascending); room's first test written out
            if (pos.count(y) < ROOM or st.room(y, s)) and not (y in st.locks and NODES[y].feature == "gate"):
                out.append(A.MOVE[y])
        if st.tiles and here in EXITS and board.open_exit(here):  # R27
            out.append(A.EXPLORE)
    other = CARDS.passage_pair.get(here)
    if other is not None and board.on_board(other) and here not in st.locks and other not in st.locks \
            and st.room(other, s):  # R30
        out.append(A.USE_PASSAGE)
    if st.mirrors and here in st.mirrors:  # R126
        ma, mb = st.mirrors
        dest = mb if here == ma else ma
        if dest != here and st.room(dest, s):
            out.append(A.USE_MIRROR)
    if here in st.tokens and here not in st.locks and here not in st.failed:  # R35, R38, R29
        out.append(A.ATTEMPT)
    row = st.row[s]
    if row:
        keys = sum(1 for c, _ in row if c in KEYS)
        if st.keys_used < keys:  # R121
            out += [A.KEY[x] for x in key_targets(st, here)]
    company = pos.count(here) > 1  # another seat's stand-up (alive or not) shares the space
    if company:
        for t in range(st.n):  # R39, R41
            if t != s and pos[t] == here and st.is_adventurer(t) and t not in st.challenged:
                out += A.CHALLENGE[t]
    if st.corpses and any(node == here for node, _ in st.corpses):  # R42
        out.append(A.PILFER)
    hand = st.hand[s]
    plain = [c for c in hand if c not in TRANSFORM]  # a Transformation card is never examined nor discarded
    plain.sort()
    if not st.examined and len(row) < CARDS.slots:  # R53, R56
        out += [A.EXAMINE[c] for c in plain]
    if row:
        out += [A.BUMP[c] for c in sorted(bumpable(st, s))]  # R57
    drawn = st.drawn
    if not st.discarded:  # R58, R45
        gone = [c for c in plain if c not in drawn]
        if row:
            gone += [c for c, _ in row if c not in drawn]
            gone.sort()
        out += [A.DISCARD[c] for c in gone]
    if company:
        for t in range(st.n):  # R62
            if t != s and pos[t] == here and st.alive[t] and st.role[t] >= 0 and (s, t) not in st.attacked:
                out.append(A.ATTACK[t][0])
                if ability(st, s) == "stealthy_strike" and not st.used[st.adv[s]]:  # R104
                    out.append(A.ATTACK[t][1])
    if here in st.minions:
        for m, node in enumerate(st.minions):
            if node == here and (s, 6 + m) not in st.attacked:
                out.append(A.ATTACK[6 + m][0])
    transforms = not TRANSFORM.isdisjoint(hand)  # every recipe (R66), swap (R141) and cure (R142) needs one
    if transforms and not st.on_church(here):  # R68, R136
        out += [A.REVEAL[m] for m in st.qualifies(s)]
    if transforms:
        taken = {r for r in st.role if r >= 0}
        if any(c in TRANSFORM and T_MONSTER[c] in taken for c in hand):  # R141
            out.append(A.SWAP)
        if not st.discarded:
            for c, _ in sorted(row):  # R142
                m = cure_monster(c) if c < ND else -1
                if m >= 0 and any(x in TRANSFORM and T_MONSTER[x] == m and x not in drawn for x in hand):
                    out.append(A.CURE[c])
    if st.bible_ok and any(c == BIBLE for c, _ in row):  # R146
        out += [A.BIBLE[c] for c in sorted(c for c, _ in row) if c != BIBLE]
    if st.sleuth_uses > 0 or not st.used[st.adv[s]]:  # ability_actions' own first look: most turns it is used
        out += ability_actions(st, s)
    return out


def key_targets(st: St, here: int) -> list[int]:
    out = []
    if here in st.locks and NODES[here].feature in ("locked_token", "passage"):
        out.append(here)
    out += [y for y in st.board.adj[here] if y in st.locks and NODES[y].feature == "gate"]
    return sorted(set(out))


def ability_actions(st: St, s: int) -> list:
    """R102-R112: each ability while unused (the Sleuth's picks for the rest of the turn once it is used)."""
    adv = st.adv[s]
    if st.sleuth_uses > 0 and ADV[adv].ability == "easy_access":
        return sleuth_actions(st, s)
    if st.used[adv]:
        return []
    kind = ADV[adv].ability
    if kind == "divine_intervention":
        cards = list(st.hand[s])
        for c, att in st.row[s]:
            cards.append(c)
            cards += att
        out = [A.DIVINE[c] for c in sorted(cards)]
        if st.church >= 0:
            out.append(A.DIVINE[NC])
        return out
    if kind == "surveillance":
        return [A.USE_ABILITY] if st.tiles else []
    if kind == "experimentation":
        return [A.USE_ABILITY] if st.deck else []
    if kind == "easy_access":
        return [A.USE_ABILITY]
    if kind == "secret_society":
        return [A.USE_ABILITY] if len(payable(st, s)) >= 2 else []
    if kind == "augury":
        return [A.AUGURY[t] for t in range(st.n) if t != s and st.is_adventurer(t) and st.pos[t] >= 0]
    if kind == "sleight_of_hand":
        tile = NODES[st.pos[s]].tile
        out = []
        for t in range(st.n):
            if t != s and st.is_adventurer(t) and st.pos[t] >= 0 and NODES[st.pos[t]].tile == tile:
                out += [A.SLEIGHT[c] for c, _ in st.row[t]]
        return sorted(out, key=lambda a: a.card)
    return []


def sleuth_actions(st: St, s: int) -> list:
    lockable = ("locked_token", "gate", "passage")
    seen = st.visited | {st.pos[s]}
    out = []
    near = set(seen)
    for x in seen:
        near |= {y for y in st.board.adj[x] if NODES[y].feature == "gate"}  # D54
    for x in sorted(near):
        if x in st.locks and (x in seen or NODES[x].feature == "gate"):
            out.append(A.SLEUTH_UNLOCK[x])
    if st.lock_supply > 0:
        for x in sorted(seen):
            if NODES[x].feature in lockable and x not in st.locks and not st.standups(x) \
                    and x not in st.minions:
                out.append(A.SLEUTH_LOCK[x])
    return out


# ---- Cleanup (R61, R145) ----------------------------------------------------------------------------------


def cleanup_discards(st: St, s: int) -> list[int]:
    hand = st.hand[s]
    if len(hand) <= CARDS.hand_limit or len(hand) <= st.hand_limit(s):  # R61; the Notebook only raises the limit
        return []
    free = [c for c in hand if c not in TRANSFORM]
    old = [c for c in free if c not in st.drawn]
    return old or free


def cleanup(st: St, s: int) -> list:
    """In the order of the action ids as built (END_TURN, then Discards by card), like exploration's."""
    forced = cleanup_discards(st, s)
    if forced:
        return [A.DISCARD[c] for c in sorted(forced)]
    out = [A.END_TURN]
    if st.row[s]:
        out += [A.DISCARD[c] for c in sorted(c for c, _ in st.row[s] if c in MOONS and c not in st.drawn)]
    return out


# ---- the Monster turn (R80-R83, R90, R93-R97) -------------------------------------------------------------


NO_WAY = 99


def way_off(st: St, s: int, node: int) -> int:
    """R82, R137: the fewest points that take Monster ``s`` from Church space ``node`` off the Church: a walk over
    Church spaces with room (R26), then a step onto a space beyond with room, or off an open exit while tiles are
    left to lay (R27, D52). NO_WAY when full spaces bar every way. A walk of at most the Church's 12 spaces."""
    adj, board, layable = st.board.adj, st.board, bool(st.tiles)
    seen = {node}
    ring = [node]
    d = 0
    while ring:
        d += 1
        nxt = []
        for x in ring:
            if layable and x in EXITS and board.open_exit(x):
                return d
            for y in adj[x]:
                if y in seen:
                    continue
                seen.add(y)
                if st.room(y, s):
                    if y not in CHURCH:
                        return d
                    nxt.append(y)
        ring = nxt
    return NO_WAY


def monster_moves(st: St, s: int) -> list[int]:
    here = st.pos[s]
    left = st.move_left()
    out = []
    if left < 1:
        return out
    for y in st.board.adj[here]:
        if not st.room(y, s):
            continue
        if y in CHURCH:  # R82: never onto a Church space it could not leave again with the points left
            if here not in CHURCH and st.health[s] <= CARDS.church_damage:
                continue
            if left - 1 < way_off(st, s, y):
                continue
        out.append(y)
    return out


def monster(st: St, s: int) -> list:
    here = st.pos[s]
    out = [A.MOVE[y] for y in monster_moves(st, s)]
    if st.move_left() >= 1 and st.board.open_exit(here) and st.tiles:  # D52
        out.append(A.EXPLORE)
    other = CARDS.passage_pair.get(here)
    if st.role[s] == VAMPIRE and other is not None and here not in st.locks and st.board.on_board(other) \
            and st.room(other, s) and not st.stopped:  # R90
        out.append(A.USE_PASSAGE)
    for t in range(st.n):  # R84, R88
        if t != s and st.pos[t] == here and st.alive[t] and (s, t) not in st.attacked and may_fight(st, s, t):
            out.append(A.ATTACK[t][0])
    for m, node in enumerate(st.minions):
        if node == here and (s, 6 + m) not in st.attacked and may_fight(st, s, 6 + m):
            out.append(A.ATTACK[6 + m][0])
    if st.role[s] == ZOMBIE:
        out += zombie_actions(st, s)
    # R82, R137: on the Church only when it cannot get off with the points left, which monster_moves allows only
    # where full spaces bar the way
    if here not in CHURCH or way_off(st, s, here) > st.move_left():
        out.append(A.END_TURN)
    return out


def zombie_actions(st: St, s: int) -> list:
    out = []
    if st.spawns > 0 and -1 in st.minions:  # R93
        out += [A.SPAWN[x] for x in sorted(st.visited) if minion_ok(st, x)]
    for m, node in enumerate(st.minions):
        if node < 0:
            continue
        if st.minion_steps[m] > 0:  # R95
            out += [A.MINION_MOVE[m][y] for y in st.board.adj[node] if minion_ok(st, y)]
        for t in range(st.n):  # R97
            if st.pos[t] == node and st.alive[t] and t != s and (6 + m, t) not in st.attacked \
                    and may_fight(st, 6 + m, t):
                out.append(A.MINION_ATTACK[m][t])
    return out


# ---- defaults (§5.4, D49): always the least ---------------------------------------------------------------


def default(st: St, seat: int):
    options = legal(st, seat)
    want = None
    if st.pending:
        p = st.pending[-1]
        kind = p[0]
        if kind == "keep":
            want = A.KEEP[st.hand[seat][0]]
        elif kind == "make_room":
            b = bumpable(st, seat)
            want = A.BUMP[b[0]] if b else A.DISCARD[st.row[seat][0][0]]
        elif kind == "attach":
            want = A.ATTACH[st.row[seat][0][0]]
        elif kind == "rampart":
            want = A.ROLL
        elif kind == "tinker":
            want = A.KEEP_ROLL
        elif kind == "spoils":
            lose = p[2]
            exam = [c for c, _ in st.row[lose] if c < ND]
            want = A.TAKE_HAND if st.hand[lose] else A.TAKE_EXAMINED[exam[0]] if exam else A.PASS
        elif kind == "order_tiles":
            want = A.ORDER[0]
        elif kind in ("templar", "regen_examine", "chase"):
            want = A.PASS
        elif kind == "experiment":
            want = next(a for a in options if a.order == 0)
        else:
            want = options[0]  # the lowest space, rotation or Monster
    elif st.window is not None:
        want = A.PASS
    elif st.phase == "exploration":
        want = A.END_EXPLORATION
    elif st.phase == "determination":
        want = A.PASS
    elif st.phase == "cleanup":
        forced = cleanup_discards(st, seat)
        want = A.DISCARD[min(forced)] if forced else A.END_TURN
    elif st.phase == "monster":
        if A.END_TURN in options:
            want = A.END_TURN
        else:
            moves = monster_moves(st, seat)  # on the Church with a way off (R82): the shortest way
            off = [y for y in moves if y not in CHURCH]
            if off:
                want = A.MOVE[min(off)]
            elif A.EXPLORE in options:
                want = A.EXPLORE
            elif moves:
                want = A.MOVE[min(moves, key=lambda y: (way_off(st, seat, y), y))]
    if want is None or want not in options:
        want = options[0]
    return want
