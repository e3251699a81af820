"""Test helpers for Voodoo: fixed set-ups plus direct state surgery (fine in tests)."""

from __future__ import annotations

from typing import Any

import hexbox
from hexbox.core import Rng
from hexbox.games.voodoo import actions as A
from hexbox.games.voodoo.cards import ARTEFACT_INDEX, CODE_INDEX, CURSE_INDEX, PERMANENTS
from hexbox.games.voodoo.state import VoodooState


class ScriptedRng(Rng):
    """Dice come from a script of face codes; everything else (and an exhausted script) from the seed."""

    def __init__(self, faces: str = "", seed: int = 0):
        super().__init__(seed)
        self.script = [CODE_INDEX[c] for c in faces.split()]

    def randrange(self, *args: Any, **kw: Any) -> int:
        if self.script and args == (6,):
            return self.script.pop(0)
        return super().randrange(*args, **kw)


def new(players: int = 4, seed: int = 0, **options: Any) -> VoodooState:
    options.setdefault("first_seat", 0)
    return hexbox.load("voodoo", players=players, **options).new_state(seed=seed)


def act(state: VoodooState, seat: int, obj: dict[str, Any] | A.Action) -> list:
    action = obj if isinstance(obj, A.Action) else state.game.parse_action(_full(obj))
    return state.apply(seat, action)


def _full(obj: dict[str, Any]) -> dict[str, Any]:
    if obj.get("kind") == "use_artefact":
        return {"curse": "", "target": -1, "dice": "", "face": "", "face_to": "", **obj}
    return obj


def dice(text: str) -> list[int]:
    counts = [0] * 6
    for c in text.split():
        counts[CODE_INDEX[c]] += 1
    return counts


def set_bag(state: VoodooState, text: str) -> None:
    state.bag = dice(text)


def roll(state: VoodooState, faces: str) -> None:
    """The active player rolls exactly these faces (after any emotes the test already made)."""
    state.rng = ScriptedRng(faces)
    act(state, state.active, A.ROLL)


def _take_curse(state: VoodooState, c: int) -> None:
    for h in state.hand:
        if c in h:
            h.remove(c)
    if c in state.cdeck:
        state.cdeck.remove(c)
    state.inplay.pop(c, None)


def give(state: VoodooState, seat: int, *cards: str) -> None:
    """Put curses (C/E/H ids) or artefacts (A ids) into a seat's hand, taking them from wherever they are."""
    for cid in cards:
        if cid in ARTEFACT_INDEX:
            a = ARTEFACT_INDEX[cid]
            for h in state.arts:
                if a in h:
                    h.remove(a)
            if a in state.adeck:
                state.adeck.remove(a)
            state.arts[seat].append(a)
        else:
            c = CURSE_INDEX[cid]
            _take_curse(state, c)
            state.hand[seat].append(c)
    state._rebind()


def clear_hands(state: VoodooState) -> None:
    for s in range(state.n):
        for c in state.hand[s]:
            state.cdeck.insert(0, c)
        for a in state.arts[s]:
            state.adeck.insert(0, a)
        state.hand[s] = []
        state.arts[s] = []


def curse_on(state: VoodooState, cid: str, caster: int, victim: int) -> None:
    """Put a curse in play as if it had been cast (victim -1: every adversary)."""
    c = CURSE_INDEX[cid]
    _take_curse(state, c)
    state.inplay[c] = (caster, victim)
    state._rebind()


def permanent_on(state: VoodooState, pid: str, seat: int) -> None:
    p = next(x.index for x in PERMANENTS if x.id == pid)
    if p in state.pdeck:
        state.pdeck.remove(p)
    state.powner[p] = seat
    state._rebind()


def to_phase2(state: VoodooState, faces: str) -> None:
    """The active player rolls these faces and keeps them; adversaries' bag windows are closed."""
    roll(state, faces)
    act(state, state.active, A.KEEP)
    while state.phase == 1:  # BAG_WINDOW
        act(state, state.actors[0], A.DONE)


def pass_turn(state: VoodooState) -> None:
    """The active player passes the doll; every claim window closes without claims."""
    act(state, state.active, A.PASS_DOLL)
    while state.phase == 4:  # CLAIMS
        act(state, state.actors[0], A.DONE)


def emote(state: VoodooState, seat: int, *names: str) -> None:
    for e in names:
        act(state, seat, {"kind": "emote", "emote": e})


def kinds(actions: list) -> set[str]:
    return {a.kind for a in actions}


def public(state: VoodooState, seat: int | None = None) -> dict[str, Any]:
    """The public half of ``seat``'s observation (the same for every viewer)."""
    return state.observe(seat)["public"]


def private(state: VoodooState, seat: int) -> dict[str, Any]:
    """What ``seat`` alone knows."""
    return state.observe(seat)["private"]


def black_candle_window() -> VoodooState:
    """A 4-player game where seat 0 has just used Black Candle (A10): its keep-and-order choice is open (R48)."""
    state = new()
    clear_hands(state)
    give(state, 0, "A10")
    to_phase2(state, "PU PU PU PU PU")
    act(state, 0, {"kind": "use_artefact", "artefact": "A10", "curse": "", "target": -1, "dice": "", "face": "",
                   "face_to": ""})
    return state


def judged(state: VoodooState, seat: int, action: dict[str, Any] | A.Action) -> list[str]:
    """The curses ``seat`` would break by ``action`` now, sorted: the engine's finding (R56 step 1), checked to be
    the public checker's finding on the seat's observation and on the spectator's (R71). Changes nothing."""
    from hexbox.games.voodoo.curses import card_id, find_violations, violations_of
    from hexbox.games.voodoo.phases import CANDLE, PHASE1, PHASE2

    if not isinstance(action, A.Action):
        action = state.game.parse_action(_full(action))
    saved = state.main, state.bag_complete
    state.main = action.kind != "say" and seat == state.active and state.phase in (PHASE1, PHASE2, CANDLE)
    state.bag_complete = state.phase in (PHASE2, CANDLE)
    try:
        engine = sorted(card_id(c) for c in find_violations(state, seat, action))
    finally:
        state.main, state.bag_complete = saved
    for viewer in (seat, None):
        assert sorted(violations_of(state.observe(viewer), seat, action)) == engine, (viewer, action)
    return engine


def doll(state: VoodooState, seat: int, curse: str, target: int, dice: str | None = None) -> A.Action:
    """A legal Smellin' Doll cast of ``curse`` at ``target`` by ``seat`` (paid with ``dice``, or the first way)."""
    for a in state.legal_actions(seat):
        if a.kind == "use_artefact" and a.artefact == "A01" and a.curse == curse and a.target == target:
            if dice is None or a.dice == dice:
                return a
    raise AssertionError(f"no Smellin' Doll cast of {curse} at seat {target} for seat {seat}")


def cast(state: VoodooState, seat: int, curse: str, target: int, pay: str | None = None) -> A.Action:
    """A legal cast of ``curse`` at ``target`` (-1: every adversary) by ``seat``, paid with ``pay`` or the first way."""
    for a in state.legal_actions(seat):
        if a.kind == "cast" and a.curse == curse and a.target == target and (pay is None or a.pay == pay):
            return a
    raise AssertionError(f"no cast of {curse} at seat {target} for seat {seat}")
