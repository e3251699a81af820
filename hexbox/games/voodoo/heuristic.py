"""A Voodoo bot (docs/games/voodoo.md 'For researchers', R72-R75) that works from its View only, and the ISMCTS advice.

It usually obeys its curses: before each act it performs the emotes that :func:`curses.required_emotes`
says the act needs, keeps silent (silence obeys every speech rule) and filters forbidden targets, payments
and counts. With probability ``forget`` it skips a needed emote. In the claim window it reads the public log
of the turn that just ended, finds the breaks of its own curses there and, with probability ``notice`` for
each, cries "Broken!". It breaks a curse on purpose only when the act is worth more than the points it gives
away (R73).
"""

from __future__ import annotations

import math
import random
import types
from functools import cache
from typing import Any

from hexbox.core import Action, View

from . import actions as A
from .cards import CURSE_INDEX, CURSES, EMOTE_INDEX, FACES, NCURSES, RULES
from .curses import EMOTE_BIT, KIND, ObservedContext, emotes_for, find_violations
from .phases import CANDLE, PHASE1, PHASE2

MAIN_KINDS = {"roll", "reroll", "keep", "draw_curse", "draw_artefact", "cast", "use_artefact", "keep_card",
              "pass_doll"}
TRIGGERS = {"roll": ("roll",), "reroll": ("reroll",), "keep": ("keep",), "draw_curse": ("draw",),
            "draw_artefact": ("draw",), "cast": ("cast", "score"), "claim": ("score",), "pass_doll": ("pass_doll",)}
FACE_INDEX = {f.id: f.index for f in FACES}
FREE_TYPES = (A.Emote, A.Say)
DRAW_TYPES = (A.DrawCurse, A.DrawArtefact)
MAIN_PHASES = (PHASE1, PHASE2, CANDLE)
BAG_DONE_PHASES = (PHASE2, CANDLE)
PERMANENT_COST = 1.5  # what a permanent curse's consequence is worth to avoid, in points


# ISMCTS here: a random Voodoo game lasts thousands of actions (random re-rolls, chatter, false claims), so
# rollouts are short and the position is judged by `win_chances`.
ISMCTS_DEFAULTS = {"rollout": 6, "policy": "kind"}
EVAL_SHARPNESS = 0.6  # log-odds of winning per point of lead
HAND_WORTH = 0.25  # a curse in hand is a quarter of a point to come (it must still be paid for and cast)
BREAK_WORTH = 0.8  # a break of my curse not yet claimed: its caster will likely cry "Broken!" (R74 p_notice)
IN_PLAY_WORTH = 0.1  # a curse of mine in play may be broken, and claimed, later


def win_chances(state) -> list[float]:
    """Each seat's chance of winning from a full (sampled) position: a softmax of its score plus what it can
    expect soon — breaks of its curses waiting for a claim, its curses in play, the curses in its hand."""
    value = [state.scores[s] + HAND_WORTH * len(state.hand[s]) for s in range(state.n)]
    pending = state.broken | state.claimable
    for c, (caster, _) in state.inplay.items():
        value[caster] += CURSES[c].interrupt * (BREAK_WORTH if pending >> c & 1 else IN_PLAY_WORTH)
    weights = [math.exp(EVAL_SHARPNESS * v) for v in value]
    total = sum(weights)
    return [w / total for w in weights]


def search_actions(state, seat: int, legal: list[Action]) -> list[Action]:
    """What ISMCTS considers in a sampled world: the moves that obey the curses binding ``seat`` (R73: the
    heuristic too breaks one only when it pays), re-rolls aimed at a curse in hand, the emotes a ritual or echo
    curse asks for, and no speech (silence obeys every speech rule). Otherwise ~100 ways to talk would be
    searched at every moment, and curses would be broken freely: a break costs its points only when the
    caster cries "Broken!" after the turn, beyond a short search's sight."""
    low = _free_start(legal)
    main = legal[:low]
    if state.phase == PHASE1 and state.rolled and seat == state.active:
        main = _aimed(main, tuple(state.bag), state.hand[seat])
    if not state.bound[seat]:
        return main or legal
    wanted = 0
    for card, _ in state.bound[seat]:
        if KIND[card] == "ritual" or KIND[card] == "echo":
            wanted |= EMOTE_BIT[card]
    emotes = [a for a in legal[low:] if type(a) is A.Emote and wanted >> EMOTE_INDEX[a.emote] & 1] if wanted else []
    safe = _obedient(state, seat, main)
    if safe:
        return safe + emotes
    return emotes or main or legal  # every move breaks a curse: perform what a ritual asks first, if anything


