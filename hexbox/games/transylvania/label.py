"""A legal action as its seat reads it in this position (the terminal's numbered list): spaces by tile name and
what is on them, rolls with the dice each side would throw."""

from __future__ import annotations

from . import actions as A
from .board import NODES
from .cards import CARDS, MONSTERS, SIDES, TRAITS
from .play import fight_dice
from .state import ADV, TransylvaniaState

FEATURE = {"token": "a token space", "locked_token": "a locked token space", "token_event": "a token and Event space",
           "event": "an Event space", "gate": "a gate", "passage": "a secret passage"}


def space(st: TransylvaniaState, node: int) -> str:
    n = NODES[node]
    tile = CARDS.tiles[n.tile].name
    what = FEATURE.get(n.feature, "")
    extra = []
    if what:
        extra.append(what)
    who = [str(s) for s in st.standups(node)]
    if who:
        extra.append("seat " + ", ".join(who))
    if any(m == node for m in st.minions):
        extra.append("minion")
    return f"{tile} {n.id.split('.')[1]}" + (f" ({'; '.join(extra)})" if extra else "")


def who(st: TransylvaniaState, s: int) -> str:
    return MONSTERS[st.role[s]].capitalize() if st.role[s] >= 0 else ADV[st.adv[s]].name


def label(st: TransylvaniaState, seat: int, action) -> str:
    k = action.kind
    if k in ("move", "choose_space", "spawn", "key_unlock", "sleuth_unlock", "sleuth_lock"):
        verb = {"move": "move to", "choose_space": "choose", "spawn": "raise a minion on",
                "key_unlock": "unlock with a key:", "sleuth_unlock": "pick the lock on",
                "sleuth_lock": "lock"}[k]
        return f"{verb} {space(st, action.node)}"
    if k == "minion_move":
        return f"move minion {action.minion} to {space(st, action.node)}"
    if k == "attempt":
        node = st.pos[seat]
        if node in st.faceup:
            trait, target = CARDS.tokens[st.tokens[node]]
            return f"attempt the {TRAITS[trait].capitalize()} {target} token ({st.dice(seat, trait)} dice)"
        return "attempt the face-down token"
    if k == "challenge":
        t = action.trait
        return (f"challenge seat {action.seat} ({who(st, action.seat)}) on {TRAITS[t].capitalize()}: "
                f"{st.dice(seat, t)} dice against {st.dice(action.seat, t)}")
    if k == "attack":
        target = action.piece
        name = f"minion {target - 6}" if target >= 6 else f"seat {target} ({who(st, target)})"
        mine, theirs = fight_dice(st, seat, target), fight_dice(st, target, seat)
        return f"attack {name}: {mine} dice against {theirs}" + (" with a Stealthy Strike (+3)" if action.stealthy
                                                                 else "")
    if k == "minion_attack":
        return f"attack seat {action.seat} ({who(st, action.seat)}) with minion {action.minion}"
    if k == "ambush":
        mover = st.window["mover"] if st.window else -1
        name = f"minion {mover - 6}" if mover >= 6 else f"seat {mover}"
        return f"ambush {name}" + ("" if action.piece == 0 else f" with minion {action.piece - 1}")
    if k == "determine":
        return f"Determination on {TRAITS[action.trait].capitalize()} ({st.dice(seat, action.trait)} dice)"
    if k == "orient" and st.pending and st.pending[-1][0] == "orient":
        t = CARDS.tiles[st.pending[-1][2]]
        sides = [SIDES[s] for s in sorted((e + action.rotation) % 4 for e in t.exits)]
        listed = ", ".join(sides[:-1]) + f" and {sides[-1]}" if len(sides) > 1 else sides[0]
        turned = ("as printed", "turned a quarter right", "turned upside down", "turned a quarter left")
        return f"lay the {t.name} {turned[action.rotation]}: its exits face {listed}"
    if isinstance(action, A.UseAbility):
        return f"use {ADV[st.adv[seat]].ability_name}"
    return str(action)
