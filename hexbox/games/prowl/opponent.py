"""Worlds for a Prowl search that read each opponent as the ``normal`` bot (issue 47, item 1), the way Werebeasts'
opponent.py does: a world is weighed by how likely each opponent's own choices were under the normal policy, had
it held what the world gives it, mixed with a share ``EPSILON`` of "anything" so no single act rules a world out.

belief.py reads the same acts one at a time and alike in every world ("a play strengthens one's own clan 37% of
the time"). Here each act is read in the world, against the hand the opponent held when it chose:

- **its set-up** (R8): the normal bot's rule is exact (heuristic.choose_clan_card: the clan held most, ties toward
  the higher clan, a non-leader of it), so a world whose set-up hand would have made that bot lay another card is
  weighed ``EPSILON_SETUP / cards held`` against ``1 - EPSILON_SETUP`` for one that agrees;
- **each turn since** (play, accuse, change; ``MODEL``): the bot's one-ply search cannot be replayed from the
  observation (the answers to effects and the track between turns are not recorded), so its choice is read by a
  conditional logit over every (kind, card) its hand offered, fitted on normal bots' turns: whether the card is
  of its clan, per kind, how many cards of the card's clan it held, how high that clan stood and, for a Play,
  the card itself (its effect). The height of each clan is the track now (TRACK; undoing each later Play's
  strengthening read no better: 57.4% against 58.9% of true clans). An accusation's named clan adds the
  measured share of accusations that name one's own clan. The hand at each past turn follows from the world:
  the hand now, the clan card now, and every card the opponent has Played, discarded or set as clan card since,
  all public.

Measured (benchmarks/prowl_reading.py accuracy, 15-30 games of normal bots from seed 20000, 10 worlds a
decision): these worlds give an unknown opponent its true clan 58-59% of the time, belief.py's 45%, uniform
worlds 30%; without the track and the cards in the logit, 46%.

Reading stops (going back in time) at a hand exchange, an exchange of clan cards or their passing (the hand or
the clan card before it is another's), and then there is no set-up to read either.

In the search (7 December, docs/strength.md "The ceiling", the Prowl bullet): ``ismcts:iters=300+worlds=belief``
with these worlds won 82 of the 200 tuning deals of benchmarks/clairvoyant.py where the plain search won 76-80 in
three runs (variants 73-85; worlds with every clan true won 100), then 186 of 500 fresh deals where the plain
search won 150 (paired p = 0.017) and 199 of the Levels table's 500 games against 167 (p = 0.036), at 1.09 times
its CPU: it is Prowl's ``hard`` level, and over the 900 deals measured it closes half the omniscient - normal gap
(0.50; the plain search 0.30). belief.py's reading found fewer clans and won 69 of the tuning deals at 1.6 times
the CPU. ``root_actions`` (accusations the reading finds unlikely left out of the root) won less (75) and is not
in the advice.

Drawing (``Reading``): ``POOL`` worlds from ``view.sample`` per decision; in each, every opponent's clan card is
weighed among the cards it holds (as belief.py does: its hand and its clan card, less the cards the seat knows to
be in its hand and the clans publicly denied to it), and the world by the sum of those weights (how well what it
was dealt explains what it did). Each draw picks a world of the pool by weight, clones it and deals each
opponent's clan card among its weighed cards.
"""

from __future__ import annotations

import math
import random
from typing import Any

from hexbox.core import View

from .belief import swap
from .cards import CARD_CLAN, CARD_INDEX, CARDS, CLAN_INDEX