def _free_start(legal: list[Action], guess: int = -1) -> int:
    """Where the free actions (emotes, then speech) start: their ids close the space and a legal list ascends by
    id, so they close every list; found by halves, as they are most of it (~90 of ~105), unless ``guess`` is the
    place (two looks: a moving bot guesses from its ritual block, bot_speed.py 2.0 -> 0.6 µs a decision)."""
    if 0 <= guess <= len(legal) and (guess == len(legal) or type(legal[guess]) in FREE_TYPES) and (
            guess == 0 or type(legal[guess - 1]) not in FREE_TYPES):
        return guess
    low, high = 0, len(legal)
    while low < high:
        mid = (low + high) // 2
        if type(legal[mid]) in FREE_TYPES:
            high = mid
        else:
            low = mid + 1
    return low


def _listed(action: Action, legal: list[Action], start: int) -> bool:
    """``action in legal[start:]``, by identity first: the rules hand out shared actions, and an equality test of
    each emote before it was most of a decision that performs one (bot_speed.py, 20 games: 9,984 tests)."""
    return any(a is action for a in legal[start:]) or action in legal[start:]


def _obedient(state, seat: int, actions: list[Action]) -> list[Action]:
    """The actions that break none of the curses binding ``seat``."""
    saved = state.main, state.bag_complete
    # what R56 step (1) would set for this seat's next act; find_violations reads them
    state.main = seat == state.active and state.phase in MAIN_PHASES
    state.bag_complete = state.phase in BAG_DONE_PHASES
    safe = [a for a in actions if not find_violations(state, seat, a)]
    state.main, state.bag_complete = saved
    return safe


def _aimed(actions: list[Action], bag: tuple[int, ...], hand: list[int]) -> list[Action]:
    """Of the ~100 re-rolls of a bag, the ones that keep every die one of my curses can use and throw the
    rest again (any spare face may be the one discarded); the heuristic re-rolls the same way for one curse."""
    aimed = set()
    for c in hand:
        keep = _useful(c, bag)
        spare = [f for f in range(6) for _ in range(bag[f] - keep[f])]
        if len(spare) < 2:
            continue
        for f in set(spare):
            rest = list(spare)
            rest.remove(f)
            reroll = A.REROLL.get((f, _counts(rest)))
            if reroll is not None:
                aimed.add(id(reroll))
    return [a for a in actions if type(a) is not A.Reroll or id(a) in aimed]


