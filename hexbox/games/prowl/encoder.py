"""The observation vector of Prowl for learning agents (``hexbox encoding prowl``).

Read from the observation alone (schema.py says what every field means). Seats from the viewer's chair. Cards
and clans are one-hot or multi-hot over the 32 card ids and the 4 clan ids of cards.toml, in its order (every
card exists once, so a set of cards is a multi-hot). Counts of cards in hand and turns left are divided by 8
(the largest hand_size), counts of history events by 8, the box by 32 and the two-player deck by 28.

Left out, on purpose:

- ``start_track``: kept for designer statistics, no rule reads it.
- ``history`` as a list: it is summarised into who has seen whose face-down clan card (peeks, the Changeling's
  exchange, the Hooded Figure's pass, forgotten at a Change) and per seat counts of accusations, right
  accusations and Changes. What the list says beyond that is in the public tables already: played cards are in
  the discards and attachments, wrong accusations in ``denied``, right ones face up, rewards in the track and
  the Dominance holder. Hand peeks and the Mist Weaver's exchanges are not tracked for other seats (the viewer's
  own knowledge of hands is in ``known_hands``).
- ``clan_cards``, ``box`` and ``deck``: shown only once the game is over, when nobody decides any more.
- the prompt's ``seat``: always the active player, who is in ``actors``.
"""

from __future__ import annotations

from hexbox.core.encoding import Encoder, Field, actors_field, chair, phase_field, vocabulary

from .cards import CARD_CLAN, CARD_IDS, CARDS, CLAN_IDS, CURSED_EFFIGY
from .schema import Step
from .state import PHASES

CARD = vocabulary(CARD_IDS)
CLAN = vocabulary(CLAN_IDS)
#: the clan of a card, by card id
CLAN_OF = {c: CARD_CLAN[i] for c, i in CARD.items()}
ATTACHMENT = vocabulary(c.id for c in CARDS if c.attachment)
#: the attachments that name a clan (their ``clan`` parameter), in card order
NAMING = vocabulary(CARDS[i].id for i in sorted(CARD[c] for c in
                                                 ("spring_high_mage", "spring_bramble_snare", "winter_blizzard",
                                                  CARD_IDS[CURSED_EFFIGY])))
EFFIGY = CARD_IDS[CURSED_EFFIGY]
CONSTRAINT = vocabulary(("must_change", "must_play", "may_not_play"))
STEP = vocabulary(Step.__args__)  # type: ignore[attr-defined]
C, K, T, NM, S = len(CARD), len(CLAN), len(ATTACHMENT), len(NAMING), len(STEP)
HAND_TOP = 8  # the largest hand_size
HISTORY_TOP = 8  # accusations or Changes by one seat
BOX_TOP = 32
DECK_TOP = 28  # 32 cards less two hands of 2


def _doc(o, v, s):
    """The parts of the seats' block only document it: one loop writes the whole block."""


