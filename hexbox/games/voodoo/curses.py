"""The six checkable rule kinds (spec §6): which curses an action breaks.

A physical curse ("cluck before rolling") becomes one of six rules checked on the stream of actions:
ritual, echo, speech, limit, target, payment. Nothing a curse forbids is illegal: the engine accepts the
act and records a violation (R29). The same checker serves the engine (on the state) and bots and the UI
(on an observation, through :func:`violations_of`, R71), so both judge curses alike.

A *context* is anything with these attributes (the state has them; :class:`ObservedContext` rebuilds them
from an observation): ``n``, ``active``, ``main`` (is the acting seat's action a main-line action, R50),
``bag_complete`` (after ``keep``),
``counts`` (this turn's reroll, draw_curse, draw_artefact, cast, phase2), ``holder`` (Target card, -1
centre), ``ward`` (bitmask of Spirit Ward seats), ``scores``, ``last_target``, ``blocks`` (per seat, a
bitmask of the emotes in its ritual block), ``duties`` (bitmask, bit ``8 * card + seat``: a pending echo
duty) and ``bound`` (per seat, the (rule card, caster) pairs that bind it; caster -1 for permanents).
"""

from __future__ import annotations

from typing import Any

from . import actions as A
from .cards import CARDS, CURSE_INDEX, CURSES, EMOTE_INDEX, NCURSES, PERMANENTS, RULES
from .cards import COUNTS as COUNT_NAMES

REROLLS, DRAW_CURSES, DRAW_ARTEFACTS, CASTS, PHASE2 = range(5)
COUNT_OF = {name: i for i, name in enumerate(COUNT_NAMES)}
EMOTE_BIT = tuple(1 << EMOTE_INDEX[r.emote] if r.emote else 0 for r in RULES)
KIND = tuple(r.kind for r in RULES)
ECHO_CARDS = {event: tuple(g for g, r in enumerate(RULES) if r.kind == "echo" and r.event == event)
              for event in ("roll", "cast", "points", "caster_says")}

# ritual triggers of each main-line action (R53); "any" is added for main-line actions of one's own turn
_TRIGGERS: dict[type, tuple[str, ...]] = {
    A.Roll: ("roll",), A.Reroll: ("reroll",), A.Keep: ("keep",), A.DrawCurse: ("draw",),
    A.DrawArtefact: ("draw",), A.Cast: ("cast", "score"), A.PassDoll: ("pass_doll",), A.Claim: ("score",),
}


def card_id(card: int) -> str:
    return CURSES[card].id if card < NCURSES else PERMANENTS[card - NCURSES].id


def card_index(cid: str) -> int:
    if cid in CURSE_INDEX:
        return CURSE_INDEX[cid]
    return NCURSES + next(p.index for p in PERMANENTS if p.id == cid)


def _pay_of(action: A.Action) -> tuple[int, ...] | None:
    t = type(action)
    if t is A.DrawCurse or t is A.DrawArtefact or t is A.Cast:
        return A.KEY_OF_TEXT[action.pay]
    if t is A.UseArtefact and action.artefact == "A01":
        return A.KEY_OF_TEXT[action.dice]
    return None


def eligible(ctx: Any, seat: int) -> list[int]:
    """Adversaries that a single-target curse of ``seat`` may hit now: no Target card, no Spirit Ward (R20)."""
    n = ctx.n
    return [t for t in ((seat + i) % n for i in range(1, n)) if t != ctx.holder and not ctx.ward >> t & 1]


def counted(action: A.Action, bag_complete: bool) -> tuple[int, ...]:
    """The turn counts (R55) a main-line action of the active player adds to."""
    t = type(action)
    if t is A.Reroll:
        return (REROLLS,)
    if t is A.DrawCurse:
        return (DRAW_CURSES, PHASE2)
    if t is A.DrawArtefact:
        return (DRAW_ARTEFACTS, PHASE2)
    if t is A.Cast:
        return (CASTS, PHASE2)
    if t is A.UseArtefact and bag_complete:
        return (PHASE2,)
    return ()