class Heuristic:
    name = "heuristic"

    def __init__(self, forget: float = 0.05, notice: float = 0.8, bluff: float = 0.0):
        self.forget = forget  # R74 p_forget
        self.notice = notice  # R74 p_notice
        self.bluff = bluff  # R74 p_bluff_claim
        # (obs, seat, ObservedContext, {id(action): (action, rule cards it breaks)}) of the decision being made: its
        # curse checks read one observation (built once, not per action asked about: bot_speed.py, 20 games,
        # 13,311 -> 7,493 contexts)
        self._ctx: tuple[dict[str, Any], int, ObservedContext, dict[int, Any]] | None = None

    # ---- the decision ------------------------------------------------------------------------------------

    def act(self, view: View, rng: random.Random) -> Action:
        obs, legal, seat = view.observation, view.legal_actions, view.seat
        # D24: each emote once and one say in a ritual block, so the free actions open to this seat are known
        block = obs["public"]["blocks"][seat]
        cut = _free_start(legal, len(legal) - (len(A.EMOTE) - len(block["emotes"])) - (0 if block["said"] else
                                                                                        len(A.SAY)))
        try:
            plan = self._plan(obs, legal[:cut], legal, seat, rng)
            if type(plan) in FREE_TYPES:
                return plan
            broken = self._violations(obs, seat, plan)
            needed = [e for e in emotes_for(broken) if _listed(e, legal, cut)] if broken else []
        finally:
            self._ctx = None  # the observation is not kept past its decision
        if needed and rng.random() >= self.forget:
            return needed[0]  # R72: the ritual block before the act
        return plan

    def _violations(self, obs: dict[str, Any], seat: int, action: Action) -> list[int]:
        """R71's check (:func:`curses.violations_of`, on rule cards) of ``action``, once per decision: the act is
        often one whose cost the plan weighed, and its emotes read the same (bot_speed.py, 20 games: 11,046 -> 8,771
        checks)."""
        kept = self._ctx
        if kept is None or kept[0] is not obs or kept[1] != seat:  # the decision's context, built once
            kept = self._ctx = (obs, seat, ObservedContext(obs, seat), {})
        found = kept[3].get(id(action))
        if found is None:  # the action kept with its answer: its id stays its own
            found = kept[3][id(action)] = (action, find_violations(kept[2], seat, action))
        return found[1]

    def plan(self, obs: dict[str, Any], legal: list[Action], seat: int, rng: random.Random) -> Action:
        """The act itself (emotes come first, in ``act``), from the observation envelope ``obs``."""
        return self._plan(obs, legal[:_free_start(legal)], legal, seat, rng)

    def _plan(self, obs: dict[str, Any], moves: list[Action], legal: list[Action], seat: int,
              rng: random.Random) -> Action:
        """``plan`` from the ``moves`` of ``legal``, the acts to choose from: the free actions after them (most of
        the list) are the act's emotes, not a plan."""
        phase = obs["phase"]
        if phase == "phase1":
            return self._phase1(obs, moves, seat)
        if phase == "bag_window":
            casts = [a for a in moves if type(a) is A.UseArtefact]
            return self._best_cast(obs, seat, casts) or A.DONE
        if phase == "curse_response":
            return self._respond(obs, moves)
        if phase == "claim_window":
            return self._claim(obs, moves, seat, rng)
        if phase == "candle":
            return max((a for a in moves if type(a) is A.KeepCard), key=lambda a: CURSES[CURSE_INDEX[a.keep]].cast)
        if moves and moves[-1] is A.PASS_DOLL or any(type(a) is A.PassDoll for a in moves):  # the first: phase 2's
            return self._phase2(obs, moves, seat)
        return legal[0]

    # ---- phase 1: build a bag ---------------------------------------------------------------------------------

    def _phase1(self, obs: dict[str, Any], legal: list[Action], seat: int) -> Action:
        if not obs["public"]["rolled"]:
            gris = self._gris_gris(legal)
            return gris or A.ROLL
        bag = _bag(obs["public"]["bag"])
        hand = [CURSE_INDEX[c] for c in obs["private"]["my_curses"]]
        if any(A.payable(c, bag) for c in hand) or sum(bag) <= 2:
            return A.KEEP
        goal = _closest(hand, bag)
        if goal is None:
            return A.KEEP
        keep = _useful(goal, bag)
        spare = [f for f in range(6) for _ in range(bag[f] - keep[f])]
        rabbit = [a for a in legal if type(a) is A.UseArtefact and a.artefact == "A02"]
        if spare and rabbit:
            want = A.dice_text(tuple(bag[f] - keep[f] for f in range(6)))
            pick = next((a for a in rabbit if a.dice == want), None)
            if pick:
                return pick
        if len(spare) < 2:
            return A.KEEP
        reroll = A.REROLL.get((spare[0], _counts(spare[1:])))
        # the rules hand out the shared actions: found by identity (one of ~80 re-rolls), else by equality
        legal_now = reroll is not None and (any(a is reroll for a in legal) or reroll in legal)
        if not legal_now or self._costly(obs, seat, reroll) > 0:
            return A.KEEP  # R72: a limit on re-rolls is obeyed
        return reroll

    # ---- phase 2: cast, use artefacts, spend the rest ----------------------------------------------------

    def _phase2(self, obs: dict[str, Any], legal: list[Action], seat: int) -> Action:
        cast = self._best_cast(obs, seat, [a for a in legal if type(a) is A.Cast])
        if cast:
            return cast
        pub = obs["public"]
        bag = _bag(pub["bag"])
        hand = [CURSE_INDEX[c] for c in obs["private"]["my_curses"]]
        uses = [a for a in legal if type(a) is A.UseArtefact]
        for a in uses:
            if a.artefact in ("A03", "A04", "A05") and _completes(a, bag, hand):
                return a
        gris = self._gris_gris(legal)
        if gris:
            return gris
        for a in uses:
            if self._costly(obs, seat, a) == 0:
                if a.artefact in ("A09", "A10"):
                    return a
                if a.artefact == "A11" and pub["hands"][a.target]["curses"] == max(
                        h["curses"] for h in pub["hands"] if h["seat"] != seat) > 0:
                    return a
                if a.artefact == "A13" and pub["scores"][seat] == max(pub["scores"]) > 0:
                    return a
                if a.artefact == "A12" and pub["target_holder"] is not None and hand:
                    return a
        draw = A.DrawCurse if len(hand) < 3 else A.DrawArtefact
        draws = [a for a in legal if type(a) is draw] or [a for a in legal if type(a) in DRAW_TYPES]
        return next((a for a in draws if self._costly(obs, seat, a) == 0), A.PASS_DOLL)  # the first that breaks none

    def _best_cast(self, obs: dict[str, Any], seat: int, casts: list[Action]) -> Action | None:
        """Most cast points; target the adversary closest to winning; break a curse only if worth it (R73)."""
        best, best_value = None, 0.0
        scores = obs["public"]["scores"]
        hands = obs["public"]["hands"]
        for a in casts:
            c = CURSES[CURSE_INDEX[a.curse]]
            if a.target >= 0:
                bonus = 0.05 * scores[a.target] + 0.01 * hands[a.target]["artefacts"]
            else:
                bonus = 0.3  # one break by anyone pays the caster
            if c.cast + bonus <= best_value:
                continue  # not better even if it broke nothing: what it would break cannot change the choice
            value = c.cast - self._costly(obs, seat, a) + bonus
            if value > best_value:
                best, best_value = a, value
        return best

    def _costly(self, obs: dict[str, Any], seat: int, action: Action) -> float:
        """Points given away by breaking curses with ``action`` (emote duties are met separately): R71's check
        (:func:`curses.violations_of`) on rule cards rather than ids."""
        cost = 0.0
        for card in self._violations(obs, seat, action):
            if KIND[card] == "ritual" or KIND[card] == "echo":
                continue
            cost += PERMANENT_COST if card >= NCURSES else CURSES[card].interrupt + 0.5
        return cost

    def _gris_gris(self, legal: list[Action]) -> Action | None:
        uses = [a for a in legal if type(a) is A.UseArtefact and a.artefact == "A08"]
        return max(uses, key=lambda a: CURSES[CURSE_INDEX[a.curse]].interrupt, default=None)

    # ---- out of turn ---------------------------------------------------------------------------------------

    def _respond(self, obs: dict[str, Any], legal: list[Action]) -> Action:
        curse = CURSES[CURSE_INDEX[obs["public"]["pending_cast"]["curse"]]]
        uses = {a.artefact: a for a in legal if type(a) is A.UseArtefact}
        if "A07" in uses and curse.interrupt + curse.cast >= 3:
            return uses["A07"]
        if "A06" in uses and curse.rule.kind in ("limit", "target", "payment"):
            return uses["A06"]
        return A.DONE

    def _claim(self, obs: dict[str, Any], legal: list[Action], seat: int, rng: random.Random) -> Action:
        claims = [a for a in legal if type(a) is A.Claim]
        seen = breaks_in_log(obs, seat)
        for a in claims:
            if a.curse in seen and rng.random() < self.notice:
                return a
            if a.curse not in seen and self.bluff and rng.random() < self.bluff:
                return a
        return A.DONE