EPSILON = 0.1  # the share of "anything" in each turn's likelihood
EPSILON_SETUP = 0.1  # the share of "any card alike" in the set-up's
POOL = 64  # worlds dealt and weighed per decision
TEMPER = 1.0  # each likelihood to this power: below 1 a softer reading (0.5 measured no better: strength.md)
ACCUSE_AT = 0.5  # root_actions: the least P(right) of an accusation searched at the root
KINDS = ("play", "accuse", "change")
# The conditional logit of a normal bot's turn over every (kind, card) its hand offers (benchmarks/prowl_reading.py
# fit: 12,000 turns of seeds 10000-10599; 1.458 nats a turn on 4,000 held-out turns, 2.056 for a uniform pick):
# per kind, the utility of a card not of its clan and of one of its clan, per held card of the card's clan, per
# step of height of the card's clan (3 at the top) and per step when it is its clan's. A Change's "its clan" is
# the clan it gives up, and its card the new clan card.
MODEL = {
    "play": (0.0, 1.948, -0.323, -0.145, -0.706),
    "accuse": (0.257, -1.681, -0.475, -0.018, -0.089),
    "change": (-4.721, -3.187, -0.596, 2.237, -2.326),
}
# a Play's own utility by card (its effect: some are worth playing whatever the clan), and by card when the card is
# of its clan
PLAY_CARD = (
    2.427, 0.826, -0.289, 1.160, -0.209, -0.503, 0.607, -0.574, -0.350, 1.458, -0.331, 1.828, 0.282, -0.636, 1.423,
    -0.703, 1.808, 1.888, 1.278, 1.069, 1.567, -0.324, -0.630, 0.449, -0.402, -0.512, -0.624, 0.070, -0.835, -0.512,
    -0.707, -0.671,
)
PLAY_CARD_OWN = (
    0.431, 0.125, -0.017, -0.187, 0.772, -0.131, -0.284, -0.687, 1.297, -1.105, 0.813, 0.055, 0.605, -0.073, -0.939,
    -0.360, 0.855, 0.135, -0.527, -0.264, 0.921, 0.040, -0.025, -0.216, 0.609, 0.278, 0.095, 0.382, 0.629, -0.319,
    -0.488, -0.470,
)
TRACK = "now"  # the track each past turn is read against: "now", or "undo" (each later Play's strengthening undone)
NAMED_OWN = 532 / 1331  # accusations of normal bots naming the accuser's own clan (the same turns)
LEADER = [c.leader for c in CARDS]


def setup_card(held: list[int], height: dict[int, int]) -> int:
    """The card the normal bot lays as clan card from ``held`` (heuristic.choose_clan_card, on card indices)."""
    counts: dict[int, int] = {}
    for c in held:
        counts[CARD_CLAN[c]] = counts.get(CARD_CLAN[c], 0) + 1
    clan = max(counts, key=lambda k: (counts[k] + 0.6 * height[k], -k))
    return min((c for c in held if CARD_CLAN[c] == clan), key=lambda c: (LEADER[c], c))


def turn_likelihood(kind: str, card: int, hand: list[int], clan: int, height: list[int]) -> float:
    """P(the normal bot with ``clan`` and ``hand`` picks ``kind`` with ``card``) under MODEL, the clans at
    ``height`` (3 at the top), mixed with EPSILON of a uniform pick among every kind and card."""
    counts = [0, 0, 0, 0]
    for c in hand:
        counts[CARD_CLAN[c]] += 1
    total = 0.0
    for name, (other, own, per, up, own_up) in MODEL.items():
        for c in hand:
            k = CARD_CLAN[c]
            h = height[k]
            u = (own + own_up * h if k == clan else other) + per * counts[k] + up * h
            if name == "play":
                u += PLAY_CARD[c] + (PLAY_CARD_OWN[c] if k == clan else 0.0)
            total += math.exp(u)
            if name == kind and c == card:
                chosen = math.exp(u)
    p = chosen / total
    return (1 - EPSILON) * p + EPSILON / (len(KINDS) * len(hand))


class Record:
    """One opponent's turns since the last event that hides its earlier hand (chronological), and whether they go
    back to its set-up. ``acts``: (kind, card, named clan, each clan's height then) with the Change's card being
    the clan card given up."""

    __slots__ = ("seat", "acts", "setup", "denied")

    def __init__(self, seat: int, acts: list[tuple[str, int, int, list[int]]], setup: bool, denied: int):
        self.seat, self.acts, self.setup, self.denied = seat, acts, setup, denied


