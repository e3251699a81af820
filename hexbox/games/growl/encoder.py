"""The observation vector of GROWL for learning agents (``hexbox encoding growl -p N``).

Read from the observation alone (schema.py says what every field means). Seats are blocks from the viewer's
chair (block 0 the viewer, block 1 the seat on its left, ...). Cards are one-hot, multi-hot or counts over
vocabularies built once per set-up from cards.toml, in its order: the hand cards (the 5 base ones, all 11 with
Curses), the 16 Night and Final Night cards, the 12 Spells (with Spells only). The length therefore depends on
the players and on the two expansions (``curses``, ``spells``), never on the course of a game; the Spells-only
fields (``spells_left``, ``moon_watcher``) are left out without Spells.

Scales (a value above its top reads 1): card counts per kind of 5; hand sizes of 20; turns and deck size of the
deck at the start of this set-up (so 1.0 is the full deck); discards per kind of the copies of that kind in
play; the viewer's gold icons of 10; net bites and net wounds of 3 (3 turns a human, 3 kills).

Variable-length parts, summarised to a fixed size: the public log only as per-seat counts of Day gifts
(``day_gifts``); the private log only as the cards received at the latest Night and the latest Moon Watcher
count; the open votes as votes cast and received per seat (not who voted for whom); the discard pile as counts
per kind (not its order); the revealed Night cards as a set (the Final Night card comes last; which of the
other two came first is dropped).

Left out: the log's other events (what they teach is already in ``pinned``, ``known_hands``, ``told``, the
Séance list, ``front`` and ``discards``, which the engine keeps up to date); the spells used and their
targets (their lasting effects are in the fields above); the option values that fix the length (``curses``,
``spells``) or are set-up details (``start_seat``; ``starter_bites_10p`` and ``spells_count`` only through the
clock's deck size and ``spells_left``); who passes to whom at Night beyond who takes part and the viewer's own
receivers and senders; the content of the viewer's hidden choice (only whether it made one: its own choice is
in its hand and known cards once it counts); ``reveal`` and the game-over data, read only once nothing is left
to decide; ``talk_allowed`` and the window's ``kind`` (they follow from the phase and the Night card); seat
positions beyond the Start Player's tile and whether The Sleepwalkers moved a seat (they are cosmetic until
then: positions equal seats).

Speed: vocabularies and scales are built once per set-up; a call writes only non-zero numbers, the seat
block in one pass over the seats. About 13 µs a call at 10 players with both expansions in mid-game (65 log
events), 17 µs near the end (python -m timeit on an idle core).
"""

from __future__ import annotations

from hexbox.core.encoding import (
    Encoder,
    Field,
    actors_field,
    phase_field,
    scaled,
    vocabulary,
)

from .cards import CARDS, CURSES_IDS, FINAL, HAND, IDS, NIGHT, SPELLS, curses_cards, main_cards
from .phases import PHASES

NIGHTS = vocabulary(IDS[c] for c in (*NIGHT, *FINAL))  # the 16 Night and Final Night cards
SPELL_IDS = tuple(IDS[c] for c in SPELLS)
COUNT = 5  # a card count per kind reads count / 5
HAND_TOP = 20  # hand sizes
GOLD_TOP = 10  # the viewer's gold icons
GIFT_TOP = 8  # Day cards of a kind given by a seat
TO_ME_TOP = 4  # Day cards of a kind given by a seat to the viewer

INV_COUNT = 1.0 / COUNT
GIFT_PARTS = (
    ("bites", 1, "Day cards with a Bite icon it gave, to anyone (of 8)"),
    ("wounds", 1, "Day cards with a Wound icon it gave, to anyone (of 8)"),
    ("bites_to_me", 1, "Day cards with a Bite icon it gave the viewer (of 4)"),
    ("wounds_to_me", 1, "Day cards with a Wound icon it gave the viewer (of 4)"),
    ("help_to_me", 1, "Day cards with a Charm or Salve icon it gave the viewer (of 4)"),
)