# ---- reading the public log (what a player at the table could notice) -----------------------------------------


def breaks_in_log(obs: dict[str, Any], seat: int) -> set[str]:
    """Ids of ``seat``'s curses in play that the last turn's public log shows broken."""
    pub = obs["public"]
    mine = [entry for entry in pub["curses_in_play"] if entry["caster"] == seat]
    if not mine:
        return set()
    log = pub["previous_log"]
    active = next((e["seat"] for e in log if e["kind"] == "pass_doll"), None)
    landed: dict[str, int] = {}  # curse -> where its last landing ends: acts before it do not count
    for i, e in enumerate(log):
        if e["kind"] == "in_play":
            landed[e["curse"]] = i + 1
    acts = None
    out = set()
    for entry in mine:
        rule = RULES[CURSE_INDEX[entry["curse"]]]
        victims = set(entry["victims"])
        start = landed.get(entry["curse"], 0)
        if rule.kind == "speech":
            broken = _speech_broken(rule, victims, log, start)
        elif rule.kind in _BY_ACTS:
            if acts is None:
                acts = _acts(log)
            broken = _BY_ACTS[rule.kind](rule, entry["caster"], victims, acts, start, active)
        else:
            broken = _broken(rule, entry["caster"], victims, log, start, active)
        if broken:
            out.add(entry["curse"])
    return out