def encoder(game) -> Encoder:
    n = game.players
    total_turns = n * (game.hand_size - 1)

    parts = [
        Field("hand_size", 1, "cards in hand, divided by 8", _doc),
        Field("turns_left", 1, "turns still to take, divided by 8", _doc),
        Field("placed", 1, "has placed its clan card (set-up, R8)", _doc),
        Field("face_up", 1, "its clan card is face up", _doc),
        Field("clan", K, "the clan of its clan card when face up, by clan id", _doc),
        Field("denied", K, "clans its clan card is publicly known not to be (wrong accusations, R31)", _doc),
        Field("discards", C, "its discard pile, by card id", _doc),
        Field("attachments", T + NM * K + n, f"attachments in front of it by attachment id ({T}); then for each "
              f"of the {NM} that name a clan ({', '.join(NAMING)}) the clan named; then the chair the Cursed "
              "Effigy chose", _doc),
        Field("constraint", len(CONSTRAINT), "on its next turn: must_change, must_play, may_not_play (R39)", _doc),
        Field("dominance", 1, "holds the Dominance token", _doc),
        Field("active", 1, "whose turn it is", _doc),
        Field("start", 1, "the starting player (R9)", _doc),
        Field("known_clan", K, "the clan of its face-down clan card, if the viewer knows it (private)", _doc),
        Field("known_hand", C, "cards the viewer knows to be in its hand, by card id (private, Mist Weaver)", _doc),
        Field("known_held", C, "cards the viewer knows to be in its hand or its clan card (private, after a "
              "Change), by card id", _doc),
    ]
    block = sum(p.size for p in parts)
    at, offset = {}, 0
    for p in parts:
        at[p.name] = offset
        offset += p.size
    ATT, CON, DOM = at["attachments"], at["constraint"], at["dominance"]
    KC, KH, KD = at["known_clan"], at["known_hand"], at["known_held"]
    PL, FU, CL, DE, DI = at["placed"], at["face_up"], at["clan"], at["denied"], at["discards"]
    EFF = ATT + T + NM * K

    def seats(o, v):
        """Every seat's block in one loop (the parts above document it)."""
        pub = o["public"]
        players = pub["players_info"]
        dominance, active, start = pub["dominance"], pub["active"], pub["start"]
        p = o["private"]
        known_clans = known_hands = known_held = None
        if p is not None:
            known_clans, known_hands, known_held = p["known_clans"], p["known_hands"], p["known_held"]
        me = o["seat"] or 0
        origin = v.base
        one = v.one
        for k in range(n):
            s = (me + k) % n
            v.base = origin + k * block
            info = players[s]
            v.scaled(0, info["hand_size"], HAND_TOP)
            v.scaled(1, info["turns_left"], HAND_TOP)
            if info["placed"]:
                one(PL)
            if info["face_up"]:
                one(FU)
            card = info["clan_card"]
            if card is not None:
                one(CL + CLAN_OF[card])
            for clan in info["denied"]:
                one(DE + CLAN[clan])
            if info["discards"]:
                v.ones(DI + CARD[card] for card in info["discards"])
            for a in info["attachments"]:
                card = a["card"]
                one(ATT + ATTACHMENT[card])
                if a["clan"] is not None:
                    one(ATT + T + NAMING[card] * K + CLAN[a["clan"]])
                if card == EFFIGY and a["target"] is not None:
                    one(EFF + (a["target"] - me) % n)
            c = info["constraint"]
            if c is not None:
                one(CON + CONSTRAINT[c])
            if s == dominance:
                one(DOM)
            if s == active:
                one(DOM + 1)
            if s == start:
                one(DOM + 2)
            if k and p is not None:  # what the viewer alone knows of another seat
                key = str(s)
                card = known_clans.get(key)
                if card is not None:
                    one(KC + CLAN_OF[card])
                for card in known_hands.get(key, ()):
                    one(KH + CARD[card])
                for card in known_held.get(key, ()):
                    one(KD + CARD[card])
        v.base = origin

    seat = Field("seats", n * block, f"{block} numbers per seat, from the viewer's chair", seats, tuple(parts))

    def history(o, v):
        """One pass over the history: who has seen whose face-down clan card, and per seat counts."""
        knows = [0] * n  # knows[a] bit b: seat a has seen seat b's current clan card
        accused = [0] * n
        right = [0] * n
        changes = [0] * n
        for e in o["public"]["history"]:
            kind = e["kind"]
            if kind == "play" or kind == "reward":
                continue
            a = e["seat"]
            if kind == "accuse":
                accused[a] += 1
                right[a] += e["right"]
            elif kind == "change":
                changes[a] += 1
                clear = ~(1 << a)
                for x in range(n):
                    knows[x] &= clear
            elif kind == "peek":
                if e["what"] == "clan":
                    knows[a] |= 1 << e["target"]
            elif kind == "clan_exchange":
                b = e["target"]
                ba, bb = 1 << a, 1 << b
                for x in range(n):
                    k = knows[x]
                    if bool(k & ba) != bool(k & bb):
                        knows[x] = k ^ ba ^ bb
                knows[a] |= bb
                knows[b] |= ba
            elif kind == "pass_clans":  # seat i's card goes to i + 1 (left) or i - 1 (right)
                step = 1 if e["direction"] == "left" else n - 1
                for x in range(n):
                    k = knows[x]
                    knows[x] = sum(1 << (t + step) % n for t in range(n) if k >> t & 1)
                for x in range(n):
                    knows[x] |= 1 << (x + step) % n
        me = o["seat"] or 0
        block = n + 3
        for ka in range(n):
            a = (me + ka) % n
            k = knows[a]
            base = ka * block
            if k:
                for kb in range(n):
                    if kb != ka and k >> (me + kb) % n & 1:
                        v.one(base + kb)
            v.scaled(base + n, accused[a], HISTORY_TOP)
            v.scaled(base + n + 1, right[a], HISTORY_TOP)
            v.scaled(base + n + 2, changes[a], HISTORY_TOP)

    def track(o, v):
        for k, clan in enumerate(o["public"]["track"]):
            v.one(k * K + CLAN[clan])

    def hand(o, v):
        p = o["private"]
        if p is not None:
            v.ones(CARD[c] for c in p["hand"])

    def private_card(key):
        def write(o, v):
            p = o["private"]
            if p is not None and p[key] is not None:
                v.one(CARD[p[key]])
        return write

    def deck(o, v):
        pub = o["public"]
        v.scaled(0, pub["deck_size"], DECK_TOP)
        v.ones(1 + CARD[c] for c in pub["deck_discards"])

    def prompt(o, v):
        p = o["public"]["prompt"]
        if p is not None:
            if p["card"] is not None:
                v.one(CARD[p["card"]])
            v.one(C + STEP[p["step"]])
            v.one(C + S + chair(p["target"], o, n) if p["target"] is not None else None)
            if p["clan"] is not None:
                v.one(C + S + n + CLAN[p["clan"]])

    return Encoder([
        phase_field(PHASES),
        actors_field(n),
        Field("turn", 1, f"turns begun, divided by the game's {total_turns} turns (players x rounds)",
              lambda o, v: v.scaled(0, o["public"]["turn"], total_turns)),
        Field("round", 1, "the current round, divided by the game's rounds (hand_size - 1)",
              lambda o, v: v.scaled(0, o["public"]["round"], o["public"]["rounds"])),
        Field("rounds", 1, "rounds in the game (hand_size - 1), divided by 7",
              lambda o, v: v.scaled(0, o["public"]["rounds"], HAND_TOP - 1)),
        Field("leaders", 1, "the 4 leaders are in the game (option, R7)",
              lambda o, v: v.flag(0, o["public"]["leaders"])),
        Field("track", 4 * K, "the clan at each position of the track, highest first (R3), by clan id", track),
        seat,
        Field("history", n * (n + 3), f"{n + 3} numbers per seat from the viewer's chair, from the history: the "
              f"chairs whose face-down clan card it has seen ({n}: peek, Changeling, Hooded Figure; forgotten when "
              "that seat Changes), then its accusations, right accusations and Changes, each divided by 8",
              history),
        Field("hand", C, "my hand, by card id (private)", hand),
        Field("my_clan_card", C, "my clan card, by card id (private; none before I place it)",
              private_card("clan_card")),
        Field("chosen_card", C, "Mist Weaver: the card I offer while I choose the one I take, by card id (private)",
              private_card("chosen_card")),
        Field("prompt", C + S + n + K, f"the question the active player answers: the card asking, by card id ({C}; "
              f"none for an accusation's reward), the step ({', '.join(STEP)}), the chair chosen earlier in the "
              "effect, the clan chosen earlier (Field Marshal)", prompt),
        Field("deck", 1 + C, "the two-player strengthening deck (R37): cards left divided by 28, then the cards "
              "revealed from it, by card id", deck),
        Field("box", 1, "cards left in the box, unseen, divided by 32",
              lambda o, v: v.scaled(0, o["public"]["box_size"], BOX_TOP)),
    ])
