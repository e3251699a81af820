"""The observation vector of Voodoo for learning agents (``hexbox encoding voodoo``).

Read from the observation alone (schema.py says what every field means). Seats from the viewer's chair. Curses,
permanent curses, artefacts, die faces, emotes and voices are one-hot or multi-hot over the ids of cards.toml,
in its order (every card exists once, so a set of cards is a multi-hot). Scores are divided by the target
score (1.0: the seat has won); other tops are given with each field. There is no hand limit (D8): hand sizes
are clipped at their tops.

Two fields are worked out from the public moments and log, as any player at the table could: the echo duties
each seat owes (as curses.pending_duties does) and, in the claim window, which of the viewer's curses the last
turn's log shows broken (heuristic.breaks_in_log).

Left out, on purpose:

- the log and the previous turn's log as lists: summarised as every seat's ritual block (``blocks``), the
  voices each seat spoke in this turn, the echo duties, the last 4 entries of this turn that are not emotes or
  sayings (kind and chair) and, in the claim window, the breaks of the viewer's curses. Which phrase was said
  is cosmetic (only its voice is checked by a curse, R67); the moments themselves (``last_act``,
  ``last_echo``, ``since``, ``permanent_since``) are numbers of steps, only meaningful compared with each
  other, so they enter through the duties.
- ``score_history`` and the game's tallies (``curses_cast``, ``curse_claims``, ``false_claims``): statistics;
  the present scores are what the rules read.
- the curses' ``name``, ``rule`` and ``interrupt`` in ``curses_in_play``: fixed by the curse id.
- ``violations`` (automatic mode): each break is scored at once and its curse discarded, so it shows in the
  scores, the curses in play and the log.
- ``all_hands`` and the decks' whole order: shown only once the game is over, when nobody decides any more.
"""

from __future__ import annotations

from hexbox.core.encoding import Encoder, Field, actors_field, chair, phase_field, vocabulary

from .cards import ARTEFACTS, CARDS, COUNTS, CURSES, FACES, PERMANENTS
from .phases import PHASES
from .schema import LogEntry

CURSE = vocabulary(c.id for c in CURSES)
ARTEFACT = vocabulary(a.id for a in ARTEFACTS)
PERMANENT = vocabulary(p.id for p in PERMANENTS)
FACE = vocabulary(f.id for f in FACES)
EMOTE = vocabulary(CARDS.emotes)
VOICE = vocabulary(CARDS.voices)
SKULL = vocabulary(CARDS.skulls)
#: the kinds of log entry but the free moves (emote, say), in the schema's order
KIND = vocabulary(tag for t in LogEntry.__args__  # type: ignore[attr-defined]
                  if (tag := t.__struct_config__.tag) not in ("emote", "say"))
#: the echo rule cards (R54), curses and permanent curses, in card order, with the event they echo
ECHOES = tuple((c.id, c.rule.event) for c in (*CURSES, *PERMANENTS) if c.rule.kind == "echo")
ECHO = vocabulary(cid for cid, _ in ECHOES)
ECHO_EVENT = {cid: "say" if event == "caster_says" else event for cid, event in ECHOES}
NC, NA, NP, NE = len(CURSE), len(ARTEFACT), len(PERMANENT), len(EMOTE)
DICE_TOP = CARDS.dice + 1  # a bag's dice (five as printed) and a Twin Bone's extra die
ASIDE_TOP = 5
COUNT_TOP = 5
CURSES_TOP = 10  # Curse cards in one hand
ARTEFACTS_TOP = 5  # Artefact cards in one hand
PENALTY_TOP = max(1, CARDS.dice - 1)  # dice a seat's next roll loses (a roll keeps at least one)
TAIL = 4  # the last entries of this turn's log shown
SCORE_TOP = 21  # the largest target_score


def _doc(o, v, s):
    """The parts of the seats' block only document it: one loop writes the whole block."""