def _broken(rule: Any, caster: int, victims: set[int], log: list[dict[str, Any]], start: int,
            active: int | None) -> bool:
    """Whether the log shows the curse broken: a reading for every rule kind, used for echo and limit curses (the
    other kinds have shorter readings below, with the same answers)."""
    block: dict[int, set[str]] = {}
    pending: set[int] = set()
    counts = {"reroll": 0, "draw_curse": 0, "draw_artefact": 0, "cast": 0, "phase2": 0}
    kept = False
    for i, e in enumerate(log):
        live = i >= start  # the turn's counts run from its start; breaks and duties only once it is in play
        if "fact" in e:
            if live and rule.kind == "echo" and rule.event == "points" and e["kind"] == "points" and e["gain"] > 0:
                pending |= victims - {e["seat"]}
            continue
        who, kind = e["seat"], e["kind"]
        if kind == "emote":
            block.setdefault(who, set()).add(e["emote"])
            continue
        if kind == "say":
            if live and who in victims and rule.kind == "speech" and (rule.voice == "silent" or
                                                                      e["voice"] != rule.voice):
                return True
            if live and rule.kind == "echo" and rule.event == "caster_says" and who == caster:
                pending |= victims
            continue
        mine = block.pop(who, set())
        smell = kind == "use_artefact" and e.get("artefact") == "A01"
        main = who == active and kind in MAIN_KINDS and not (kind == "use_artefact" and e["artefact"] in
                                                             ("A01", "A06", "A07"))
        if who in victims and not live:
            if rule.kind == "limit" and main:
                counts.update(_counted(kind, kept, counts))
        elif who in victims:
            if rule.kind == "ritual":
                triggers = ("cast", "score") if smell else TRIGGERS.get(kind, ())
                if (rule.trigger in triggers or (rule.trigger == "any" and main)) and rule.emote not in mine:
                    return True
            elif rule.kind == "echo" and who in pending:
                pending.discard(who)
                if rule.emote not in mine:
                    return True
            elif rule.kind == "payment":
                pay = e.get("pay") or (e.get("dice") if smell else None)
                if pay:
                    faces = pay.split()
                    if rule.payment == "no_face" and A.CODES[rule.face] in faces:
                        return True
                    if rule.payment == "pairs_for_draws" and kind.startswith("draw_") and faces[0] != faces[1]:
                        return True
            elif rule.kind == "target" and (kind == "cast" or smell) and e["target"] >= 0:
                t = e["target"]
                if (rule.target == "left" and t != e.get("left")) or (
                        rule.target == "leader" and t not in e.get("leaders", [t])) or (
                        rule.target == "not_caster" and t == caster):
                    return True
            elif rule.kind == "limit" and main:
                counts.update(_counted(kind, kept, counts))
                if rule.max >= 0 and counts[rule.count] > rule.max:
                    return True
                if rule.max < 0 and kind == "keep" and rule.count == "reroll" and counts["reroll"] < rule.min:
                    return True
        if kind == "keep":
            kept = True
        if live and rule.kind == "echo" and ((rule.event == "roll" and kind == "roll") or (
                rule.event == "cast" and (kind == "cast" or smell))):
            pending |= victims - {who}
    return False


# The kinds that need no turn counts nor echo duties: a reading that follows only what each needs, the acts shared
# by the seat's curses (a claim window reads the log once per curse of the seat's in play: bot_speed.py, 20 games,
# a claim window's reading 19 -> 13.5 µs)


def _acts(log: list[dict[str, Any]]) -> list[tuple[int, dict[str, Any], set[str]]]:
    """(index, entry, its seat's emotes since its own last act) of each act of the log (not free, not a fact)."""
    block: dict[int, set[str]] = {}
    out = []
    for i, e in enumerate(log):
        if "fact" in e:
            continue
        kind = e["kind"]
        if kind == "emote":
            block.setdefault(e["seat"], set()).add(e["emote"])
        elif kind != "say":
            out.append((i, e, block.pop(e["seat"], _NONE)))
    return out


_NONE: set[str] = set()


def _speech_broken(rule: Any, victims: set[int], log: list[dict[str, Any]], start: int) -> bool:
    return any(e["kind"] == "say" and "fact" not in e and e["seat"] in victims and (
        rule.voice == "silent" or e["voice"] != rule.voice) for e in log[start:])


