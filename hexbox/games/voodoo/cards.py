"""Voodoo components, read from cards.toml and checked against docs/games/voodoo.md, 'Components'.

Dice are counted per face: a bag, a cost or a payment is a tuple of six counts in the face order of
cards.toml (Pumpkin, Skull, Star, Crow Foot, Bat Wing, Ghost Mousse). Curses and permanent curses share one
"rule card" numbering for the curse checker: curses 0..35, permanent curses 36..45.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hexbox.core import require
from hexbox.core.data import NAME, TEXT
from hexbox.core.loading import cards_toml, catalogue_of

WHERE = "voodoo/cards.toml"
RULE_KINDS = ("ritual", "echo", "speech", "limit", "target", "payment")
TRIGGERS = ("roll", "reroll", "keep", "draw", "cast", "score", "pass_doll", "any")
ECHO_EVENTS = ("roll", "cast", "points", "caster_says")
COUNTS = ("reroll", "draw_curse", "draw_artefact", "cast", "phase2")
TARGET_RULES = ("left", "leader", "not_caster", "not_repeat")
CONSEQUENCES = ("lose_points", "fewer_dice", "discard_curse")
WHEN = ("phase1", "phase2", "own_turn", "bag_complete", "targeted")

#: what a variant's overlay may not change, and why (hexbox.sim.variant refuses it); every other value is a rule
#: parameter the rules read (tests/test_knobs.py)
FIXED = {
    "ending": TEXT, "*.*.name": TEXT, "*.*.text": TEXT, "*.*.effect": TEXT, "curse.*.timing": TEXT,
    "*.*.id": NAME, "face.*.code": NAME, "emotes": NAME, "voices": NAME,
    "artefact.*.when": "an artefact's moment is part of its effect, which the rules carry out card by card "
                       "(artefacts.py): another moment would not change when it acts",
}
#: set-ups that reach a knob, for the live-knob check (hexbox.sim.knobs): what a curse's victim must do, and what
#: breaking it costs, matter only when someone breaks it. The heuristic bots cast curses and rarely break them;
#: random players break them and rarely cast: half of each, claims scored automatically
_BREAKERS = {"players": 6, "agents": "heuristic,random,heuristic,random,heuristic,random",
             "claim_mode": "automatic", "max_turns": 80}
EXERCISE = {"overlay.curse.*.interrupt": _BREAKERS, "overlay.curse.*.rule": _BREAKERS,
            "overlay.permanent": _BREAKERS}


@dataclass(frozen=True)
class Face:
    index: int
    id: str
    code: str
    name: str


@dataclass(frozen=True)
class Rule:
    """One of the six checkable rule kinds (docs/games/voodoo.md); unused parameters stay empty."""

    kind: str
    trigger: str = ""
    emote: str = ""
    event: str = ""
    voice: str = ""  # a voice id, or "silent"
    count: str = ""
    max: int = -1  # -1: no maximum
    min: int = 0
    target: str = ""
    payment: str = ""
    face: int = -1  # the forbidden face of payment(no_face)

    def describe(self) -> str:
        k = self.kind
        if k == "ritual":
            return f"ritual({self.trigger}, {self.emote})"
        if k == "echo":
            return f"echo({self.event}, {self.emote})"
        if k == "speech":
            return f"speech({self.voice})"
        if k == "limit":
            return f"limit({self.count}, {'max ' + str(self.max) if self.max >= 0 else 'min ' + str(self.min)})"
        if k == "target":
            return f"target({self.target})"
        return f"payment({self.payment}{'=' + FACES[self.face].id if self.face >= 0 else ''})"


@dataclass(frozen=True)
class Curse:
    index: int
    id: str
    school: str
    name: str
    cost: tuple[int, ...]  # the named faces, counted
    stars: int  # dice of any face
    cast: int  # points on the lower section
    interrupt: int  # points on the upper section
    timing: str
    all_adversaries: bool
    effect: str  # what the victim does, in a few words ("clucks like a hen"); the card's full text: hexbox.core.texts
    rule: Rule

    @property
    def dice(self) -> int:
        return sum(self.cost) + self.stars


@dataclass(frozen=True)
class Permanent:
    index: int  # 0..9; its rule card number is 36 + index
    id: str
    name: str
    effect: str  # what its owner must do ("bow before passing the doll")
    rule: Rule
    consequence: str
    n: int


@dataclass(frozen=True)
class Artefact:
    index: int
    id: str
    name: str
    when: str
    text: str


@dataclass(frozen=True)
class Components:
    faces: tuple[Face, ...]
    curses: tuple[Curse, ...]
    permanents: tuple[Permanent, ...]
    artefacts: tuple[Artefact, ...]
    emotes: tuple[str, ...]
    voices: tuple[str, ...]
    phrases: tuple[tuple[str, str], ...]  # (id, the phrase)
    dice: int  # rolled at the start of a turn (R10)
    skulls: tuple[int, ...]  # the scores at which a player draws a Permanent Curse (R26)
    start_points: dict[int, tuple[int, ...]]  # players -> each seat's score at the start, from the first player (R6)
    first_roll_fewer_dice: dict[int, tuple[int, ...]]  # players -> dice off each seat's first roll, likewise (R10)

    @property
    def rules(self) -> tuple[Rule, ...]:
        """The rule of every rule card: curses first, then permanent curses."""
        return tuple(c.rule for c in self.curses) + tuple(p.rule for p in self.permanents)


def _rule(raw: dict, where: str, faces: dict[str, int], emotes: tuple[str, ...], voices: tuple[str, ...]) -> Rule:
    kind = raw.get("kind")
    require(kind in RULE_KINDS, where, f"unknown rule kind {kind!r}")
    if kind == "ritual":
        require(raw.get("trigger") in TRIGGERS, where, f"bad ritual trigger {raw.get('trigger')!r}")
        require(raw.get("emote") in emotes, where, f"unknown emote {raw.get('emote')!r}")
        return Rule(kind, trigger=raw["trigger"], emote=raw["emote"])
    if kind == "echo":
        require(raw.get("event") in ECHO_EVENTS, where, f"bad echo event {raw.get('event')!r}")
        require(raw.get("emote") in emotes, where, f"unknown emote {raw.get('emote')!r}")
        return Rule(kind, event=raw["event"], emote=raw["emote"])
    if kind == "speech":
        require(raw.get("voice") in (*voices, "silent"), where, f"unknown voice {raw.get('voice')!r}")
        return Rule(kind, voice=raw["voice"])
    if kind == "limit":
        require(raw.get("count") in COUNTS, where, f"bad limit count {raw.get('count')!r}")
        require(("max" in raw) != ("min" in raw), where, "a limit has either max or min")
        return Rule(kind, count=raw["count"], max=raw.get("max", -1), min=raw.get("min", 0))
    if kind == "target":
        require(raw.get("target") in TARGET_RULES, where, f"bad target rule {raw.get('target')!r}")
        return Rule(kind, target=raw["target"])
    require(raw.get("payment") in ("no_face", "pairs_for_draws"), where, "bad payment rule")
    face = faces.get(raw.get("face", ""), -1)
    require((raw["payment"] == "no_face") == (face >= 0), where, "payment(no_face) names one face")
    return Rule(kind, payment=raw["payment"], face=face)


def parse_cost(text: str, codes: dict[str, int], where: str) -> tuple[tuple[int, ...], int]:
    counts = [0] * len(codes)
    stars = 0
    for code in text.split():
        if code == "*":
            stars += 1
        else:
            require(code in codes, where, f"unknown die face code {code!r}")
            counts[codes[code]] += 1
    return tuple(counts), stars


def load() -> Components:
    raw = cards_toml(__package__)
    faces = tuple(Face(i, f["id"], f["code"], f["name"]) for i, f in enumerate(raw.get("face", [])))
    require(len(faces) == 6 and len({f.code for f in faces}) == 6, WHERE, "six die faces with distinct codes")
    face_ids = {f.id: f.index for f in faces}
    codes = {f.code: f.index for f in faces}
    emotes = tuple(raw.get("emotes", []))
    voices = tuple(raw.get("voices", []))
    require(len(emotes) == 24 and len(set(emotes)) == 24, WHERE, "24 distinct emotes (table 2.6)")
    require(len(voices) == 6 and voices[0] == "normal", WHERE, "six voices, 'normal' first")
    phrases = tuple((p["id"], p["name"]) for p in raw.get("phrase", []))  # the phrase itself is its name
    require(len(phrases) == 12, WHERE, "a phrase book of 12 phrases")

    curses = []
    for i, c in enumerate(raw.get("curse", [])):
        where = f"{WHERE} curse {c.get('id')}"
        cost, stars = parse_cost(c["cost"], codes, where)
        rule = _rule(c["rule"], where, face_ids, emotes, voices)
        curse = Curse(i, c["id"], c["school"], c["name"], cost, stars, c["cast"], c["interrupt"], c["timing"],
                      bool(c.get("all", False)), c["effect"], rule)
        # the printed cards score dice - 1 when cast (D4, tests/voodoo); a variant may score them otherwise
        require(curse.cast >= 0 and curse.interrupt >= 0, where, "points are never negative")
        require(stars <= 1, where, "at most one '*' per cost")
        curses.append(curse)
    require(len(curses) == 36 and len({c.id for c in curses}) == 36, WHERE, "36 distinct curses")
    for school in ("celtic", "egyptian", "haitian"):
        mine = [c for c in curses if c.school == school]
        require(len(mine) == 12, WHERE, f"12 {school} curses")
        require(sum(c.dice == 2 for c in mine) == 4, WHERE, f"four cost-2 {school} curses (R4)")
    require([c.id for c in curses if c.all_adversaries] == ["E01", "H01"], WHERE, "E01 and H01 afflict all (R35)")

    permanents = []
    for i, p in enumerate(raw.get("permanent", [])):
        where = f"{WHERE} permanent {p.get('id')}"
        cons = p["consequence"]
        require(cons.get("kind") in CONSEQUENCES, where, f"bad consequence {cons.get('kind')!r}")
        permanents.append(Permanent(i, p["id"], p["name"], p["effect"], _rule(p["rule"], where, face_ids, emotes,
                                                                             voices), cons["kind"], cons["n"]))
    require(len(permanents) == 10, WHERE, "10 permanent curses")
    artefacts = tuple(Artefact(i, a["id"], a["name"], a["when"], a["text"]) for i, a in enumerate(raw["artefact"]))
    require(len(artefacts) == 13, WHERE, "13 artefacts")
    require([a.id for a in artefacts] == [f"A{i:02d}" for i in range(1, 14)], WHERE, "artefacts A01..A13 in order")
    require(all(a.when in WHEN for a in artefacts), WHERE, "artefact timing must be one of " + ", ".join(WHEN))
    game = raw.get("game", {})
    dice, skulls = game.get("dice", 0), tuple(game.get("skulls", ()))
    # every bag is a multiset of dice that the action encoding lists in full: past 7 dice it runs to tens of
    # thousands of actions per decision, which no bot or person can weigh
    require(isinstance(dice, int) and 2 <= dice <= 7, WHERE, f"dice: a turn rolls 2 to 7 dice (R10), not {dice!r}")
    require(all(isinstance(s, int) and s > 0 for s in skulls) and list(skulls) == sorted(set(skulls)), WHERE,
            f"skulls: the Big Skulls are scores above 0, in rising order (R26), not {list(skulls)!r}")
    start_points = _per_seat("start_points", game.get("start_points", {}), skulls)
    fewer = _per_seat("first_roll_fewer_dice", game.get("first_roll_fewer_dice", {}), skulls, dice)
    return Components(faces, tuple(curses), tuple(permanents), artefacts, emotes, voices, phrases, dice, skulls,
                      start_points, fewer)


def _per_seat(key: str, raw: Any, skulls: tuple[int, ...], dice: int = 0) -> dict[int, tuple[int, ...]]:
    """A catch-up table: per player count, one whole number per seat from the first player; ``dice`` given, dice
    off a first roll (R10), else points of a head start (R6)."""
    what, rule = ("dice fewer", "R10") if dice else ("head starts", "R6")
    counts = sorted(raw) if isinstance(raw, dict) else raw
    require(counts == ["3", "4", "5", "6"], WHERE, f"{key}: one list for each player count 3 to 6 ({rule}), "
            f"not {counts!r}")
    out = {}
    for count, values in raw.items():
        n = int(count)
        where = f"{key}.{count}"
        require(isinstance(values, list) and len(values) == n, WHERE, f"{where}: {n} players need {n} {what}, "
                f"one per seat from the first player ({rule}), not {values!r}")
        require(all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in values), WHERE,
                f"{where}: whole numbers, never negative ({rule}), not {values!r}")
        if dice:
            require(max(values) < dice, WHERE, f"{where}: a first roll leaves at least one die of {dice} (R10), "
                    f"not {values!r}")
        else:
            # a seat that started on a Big Skull would have "reached" it without a gain: R26 strikes on a gain only
            require(not skulls or max(values) < skulls[0], WHERE,
                    f"{where}: a head start stays below the first Big Skull, {skulls[0] if skulls else 0} (R26), "
                    f"not {values!r}")
        out[n] = tuple(values)
    return out


CARDS = load()
FACES = CARDS.faces
CURSES = CARDS.curses
PERMANENTS = CARDS.permanents
ARTEFACTS = CARDS.artefacts
RULES = CARDS.rules
NCURSES = len(CURSES)
CURSE_INDEX = {c.id: c.index for c in CURSES}
ARTEFACT_INDEX = {a.id: a.index for a in ARTEFACTS}
CODE_INDEX = {f.code: f.index for f in FACES}
EMOTE_INDEX = {e: i for i, e in enumerate(CARDS.emotes)}
STARTING_CURSES = tuple(c.index for c in CURSES if c.dice == 2)
assert len(STARTING_CURSES) == 12  # four per school, checked above (R4)


def dice_text(counts: tuple[int, ...] | list[int]) -> str:
    """Counts -> the canonical code string used in actions: 'SK BA' (face order, repeats spelled out)."""
    return " ".join(FACES[f].code for f in range(6) for _ in range(counts[f]))


def dice_names(counts: tuple[int, ...] | list[int]) -> str:
    parts = []
    for f in range(6):
        if counts[f]:
            parts.append(f"{counts[f]} {FACES[f].name}" if counts[f] > 1 else FACES[f].name)
    return ", ".join(parts) if parts else "nothing"


#: the ``catalogue`` hook: cards.toml as it stands, public to every client
catalogue = catalogue_of(__package__)