def encoder(game) -> Encoder:
    n = game.players
    target = game.target_score
    max_turns = game.max_turns

    parts = [
        Field("score", 1, f"its points, divided by the target score ({target})", _doc),
        Field("active", 1, "holds the Voodoo doll (whose turn it is)", _doc),
        Field("window", 1, "its slot in the open window (V2, V5) is still open", _doc),
        Field("target_card", 1, "holds the Target card", _doc),
        Field("spirit_ward", 1, "is under Spirit Ward", _doc),
        Field("skulls", len(SKULL), f"the Big Skulls it passed ({', '.join(map(str, SKULL))}, R26)", _doc),
        Field("fewer_dice", 1, f"dice its next roll loses (R61), divided by {PENALTY_TOP}", _doc),
        Field("last_target", n, "the chair of the victim of its last single-target cast", _doc),
        Field("hand", 2, f"Curse cards in hand divided by {CURSES_TOP}, Artefact cards divided by {ARTEFACTS_TOP} "
              "(clipped)", _doc),
        Field("known_curses", NC, "curses known to be in its hand, by id: known to all, or (another seat's) to the "
              "viewer alone (Wolf Totem)", _doc),
        Field("victim_of", NC, "the curses in play that bind it, by id", _doc),
        Field("caster_of", NC, "the curses in play it cast (it scores their breaks), by id", _doc),
        Field("permanents", NP, "the permanent curses in front of it, by id", _doc),
        Field("owes", len(ECHO), f"echo duties it owes now (R54), by echo card ({', '.join(ECHO)}): an event "
              "by another seat (by the caster, for H05) since both its last non-free move and the card began to "
              "bind it", _doc),
        Field("block", NE + 1, "its ritual block (R51): the emotes it made since its last non-free move, by emote "
              "id, then whether it spoke", _doc),
        Field("voices", len(VOICE), "the voices it spoke in this turn (from the log), by voice id", _doc),
    ]
    at, offset = {}, 0
    for p in parts:
        at[p.name] = offset
        offset += p.size
    block = offset
    SC, AC, WI, TC, SW, SK, FD, LT, HA = (at[k] for k in ("score", "active", "window", "target_card", "spirit_ward",
                                                           "skulls", "fewer_dice", "last_target", "hand"))
    KC, VI, CA, PE, OW, BL, VO = (at[k] for k in ("known_curses", "victim_of", "caster_of", "permanents", "owes",
                                                   "block", "voices"))

    def seats(o, v):
        """Every seat's block in one loop (the parts above document it): ``at[s]`` is where seat s's block is."""
        pub = o["public"]
        me = o["seat"] or 0
        one, put = v.one, v.put
        at = [((s - me) % n) * block for s in range(n)]
        last_act, last_echo = pub["last_act"], pub["last_echo"]
        for c in pub["curses_in_play"]:
            cid, caster = c["curse"], c["caster"]
            k = CURSE[cid]
            one(at[caster] + CA + k)
            event = ECHO_EVENT.get(cid)
            for s in c["victims"]:
                one(at[s] + VI + k)
                if event is not None:
                    start = max(last_act[s], c["since"])
                    moments = last_echo[event]
                    if event == "say":
                        owed = moments[caster] > start
                    else:
                        owed = any(m > start for t, m in enumerate(moments) if t != s)
                    if owed:
                        one(at[s] + OW + ECHO[cid])
        s = 0
        for perms in pub["permanents"]:
            for pid in perms:
                one(at[s] + PE + PERMANENT[pid])
                event = ECHO_EVENT.get(pid)
                if event is not None:
                    start = max(last_act[s], pub["permanent_since"][pid])
                    if any(m > start for t, m in enumerate(last_echo[event]) if t != s):
                        one(at[s] + OW + ECHO[pid])
            s += 1
        voices = [0] * n
        for e in pub["log"]:
            if e["kind"] == "say":
                voices[e["seat"]] |= 1 << VOICE[e["voice"]]
        for s, bits in enumerate(voices):
            if bits:
                for i in range(len(VOICE)):
                    if bits >> i & 1:
                        one(at[s] + VO + i)
        one(at[pub["active"]] + AC)
        for s in pub["window_open"]:
            one(at[s] + WI)
        if pub["target_holder"] is not None:
            one(at[pub["target_holder"]] + TC)
        for s in pub["spirit_ward"]:
            one(at[s] + SW)
        for s, t in enumerate(pub["last_target"]):
            if t is not None:
                one(at[s] + LT + (t - me) % n)
        for s, x in enumerate(pub["scores"]):
            if x > 0:
                put(at[s] + SC, x / target if x < target else 1.0)
        for s, x in enumerate(pub["fewer_dice"]):
            if x > 0:
                put(at[s] + FD, x / PENALTY_TOP if x < PENALTY_TOP else 1.0)
        for s, skulls in enumerate(pub["skulls_struck"]):
            for skull in skulls:
                one(at[s] + SK + SKULL[skull])
        p = o["private"]
        secret = p["known_curses"] if p is not None else None
        for hand in pub["hands"]:
            s = hand["seat"]
            b = at[s]
            x = hand["curses"]
            if x:
                put(b + HA, x / CURSES_TOP if x < CURSES_TOP else 1.0)
            x = hand["artefacts"]
            if x:
                put(b + HA + 1, x / ARTEFACTS_TOP if x < ARTEFACTS_TOP else 1.0)
            known = hand["known_curses"]
            if secret and s != me:
                mine = secret.get(str(s))
                if mine:
                    known = set(known).union(mine)
            for cid in known:
                one(b + KC + CURSE[cid])
        s = 0
        for blk in pub["blocks"]:
            b = at[s] + BL
            for emote in blk["emotes"]:
                one(b + EMOTE[emote])
            if blk["said"]:
                one(b + NE)
            s += 1

    def faces(key, top):
        def write(o, v):
            counts = [0] * 6
            for face in o["public"][key]:
                counts[FACE[face]] += 1
            for i in range(6):
                if counts[i]:
                    v.scaled(i, counts[i], top)
        return write

    def counts(o, v):
        put, c = v.put, o["public"]["counts"]
        for i, name in enumerate(COUNTS):
            x = c[name]
            if x:
                put(i, x / COUNT_TOP if x < COUNT_TOP else 1.0)

    def decks(o, v):
        pub = o["public"]
        v.scaled(0, pub["curse_deck"]["size"], NC)
        v.scaled(1, pub["artefact_deck"]["size"], NA)
        v.scaled(2, pub["permanent_deck"], NP)

    def curse_deck(o, v):
        """1 - depth / 36: the top card 1.0, each card below it 1/36 less (never 0)."""
        deck = o["public"]["curse_deck"]
        top = deck["size"] - 1
        for pos, cid in deck["known"]:
            v.put(CURSE[cid], 1.0 - (top - pos) / NC)
        p = o["private"]
        if p is not None:
            for pos, cid in p["curse_deck_known"]:
                v.put(CURSE[cid], 1.0 - (top - pos) / NC)

    def artefact_deck(o, v):
        deck = o["public"]["artefact_deck"]
        top = deck["size"] - 1
        for pos, aid in deck["known"]:
            v.put(ARTEFACT[aid], 1.0 - (top - pos) / NA)

    def pending(o, v):
        p = o["public"]["pending_cast"]
        if p is not None:
            v.one(chair(p["caster"], o, n))
            v.one(n + CURSE[p["curse"]])
            v.one(n + NC + chair(p["target"], o, n))

    def candle(o, v):
        v.scaled(0, o["public"]["candle"], 3)
        p = o["private"]
        if p is not None:
            for k, cid in enumerate(p["my_candle"]):
                v.one(1 + k * NC + CURSE[cid])

    def my_hand(o, v):
        p = o["private"]
        if p is not None:
            for cid in p["my_curses"]:
                v.one(CURSE[cid])
            for aid in p["my_artefacts"]:
                v.one(NC + ARTEFACT[aid])

    def broken(o, v):
        if o["phase"] == "claim_window" and o["seat"] in o["actors"]:  # only while I may claim: it costs a scan
            from .heuristic import breaks_in_log

            for cid in breaks_in_log(o, o["seat"]):
                v.one(CURSE[cid])

    def tail(o, v):
        log = o["public"]["log"]
        me = o["seat"] or 0
        k = 0
        for i in range(len(log) - 1, -1, -1):
            e = log[i]
            kind = e["kind"]
            if kind == "emote" or kind == "say":
                continue
            base = k * (len(KIND) + n)
            v.one(base + KIND[kind])
            seat = e.get("seat", e.get("caster"))
            if seat is not None and seat >= 0:
                v.one(base + len(KIND) + (seat - me) % n)
            k += 1
            if k == TAIL:
                break

    return Encoder([
        phase_field(PHASES),
        actors_field(n),
        Field("automatic", 1, "claim_mode is automatic: breaks score at once (R58); else the caster must claim",
              lambda o, v: v.flag(0, o["public"]["claim_mode"] == "automatic")),
        Field("target_score", 1, f"points needed to win (R38), divided by {SCORE_TOP}",
              lambda o, v: v.scaled(0, o["public"]["target_score"], SCORE_TOP)),
        Field("turn", 1, f"turns begun, divided by the turn cap ({max_turns}, R46)",
              lambda o, v: v.scaled(0, o["public"]["turn"], max_turns)),
        Field("rolled", 1, "the active seat has rolled this turn", lambda o, v: v.flag(0, o["public"]["rolled"])),
        Field("bag", 6, f"the dice in the active seat's bag, counted per face ({', '.join(FACE)}), divided by "
              f"{DICE_TOP}", faces("bag", DICE_TOP)),
        Field("set_aside", 6, f"the dice set aside by re-rolls this turn, per face, divided by {ASIDE_TOP}",
              faces("set_aside", ASIDE_TOP)),
        Field("counts", len(COUNTS), f"this turn's counts for limit rules (R55): {', '.join(COUNTS)}, each divided "
              f"by {COUNT_TOP}", counts),
        Field("decks", 3, f"cards left in the Curse deck (of {NC}), the Artefact deck (of {NA}) and the permanent "
              f"curses (of {NP})", decks),
        Field("curse_deck_known", NC, "the Curse cards whose place in the deck the viewer knows (known to all, or "
              "to it alone: Black Candle), by id: 1.0 on top, 1/36 less per card above it", curse_deck),
        Field("artefact_deck_known", NA, "the Artefact cards whose place every seat knows, by id: 1.0 on top, "
              "1/13 less per card above it", artefact_deck),
        Field("seats", n * block, f"{block} numbers per seat, from the viewer's chair", seats, tuple(parts)),
        Field("pending_cast", n + NC + n, "a single-target cast waiting for its target's answer (V4): the caster's "
              "chair, the curse by id, the target's chair", pending),
        Field("claimed", NC, "curses already claimed in this claim window, by id",
              lambda o, v: v.ones(CURSE[c] for c in o["public"]["claimed"])),
        Field("candle", 1 + 3 * NC, "Black Candle: the cards the active seat looks at, divided by 3; then the "
              "three I look at, top first, each by curse id (private, only while I choose)", candle),
        Field("my_hand", NC + NA, "my Curse cards by curse id, then my Artefact cards by artefact id (private)",
              my_hand),
        Field("my_broken", NC, "in the claim window, while I may claim: my curses in play whose break the last "
              "turn's public log shows (heuristic.breaks_in_log), by id", broken),
        Field("log_tail", TAIL * (len(KIND) + n), f"the last {TAIL} entries of this turn's log that are not "
              f"emotes or sayings, latest first, each: its kind ({', '.join(KIND)}), then the chair of its seat "
              "(the caster for in_play)", tail),
    ])