def find_violations(ctx: Any, seat: int, action: A.Action) -> list[int]:
    """The rule cards (curses 0..35, permanents 36..45) that ``seat`` breaks by taking ``action`` now."""
    bound = ctx.bound[seat]
    if not bound:
        return []
    t = type(action)
    if t is A.Emote:
        return []
    out: list[int] = []
    if t is A.Say:
        for card, _ in bound:
            r = RULES[card]
            if r.kind == "speech" and (r.voice == "silent" or r.voice != action.voice):
                out.append(card)  # R67: silence obeys every speech rule
        return out
    main = ctx.main
    block = ctx.blocks[seat]
    triggers = _TRIGGERS.get(t, ())
    if t is A.UseArtefact and action.artefact == "A01":
        triggers = ("cast", "score")  # D27: Smellin' Doll's cast is the user's own cast
    if main:
        triggers = (*triggers, "any")
    adds = counted(action, ctx.bag_complete) if main else ()
    pay = _pay_of(action)
    single_cast = (t is A.Cast or (t is A.UseArtefact and action.artefact == "A01")) and action.target >= 0
    for card, caster in bound:
        r = RULES[card]
        kind = r.kind
        if kind == "ritual":
            if r.trigger in triggers and not block & EMOTE_BIT[card]:
                out.append(card)
        elif kind == "echo":
            if ctx.duties >> (8 * card + seat) & 1 and not block & EMOTE_BIT[card]:
                out.append(card)
        elif kind == "limit":
            k = COUNT_OF[r.count]
            if r.max >= 0:
                if k in adds and ctx.counts[k] + 1 > r.max:
                    out.append(card)
            elif main and ctx.counts[k] < r.min and (t is A.Keep if k == REROLLS else t is A.PassDoll):
                out.append(card)  # D26: a minimum is checked once, at its checkpoint
        elif kind == "target":
            if single_cast and _wrong_target(ctx, seat, action.target, r.target, caster):
                out.append(card)
        elif kind == "payment" and pay is not None:
            if r.payment == "no_face":
                if pay[r.face]:
                    out.append(card)
            elif t is not A.Cast and t is not A.UseArtefact and max(pay) < 2:
                out.append(card)  # pairs_for_draws: a draw paid with two different faces
    return out


def _wrong_target(ctx: Any, seat: int, target: int, rule: str, caster: int) -> bool:
    if rule == "not_caster":
        return target == caster
    if rule == "not_repeat":
        return target == ctx.last_target[seat]
    allowed = eligible(ctx, seat)
    if rule == "left":
        return bool(allowed) and target != allowed[0]
    best = max(ctx.scores[s] for s in allowed) if allowed else 0
    return ctx.scores[target] != best


# ---- the same checks from an observation (R71) -----------------------------------------------------------


class ObservedContext:
    """A checker context rebuilt from ``observe(seat)`` only: what any player at the table can work out."""

    def __init__(self, obs: dict[str, Any], seat: int):
        self.n = obs["players"]
        self.active = obs["active"]
        self.main = seat == self.active and obs["phase"] in ("phase1", "phase2", "candle")
        self.bag_complete = obs["phase"] in ("phase2", "candle")
        self.counts = [obs["counts"][k] for k in COUNT_NAMES]
        self.holder = -1 if obs["target_holder"] is None else obs["target_holder"]
        self.ward = sum(1 << s for s in obs["spirit_ward"])
        self.scores = obs["scores"]
        self.last_target = [-1 if t is None else t for t in obs["last_target"]]
        self.blocks = [sum(1 << EMOTE_INDEX[e] for e in b["emotes"]) for b in obs["blocks"]]
        self.bound = bound_from(obs)
        self.duties = pending_duties(obs, self.bound)


def bound_from(obs: dict[str, Any]) -> list[list[tuple[int, int]]]:
    n = obs["players"]
    bound: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for c in obs["curses_in_play"]:
        card = CURSE_INDEX[c["curse"]]
        for v in c["victims"]:
            bound[v].append((card, c["caster"]))
    for s, perms in enumerate(obs["permanents"]):
        for pid in perms:
            bound[s].append((card_index(pid), -1))
    return bound


def pending_duties(obs: dict[str, Any], bound: list[list[tuple[int, int]]]) -> int:
    """Echo duties (R54) worked out from the public log: events by others since each victim's last act."""
    duties = 0
    log = obs["previous_log"] + obs["log"]
    for seat, mine in enumerate(bound):
        echoes = [(card, caster) for card, caster in mine if KIND[card] == "echo"]
        if not echoes:
            continue
        start = 0
        for i, e in enumerate(log):
            if e.get("seat") == seat and e["kind"] not in ("emote", "say") and "fact" not in e:
                start = i + 1
        for e in log[start:]:
            who = e.get("seat")
            if who == seat:
                continue
            for card, caster in echoes:
                event = RULES[card].event
                hit = ((event == "roll" and e["kind"] == "roll")
                       or (event == "cast" and (e["kind"] == "cast" or e.get("artefact") == "A01"))
                       or (event == "points" and e["kind"] == "points" and e["gain"] > 0)
                       or (event == "caster_says" and e["kind"] == "say" and who == caster))
                if hit:
                    duties |= 1 << (8 * card + seat)
    return duties


def violations_of(obs: dict[str, Any], seat: int, action: A.Action) -> list[str]:
    """R71: the curses (ids) that ``seat`` would break by ``action`` now, judged from public information."""
    return [card_id(c) for c in find_violations(ObservedContext(obs, seat), seat, action)]


def required_emotes(obs: dict[str, Any], seat: int, action: A.Action) -> list[A.Emote]:
    """The emotes that would make ``action`` obey every ritual and echo duty it would otherwise break."""
    ctx = ObservedContext(obs, seat)
    out = []
    for card in find_violations(ctx, seat, action):
        if KIND[card] in ("ritual", "echo"):
            emote = A.EMOTE[EMOTE_INDEX[RULES[card].emote]]
            if emote not in out:
                out.append(emote)
    return out


EMOTE_NAMES = CARDS.emotes
