"""The observation vector of Werebeasts for learning agents (``hexbox encoding werebeasts``).

Read from the observation alone (schema.py says what every field means). Seats from the viewer's chair; cans are
divided by the 80 cans of the game, so 1.0 is every can there is.
"""

from __future__ import annotations

from hexbox.core.encoding import Encoder, Field, actors_field, chair, part, per_seat, phase_field, vocabulary

from .cards import CARDS
from .state import PHASES

GOALS = vocabulary(g.id for g in CARDS.goals)
AUCTION = vocabulary(a.id for a in CARDS.auction)
STATUS = vocabulary(("open", "passed", "done"))
G, A = len(GOALS), len(AUCTION)
CANS = CARDS.cans_total


def _bid(o, s):
    for b in o["public"]["bids"]:
        if b["seat"] == s:
            return b
    return None


def encoder(game) -> Encoder:
    n = game.players
    changes = game.max_bid_changes

    # one pass over a seat's numbers: a function per part cost 44 of the vector's 60 µs (5 seats, loaded machine)
    def seat_block(o, v, s, at):
        pub = o["public"]
        info = pub["players_info"][s]
        v.flag(at["eliminated"], info["eliminated"])
        v.scaled(at["cans"], info["cans"], CANS)
        v.flag(at["dealer"], s == pub["dealer"])
        v.flag(at["active"], s == pub["active"])
        v.ones([at["cards"] + AUCTION[c] for c in info["cards"]])
        for k, position in enumerate(info["positions"]):
            face = pub["goal_positions"][position]["goal"]
            if face is not None:
                v.one(at["face_up"] + k * G + GOALS[face])
        if pub["denials"]:
            v.ones([at["denied"] + GOALS[g] for seat, g in pub["denials"] if seat == s])
        b = _bid(o, s)
        if b is not None:
            base = at["bid"]
            v.one(base + STATUS[b["status"]])
            v.scaled(base + 3, b["cans"], CANS)
            v.scaled(base + 4, b["changes"], changes)
            v.ones([base + 5 + AUCTION[c] for c in b["cards"]])

    seat = per_seat("seats", n, [
        part("eliminated", 1, "out of the game (R21)"),
        part("cans", 1, "cans in front of it"),
        part("dealer", 1, "it dealt (R10)"),
        part("active", 1, "the Active Player"),
        part("cards", A, "auction cards in front of it, by card id"),
        part("face_up", 2 * G, "the goal face up at each of its two positions, by goal id (zeros while face down)"),
        part("denied", G, "goals it was wrongly accused of (R18)"),
        part("bid", 5 + A, "its bid in this sale: status open/passed/done, cans offered, offer changes used "
             "(of max_bid_changes), cards offered by card id"),
    ], block=seat_block)

    def my_goals(o, v):
        for k, goal in enumerate(o["private"]["my_goals"] if o["private"] else ()):
            v.one(k * (G + n) + GOALS[goal["goal"]])
            shared = chair(goal["shared_with"], o, n)
            if shared is not None:
                v.one(k * (G + n) + G + shared)

    def sale(o, v):
        card = o["public"]["sale"]
        if card is not None:
            v.one(AUCTION[card])

    def deck(o, v):
        v.ones(AUCTION[c] for c in o["public"]["deck_remaining"])
        v.scaled(A, o["public"]["deck_size"], A)

    def spoils(o, v):
        sp = o["public"]["spoils"]
        if sp is not None:
            v.one(chair(sp["chooser"], o, n))
            v.one(n + chair(sp["eliminated"], o, n))
            v.flag(2 * n, sp["correct"])

    return Encoder([
        phase_field(PHASES),
        actors_field(n),
        Field("turn", 1, "turns begun, divided by 40", lambda o, v: v.scaled(0, o["public"]["turn"], 40)),
        Field("goals_in_play", G, "the goal types in play (R3, R4), by goal id",
              lambda o, v: v.ones(GOALS[g] for g in o["public"]["goals_in_play"])),
        seat,
        Field("my_goals", 2 * (G + n), "my two goals (R7, R8), each: its goal id, then the chair of the neighbour "
              "who shares it (none with 3-4 players)", my_goals),
        Field("sale", A, "the card on sale now, by card id", sale),
        Field("deck", A + 1, "the cards left in the deck by card id, then its size (of 44)", deck),
        Field("spoils", 2 * n + 1, "after an accusation: the chair choosing a pile, the chair whose pile it is, "
              "whether the accusation was right", spoils),
    ])