def _ritual_broken(rule: Any, caster: int, victims: set[int], acts: list[tuple[int, dict[str, Any], set[str]]],
                   start: int, active: int | None) -> bool:
    for i, e, done in acts:
        if i < start or e["seat"] not in victims or rule.emote in done:
            continue
        kind = e["kind"]
        smell = kind == "use_artefact" and e.get("artefact") == "A01"
        triggers = ("cast", "score") if smell else TRIGGERS.get(kind, ())
        if rule.trigger in triggers or (rule.trigger == "any" and e["seat"] == active and kind in MAIN_KINDS and not (
                kind == "use_artefact" and e["artefact"] in ("A01", "A06", "A07"))):
            return True
    return False


def _payment_broken(rule: Any, caster: int, victims: set[int], acts: list[tuple[int, dict[str, Any], set[str]]],
                    start: int, active: int | None) -> bool:
    for i, e, _ in acts:
        if i < start or e["seat"] not in victims:
            continue
        kind = e["kind"]
        pay = e.get("pay") or (e.get("dice") if kind == "use_artefact" and e.get("artefact") == "A01" else None)
        if pay:
            faces = pay.split()
            if rule.payment == "no_face" and A.CODES[rule.face] in faces:
                return True
            if rule.payment == "pairs_for_draws" and kind.startswith("draw_") and faces[0] != faces[1]:
                return True
    return False


def _target_broken(rule: Any, caster: int, victims: set[int], acts: list[tuple[int, dict[str, Any], set[str]]],
                   start: int, active: int | None) -> bool:
    for i, e, _ in acts:
        if i < start or e["seat"] not in victims:
            continue
        kind = e["kind"]
        if (kind == "cast" or (kind == "use_artefact" and e.get("artefact") == "A01")) and e["target"] >= 0:
            t = e["target"]
            if (rule.target == "left" and t != e.get("left")) or (
                    rule.target == "leader" and t not in e.get("leaders", [t])) or (
                    rule.target == "not_caster" and t == caster):
                return True
    return False


_BY_ACTS = {"ritual": _ritual_broken, "payment": _payment_broken, "target": _target_broken}


def _counted(kind: str, kept: bool, counts: dict[str, int]) -> dict[str, int]:
    names = {"reroll": ["reroll"], "draw_curse": ["draw_curse", "phase2"], "draw_artefact": ["draw_artefact", "phase2"],
             "cast": ["cast", "phase2"], "use_artefact": ["phase2"] if kept else []}.get(kind, [])
    return {name: counts[name] + 1 for name in names}


def _bag(faces: list[str]) -> tuple[int, ...]:
    return _bag_of(tuple(faces))


@cache
def _bag_of(faces: tuple[str, ...]) -> tuple[int, ...]:
    return _counts([FACE_INDEX[x] for x in faces])


def _counts(faces: list[int]) -> tuple[int, ...]:
    c = [0] * 6
    for f in faces:
        c[f] += 1
    return tuple(c)


def _closest(hand: list[int], bag: tuple[int, ...]) -> int | None:
    """The curse worth most per missing die, among those a smaller bag could still pay."""
    best, best_value = None, 0.0
    for c in hand:
        curse = CURSES[c]
        if curse.dice > sum(bag) - 1:
            continue
        missing = curse.dice - sum(_useful(c, bag))
        value = curse.cast / (1 + missing)
        if value > best_value:
            best, best_value = c, value
    return best


@cache
def _useful(curse: int, bag: tuple[int, ...]) -> tuple[int, ...]:
    """The dice of the bag that go towards the curse's cost (named faces first, then one per star)."""
    c = CURSES[curse]
    keep = [min(bag[f], c.cost[f]) for f in range(6)]
    for _ in range(c.stars):
        spare = [f for f in range(6) if bag[f] > keep[f]]
        if spare:
            keep[spare[0]] += 1
    return tuple(keep)


def _completes(action: Action, bag: tuple[int, ...], hand: list[int]) -> bool:
    b = list(bag)
    if action.artefact == "A03":
        b[A.CODES.index(action.face)] -= 1
        b[A.CODES.index(action.face_to)] += 1
    else:
        b[A.CODES.index(action.face)] += 1
    new = tuple(b)
    return any(A.payable(c, new) and not A.payable(c, bag) for c in hand)




# what the generic ISMCTS agent asks of a game (its ``advice`` hook)
ADVICE = types.SimpleNamespace(win_chances=win_chances, search_actions=search_actions, ISMCTS_DEFAULTS=ISMCTS_DEFAULTS)