def heights_before(public: dict[str, Any]) -> list[list[int]]:
    """Per history entry, each clan's height (3 at the top) when it happened, as far as the record tells: the
    track now with each later Play's strengthening undone (TRACK "undo"; an effect's moves are not recorded, and
    a clan blocked at the top is taken to have moved), or the track now (TRACK "now")."""
    track = [CLAN_INDEX[k] for k in public["track"]]
    out = []
    for e in reversed(public["history"]):
        if TRACK == "undo" and e["kind"] == "play":
            i = track.index(CARD_CLAN[CARD_INDEX[e["card"]]])
            if i < 3:
                track[i], track[i + 1] = track[i + 1], track[i]
        height = [0] * 4
        for i, k in enumerate(track):
            height[k] = 3 - i
        out.append(height)
    out.reverse()
    return out


def records(obs: dict[str, Any], seat: int, skip: set[int]) -> list[Record]:
    """A Record per opponent whose clan card the seat does not know (and not in ``skip``)."""
    public, mine = obs["public"], obs["private"]
    n = public["players"]
    acts: list[list[tuple[str, int, int, list[int]]]] = [[] for _ in range(n)]
    setup = [True] * n
    for e, height in zip(public["history"], heights_before(public)):
        kind, p = e["kind"], e["seat"]
        if kind == "play":
            acts[p].append(("play", CARD_INDEX[e["card"]], -1, height))
        elif kind == "accuse" and e["card"] is not None:  # a Duelist's guess (no discard) is an effect, not a turn
            acts[p].append(("accuse", CARD_INDEX[e["card"]], CLAN_INDEX[e["clan"]], height))
        elif kind == "change":
            acts[p].append(("change", CARD_INDEX[e["old"]], -1, height))
        elif kind in ("hand_exchange", "clan_exchange"):
            for q in (p, e["target"]):
                acts[q], setup[q] = [], False
        elif kind == "pass_clans":
            acts, setup = [[] for _ in range(n)], [False] * n
    out = []
    for info in public["players_info"]:
        p = info["seat"]
        if p == seat or p in skip or not info["placed"] or info["face_up"] or str(p) in mine["known_clans"]:
            continue
        denied = sum(1 << CLAN_INDEX[k] for k in info["denied"])
        out.append(Record(p, acts[p], setup[p], denied))
    return out


def likelihood(record: Record, hand: list[int], clan_card: int, start: dict[int, int]) -> float:
    """P(the opponent's recorded turns and set-up | it holds ``hand`` and ``clan_card`` now) under the normal policy,
    read back in time from now (``start``: each clan's height at set-up)."""
    hand = list(hand)
    clan = clan_card
    weight = 1.0
    for kind, card, named, height in reversed(record.acts):
        if kind == "change":  # ``card`` was its clan card; the one it chose is the clan card after the Change
            hand.append(clan)
            weight *= turn_likelihood("change", clan, hand, CARD_CLAN[card], height)
            clan = card
        else:
            hand.append(card)
            k = CARD_CLAN[clan]
            weight *= turn_likelihood(kind, card, hand, k, height)
            if kind == "accuse":
                weight *= NAMED_OWN if named == k else (1 - NAMED_OWN) / 3
    if record.setup:
        held = hand + [clan]
        weight *= (1 - EPSILON_SETUP) * (setup_card(held, start) == clan) + EPSILON_SETUP / len(held)
    return weight