# a Day gift's card -> the day_gifts parts it adds to (given to someone else / given to the viewer)
GIFT = {c.id: tuple(i for i, on in enumerate((c.icon("bite"), c.icon("wound"))) if on) for c in CARDS}
GIFT_TO_ME = {c.id: (*GIFT[c.id], *(i + 2 for i in GIFT[c.id]), *((4,) if c.icon("charm") or c.icon("salve") else ()))
              for c in CARDS}


def _doc(o, v) -> None:
    """The parts of a per-seat block are written by the block's own write; this one documents."""


def encoder(game) -> Encoder:
    n = game.players
    curses, spells = game.curses, game.spells
    spells_count = game.options["spells_count"]

    hand_ids = [c.id for c in CARDS[:HAND] if curses or c.index not in CURSES_IDS]
    HANDV = vocabulary(hand_ids)
    H = len(HANDV)
    FRONT = vocabulary(("seance", "silver_bullet", *(SPELL_IDS if spells else ())))
    DECK = vocabulary((*hand_ids, *NIGHTS, *(SPELL_IDS if spells else ())))
    SPELLV = frozenset(SPELL_IDS)
    copies = [0] * len(DECK)  # copies of each kind in play at this set-up
    for c in main_cards(n) + (curses_cards() if curses else []):
        copies[DECK[IDS[c]]] += 1
    for i in range(H, len(DECK)):
        copies[i] = 1
    inv_copies = [1.0 / k for k in copies]
    deck0 = len(main_cards(n)) + (len(curses_cards()) if curses else 0) + (spells_count if spells else 0) + 3 - 4 * n
    night_card_ids = ", ".join(NIGHTS)

    # ---- the per-seat block, one pass over the seats (parts are its documentation) ----------------------------

    parts = (
        Field("status", 6, "flags: dead; the active player; sits at the Start Player's tile (R15); moved by The "
              "Sleepwalkers (R64); Caged this Night (R54); Insomnia's target this Night (R56)", _doc),
        Field("hand_size", 1, f"cards it holds (of {HAND_TOP})", _doc),
        Field("front", len(FRONT), f"face up in front of its position, by card: {', '.join(FRONT)}", _doc),
        Field("pinned", H, f"cards the whole table knows it holds, count per kind (of {COUNT}): "
              f"{', '.join(hand_ids)}", _doc),
        Field("known", H, "cards the viewer knows it holds, same kinds (pinned plus what the viewer alone saw); "
              "block 0: the viewer's whole hand", _doc),
        Field("team", 5, "its team as known: Séance says human / werewolf (public, R57); the viewer was told "
              "human / werewolf (Omen Crow, Truth Serum, Insomnia); a werewolf at set-up by The Sniff (R14)", _doc),
        Field("passing", 4, "this Night: it takes part in the passing; the viewer's left receiver; the viewer's "
              "right receiver; it passes a card to the viewer", _doc),
        Field("window", 8, "the open window: a member; has voted; votes received (of players - 1); an Unwanted "
              "candidate (R68); still unsaved (R67); may be picked; the seat who picks, saves, shows (Truth "
              "Serum) or sends (All Hallows' Eve); a Death Rattle owner still to choose (R44)", _doc),
    )
    at = {}
    for part in parts:
        at[part.name] = sum(q.size for q in parts[:parts.index(part)])
    SIZE = sum(q.size for q in parts)
    HS, FR, PI, KN, TE, PA, WI = (at[k] for k in ("hand_size", "front", "pinned", "known", "team", "passing",
                                                    "window"))
    inv_voters = 1.0 / (n - 1)
    KEYS = [str(s) for s in range(n)]
    NOBODY = (None,) * 4

    def seats_write(o, v):
        p = o["public"]
        me = o["seat"]
        first = 0 if me is None else me
        start = v.base
        active, start_position, caged, insomniac = p["active"], p["start_position"], p["caged"], p["insomniac"]
        seance = {t["seat"]: t["werewolf"] for t in p["seance"]} if p["seance"] else {}
        private = o["private"]
        if private is not None:
            known_hands, told, sniffed = private["known_hands"], private["told"], private["sniffed"]
        else:
            known_hands, told, sniffed = {}, {}, ()
        passing = p["passing"]
        mine = passing.get(str(me)) if me is not None else None
        w = p["window"]
        members, candidates, unsaved, pickable = w["members"], w["candidates"] or (), w["unsaved"] or (), \
            w["options"] or ()
        chooser = (w["picker"], w["saver"], w["shower"], w["dead_seat"])
        rattles = w["death_rattles"]
        votes = w["votes"] or {}
        received: dict[int, int] = {}
        for t in votes.values():
            received[t] = received.get(t, 0) + 1
        window = bool(members or candidates or unsaved or pickable or rattles or votes or chooser != NOBODY)
        put, one = v.put, v.one
        for view in p["seats"]:
            s = view["seat"]
            key = KEYS[s]
            v.base = start + ((s - first) % n) * SIZE
            if not view["alive"]:
                one(0)
            if s == active:
                one(1)
            position = view["position"]
            if position == start_position:
                one(2)
            if position != s:
                one(3)
            if s == caged:
                one(4)
            if s == insomniac:
                one(5)
            if view["hand_size"]:
                put(HS, scaled(view["hand_size"], HAND_TOP))
            if view["front"]:
                for card in view["front"]:
                    one(FR + FRONT[card])
            if view["pinned"]:
                for card, k in view["pinned"].items():
                    put(PI + HANDV[card], k * INV_COUNT if k < COUNT else 1.0)
            hand = private["hand"] if s == me else known_hands.get(key)
            if hand:
                for card, k in hand.items():
                    put(KN + HANDV[card], k * INV_COUNT if k < COUNT else 1.0)
            if seance and s in seance:
                one(TE + 1 if seance[s] else TE)
            if key in told:
                one(TE + 3 if told[key] else TE + 2)
            if s in sniffed:
                one(TE + 4)
            if passing:
                theirs = passing.get(key)
                if theirs is not None:
                    one(PA)
                    if s != me and me in theirs:
                        one(PA + 3)
                if mine:
                    if mine[0] == s:
                        one(PA + 1)
                    if mine[1] == s:
                        one(PA + 2)
            if not window:
                continue
            if s in members:
                one(WI)
            if votes:
                if key in votes:
                    one(WI + 1)
                if s in received:
                    put(WI + 2, min(1.0, received[s] * inv_voters))
            if s in candidates:
                one(WI + 3)
            if s in unsaved:
                one(WI + 4)
            if s in pickable:
                one(WI + 5)
            if s in chooser:
                one(WI + 6)
            if s in rattles:
                one(WI + 7)
        v.base = start

    seats = Field("seats", n * SIZE, f"{SIZE} numbers per seat, from the viewer's chair", seats_write, parts)

    # ---- Day gifts, from the public log ----------------------------------------------------------------------

    G = len(GIFT_PARTS)
    inv_top = [1.0 / (GIFT_TOP if i < 2 else TO_ME_TOP) for i in range(G)] * n

    def day_gifts(o, v):
        me = o["seat"]
        first = 0 if me is None else me
        tally: dict[int, int] = {}
        for d in [e["data"] for e in o["public"]["log"] if e["kind"] == "gave"]:
            k = ((d["seat"] - first) % n) * G  # the giver's chair, as chair() has it
            for i in (GIFT_TO_ME if d["to"] == me else GIFT)[d["card"]]:
                tally[k + i] = tally.get(k + i, 0) + 1
        for i, x in tally.items():
            v.put(i, min(1.0, x * inv_top[i]))

    gifts = Field("day_gifts", n * G, f"{G} numbers per seat, from the viewer's chair: the public Day gifts it "
                  "made (R18)", day_gifts, tuple(Field(a, b, c, _doc) for a, b, c in GIFT_PARTS))

    # ---- the table --------------------------------------------------------------------------------------------

    def clock(o, v):
        p = o["public"]
        v.scaled(0, p["turn"], deck0)
        v.scaled(1, p["nights"], 3)
        v.scaled(2, p["deck_size"], deck0)

    def top_card(o, v):
        card = o["public"]["top_card"]
        if card is not None:
            v.one(DECK.get(card))

    def night_card(o, v):
        card = o["public"]["night_card"]
        if card is not None:
            v.one(NIGHTS[card])

    def discards(o, v):
        tally: dict[int, int] = {}
        for card in o["public"]["discards"]:
            i = DECK.get(card)
            if i is not None:
                tally[i] = tally.get(i, 0) + 1
        for i, k in tally.items():
            v.put(i, min(1.0, k * inv_copies[i]))

    options = game.options
    die = options["cant_pass"] == "die"

    constants = [(i, x) for i, x in enumerate((scaled(options["holy_water"], 3), 1.0 if die else 0.0,
                                                 scaled(options["night_jitter"], 3))) if x]

    def set_up(o, v):
        for i, x in constants:
            v.put(i, x)

    def window_why(o, v):
        w = o["public"]["window"]
        why = w["why"]
        v.flag(0, why == "tie")
        v.flag(1, why == "victim")
        if w["round"]:
            v.scaled(2, w["round"], 4)

    # ---- what the viewer alone knows ---------------------------------------------------------------------------

    def me(o, v):
        private = o["private"]
        if private is None:
            return
        v.flag(0, private["werewolf"])
        v.flag(1, private["wolf_zero"])
        icons = private["icons"]
        bites, wounds = icons["net_bites"], icons["net_wounds"]
        v.scaled(2, bites, 3)
        v.scaled(3, -bites, 3)
        v.scaled(4, wounds, 3)
        v.scaled(5, -wounds, 3)
        v.scaled(6, icons["gold"], GOLD_TOP)
        v.flag(7, private["my_choice"] is not None)

    def received(o, v):
        private = o["private"]
        if private is None:
            return
        for e in reversed(private["log"]):
            if e["kind"] == "received":
                tally: dict[str, int] = {}
                for card in e["data"]["cards"]:
                    tally[card] = tally.get(card, 0) + 1
                for card, k in tally.items():
                    i = HANDV.get(card)
                    if i is not None:
                        v.put(i, scaled(k, 3))
                return

    fields = [
        phase_field(PHASES),
        actors_field(n),
        Field("clock", 3, "turns begun (of the cards in the deck at the start), Nights over (of 3), cards left in "
              "the deck (of the deck at the start)", clock),
        Field("top_card", len(DECK), f"the face-up top card of the deck (R13), by card: {', '.join(DECK)}",
              top_card),
        Field("night_card", len(NIGHTS), f"the Night card under way (or the last one), by card: {night_card_ids}",
              night_card),
        Field("revealed_night", len(NIGHTS), "the Night cards revealed so far, same cards",
              lambda o, v: v.ones(NIGHTS[c] for c in o["public"]["revealed_night"])),
        Field("discards", len(DECK), "the public discard pile (R47), count per card as top_card, of the copies "
              "in play", discards),
        Field("set_up", 3, "options: holy_water (of 3), cant_pass is 'die' (R27), night_jitter (of 3)", set_up),
        Field("pick", 3, "the open pick is a tie-break / names a victim (G7); The Unwanted's round (of 4)",
              window_why),
        seats,
        gifts,
        Field("me", 8, "the viewer: a werewolf (R1, R30); a Wolf Zero (R7); net bites above 0 / below 0 (of 3); "
              f"net wounds above 0 / below 0 (of 3); gold icons (of {GOLD_TOP}); has made its hidden choice in "
              "the open window", me),
        Field("received", H, "the cards the viewer received at the latest Night passing (R28), count per kind as "
              "in pinned (of 3)", received),
    ]

    if spells:
        def spells_left(o, v):
            p = o["public"]
            seen = len([c for c in p["discards"] if c in SPELLV])
            for view in p["seats"]:
                if view["front"]:
                    seen += len([c for c in view["front"] if c in SPELLV])
            v.scaled(0, spells_count - seen, 5)

        def moon_watcher(o, v):
            private = o["private"]
            if private is None:
                return
            for e in reversed(private["log"]):
                if e["kind"] == "moon_watcher":
                    v.scaled(0, e["data"]["bites"], n)
                    return

        fields += [
            Field("spells_left", 1, "Spells shuffled in and not yet seen, in front of a seat or discarded (of 5)",
                  spells_left),
            Field("moon_watcher", 1, "the viewer's latest Moon Watcher count: Bite cards passed that Night (of "
                  "players)", moon_watcher),
        ]
    return Encoder(fields)