class Reading:
    """``draw(rng)``: a world for the seat of ``view``, weighed as the module says. The pool is dealt on the first
    draw, from that draw's generator."""

    def __init__(self, view: View, pool: int | None = None):
        obs = view.observation
        self.view, self.size = view, POOL if pool is None else pool
        self.height = {CLAN_INDEX[k]: 3 - i for i, k in enumerate(obs["public"]["start_track"])}
        self.known_hand = {int(p): {CARD_INDEX[c] for c in cs} for p, cs in obs["private"]["known_hands"].items()}
        known_held = {int(p) for p in obs["private"]["known_held"]}
        self.records = records(obs, view.seat, known_held)
        self.pool: list[tuple[Any, list[tuple[int, list[int], list[float]]]]] | None = None
        self.weights: list[float] = []

    def candidates(self, world: Any, r: Record) -> tuple[list[int], list[float]]:
        """The cards that may be ``r``'s clan card in ``world`` and each one's weight."""
        p = r.seat
        known = self.known_hand.get(p, ())
        held = world.hands[p] + [world.clan_card[p]]
        cards = [c for c in held if c not in known and not r.denied >> CARD_CLAN[c] & 1]
        weights = []
        for c in cards:
            hand = [h for h in held if h != c]
            weights.append(likelihood(r, hand, c, self.height) ** TEMPER)
        return cards, weights

    def fill(self, rng: random.Random) -> None:
        self.pool, self.weights = [], []
        for _ in range(self.size):
            world = self.view.sample(rng)
            weight, picks = 1.0, []
            for r in self.records:
                cards, weights = self.candidates(world, r)
                total = sum(weights)
                weight *= total
                if total <= 0:
                    break
                picks.append((r.seat, cards, weights))
            self.pool.append((world, picks))
            self.weights.append(weight)
        if not any(self.weights):
            self.weights = [1.0] * len(self.pool)

    def draw(self, rng: random.Random) -> Any:
        if self.pool is None:
            self.fill(rng)
        world, picks = rng.choices(self.pool, self.weights)[0]  # type: ignore[arg-type]
        world = world.clone()
        for p, cards, weights in picks:
            swap(world, p, rng.choices(cards, weights)[0])
        return world

    def clans(self) -> dict[int, list[float]]:
        """Per unknown opponent, P(its clan is k) over the pool (each world's weight times its cards' weights)."""
        out = {r.seat: [0.0] * 4 for r in self.records}
        for (_, picks), weight in zip(self.pool or (), self.weights):
            for p, cards, weights in picks:
                total = sum(weights)
                row = out[p]
                for c, w in zip(cards, weights):
                    row[CARD_CLAN[c]] += weight * w / total
        for row in out.values():
            total = sum(row) or 1.0
            row[:] = [x / total for x in row]
        return out


def determinizer(view: View):
    """ISMCTS's worlds read as the normal bot's: a pool of its own per decision."""
    return Reading(view).draw


def root_actions(view: View, legal: list[Any]) -> list[Any]:
    """Every move but the accusations the reading gives less than ACCUSE_AT of being right (a seat whose clan the
    seat knows is right or wrong for sure). Its own pool, dealt from a generator seeded by the position (a research
    lever, not in the advice, so it does not share the search's pool)."""
    r = Reading(view)
    obs = view.observation
    r.fill(random.Random(f"{view.seat}:{obs['public']['turn']}:{len(obs['public']['history'])}"))
    probs = r.clans()
    for p, card in obs["private"]["known_clans"].items():
        probs[int(p)] = [float(k == CARD_CLAN[CARD_INDEX[card]]) for k in range(4)]
    keep = []
    for a in legal:
        if a.kind == "accuse":
            row = probs.get(a.target)
            if row is None or row[CLAN_INDEX[a.clan]] < ACCUSE_AT:
                continue
        keep.append(a)
    return keep


class Advice:
    """Prowl's advice to ISMCTS: only the worlds of ``worlds=belief`` (no evaluator, no pruning, no root_actions),
    which the ``hard`` level uses; a search with the default uniform worlds is the plain search."""

    determinizer = staticmethod(determinizer)


ADVICE = Advice()
