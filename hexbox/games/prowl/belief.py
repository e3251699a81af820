"""Worlds for a Prowl search: dealt as ``view.sample`` deals them, then weighed by what each opponent's own choices
say of its secret clan, act by act. Since 7 December ``worlds=belief`` draws opponent.py's worlds instead, which
read the same record in each world's hands and against the track (true clan 58% of the time against 45% here, and
82 wins of 200 tuning deals against 69 in the search below, at 0.64 of its CPU), and are the ``hard`` level's;
this reading stays for comparison.

Measured (7 December, benchmarks/clairvoyant.py's deals, the subject seat rotated among three normal bots): these
worlds give each opponent its true clan 43% of the time where uniform worlds give 29%, but
``ismcts:iters=300+worlds=belief`` won 68 of 200 deals (seeds 1000-1099 and 0-99) where the plain
``ismcts:iters=300`` (then the ``hard`` level) won 69, at 1.7 times its time.

``view.sample`` (hidden.py) deals every consistent world alike: an opponent backing the clan it holds least is as
likely there as one backing the clan it holds most. People (and the other bots) do not play like that. Two things
an opponent did are read, each under the hypothesis "its clan card is this card":

- **its set-up choice** (R8): a player backs the clan it holds most, ties toward the clan higher on the track, and
  keeps its leaders in hand (the ``normal`` bot's rule, heuristic.choose_clan_card, and the obvious one for a
  person). An opponent that has not Changed and whose cards no effect has moved held, at set-up, exactly its
  hand, its clan card and every card it has since discarded or has in front of it (all public but the first
  two): in each world that hand is known, and so is how likely its clan card was chosen from it;
- **its acts since its clan card was laid** (ACTS): a player tends to strengthen its own clan (R16), to accuse
  others of backing it, not to throw a card of it away to accuse (R27), and a Change rarely lays a card of the
  clan just given up (R25).

The model is mixed with ``EPSILON`` of "any card alike", so that a player who chose otherwise (a bluff, a person
keeping a Summer leader) lowers a world's weight without ruling it out: with ``epsilon=1`` the worlds are
``view.sample``'s.

Drawing: a world from ``view.sample``; for each such opponent, its clan card is drawn again among the cards it
holds (its hand and clan card; not a card the seat knows to be in its hand, nor one of a clan publicly denied to
it), each in proportion to its likelihood; the world is kept with the probability given by those likelihoods
summed (how well the cards dealt to it explain what it did: a deal in which it played three Summer cards and
holds no other is kept rarely if Summer was its likeliest clan), up to ``TRIES`` draws (then the best-weighed
of them). Everything read is the seat's observation and the world drawn from its view: a past set-up is rebuilt
from the public discards and attachments, which the observation keeps per seat.
"""

from __future__ import annotations

import math
import random
from typing import Any

from hexbox.core import View

from .cards import CARD_CLAN, CARD_INDEX, CARDS, CLAN_INDEX

EPSILON = 0.05  # the share of "any card alike" in each opponent's model
BETA = 3.0  # how sharply a player prefers the clan it holds most (score: cards held + 0.6 x height, as the bot's)
TRIES = 20  # draws before the best-weighed one is taken: a bound on the time a decision spends dealing
LEADER = [c.leader for c in CARDS]


class Opponent:
    """What the observation says of one opponent's clan card: the cards it has used since set-up (None when a
    Change or an exchange makes its set-up hand unknown), the clans it strengthened since its clan card was last
    replaced, and the clans publicly denied to it."""

    __slots__ = ("seat", "used", "acts", "denied")

    def __init__(self, seat: int, used: list[int] | None, acts: list[float], denied: int):
        self.seat, self.used, self.acts, self.denied = seat, used, acts, denied


# How often an opponent's public act names its own clan, against any one other clan, counted over 40 games of four
# normal bots (seeds 0-39, 7 December): 152 of 411 plays strengthen the player's clan, 118 of 257 accusations
# name it, 16 of 257 discard a card of it, 5 of 132 Changes lay a card of the clan just given up. Hence the
# likelihood of each act under "its clan is k", for k the clan the act names and for any other
ACTS = {
    "play": (152 / 411, (1 - 152 / 411) / 3),
    "accuse": (118 / 257, (1 - 118 / 257) / 3),
    "discard": (16 / 257, (1 - 16 / 257) / 3),
    "change": (5 / 132, (1 - 5 / 132) / 3),
}


def clues(obs: dict[str, Any]) -> list[list[float]]:
    """Per seat, per clan k, the likelihood of its public acts since its clan card was last replaced, were its
    clan k (ACTS), scaled so that the likeliest clan has 1."""
    public = obs["public"]
    n = public["players"]
    out = [[1.0] * 4 for _ in range(n)]

    def seen(p: int, act: str, clan: int) -> None:
        yes, no = ACTS[act]
        row = out[p]
        for k in range(4):
            row[k] *= yes if k == clan else no

    for e in public["history"]:
        kind, p = e["kind"], e["seat"]
        if kind == "play":
            seen(p, "play", CARD_CLAN[CARD_INDEX[e["card"]]])
        elif kind == "accuse":
            seen(p, "accuse", CLAN_INDEX[e["clan"]])
            if e["card"] is not None:
                seen(p, "discard", CARD_CLAN[CARD_INDEX[e["card"]]])
        elif kind == "change":  # a new clan card: older acts say little of it, but it is rarely of the old clan
            out[p] = [1.0] * 4
            seen(p, "change", CARD_CLAN[CARD_INDEX[e["old"]]])
        elif kind == "clan_exchange":
            out[p] = [1.0] * 4
            out[e["target"]] = [1.0] * 4
        elif kind == "pass_clans":
            out = [[1.0] * 4 for _ in range(n)]
    for row in out:
        top = max(row)
        row[:] = [r / top for r in row]
    return out


def opponents(obs: dict[str, Any], seat: int) -> list[Opponent]:
    """The opponents whose clan card the seat does not know, with what their public record says."""
    public, mine = obs["public"], obs["private"]
    unclean: set[int] = set()
    for e in public["history"]:
        kind = e["kind"]
        if kind == "change":
            unclean.add(e["seat"])
        elif kind in ("hand_exchange", "clan_exchange"):
            unclean.update((e["seat"], e["target"]))
        elif kind == "pass_clans":
            unclean.update(range(public["players"]))
    acts = clues(obs)
    out = []
    for info in public["players_info"]:
        p = info["seat"]
        if p == seat or not info["placed"] or info["face_up"] or str(p) in mine["known_clans"]:
            continue
        used = None
        if p not in unclean:
            used = [CARD_INDEX[c] for c in info["discards"]] + [CARD_INDEX[a["card"]] for a in info["attachments"]]
        denied = sum(1 << CLAN_INDEX[k] for k in info["denied"])
        out.append(Opponent(p, used, acts[p], denied))
    return out


def choice_weights(held: list[int], height: dict[int, int], beta: float = BETA) -> dict[int, float]:
    """P(a card of ``held``, the set-up hand, is the one laid as clan card) under the model: a clan by
    softmax(beta x (its cards + 0.6 x its height)), then a card of it, non-leaders first."""
    counts: dict[int, list[int]] = {}
    for c in held:
        counts.setdefault(CARD_CLAN[c], []).append(c)
    scores = {k: len(cs) + 0.6 * height[k] for k, cs in counts.items()}
    top = max(scores.values())
    exp = {k: math.exp(beta * (s - top)) for k, s in scores.items()}
    total = sum(exp.values())
    out = dict.fromkeys(held, 0.0)
    for k, cs in counts.items():
        plain = [c for c in cs if not LEADER[c]] or cs
        for c in plain:
            out[c] = exp[k] / total / len(plain)
    return out


class Belief:
    """``draw(rng)``: a world for the seat of ``view``, weighed as the module says."""

    def __init__(
        self, view: View, epsilon: float = EPSILON, beta: float = BETA, tries: int = TRIES, setup: bool = True
    ):
        obs = view.observation
        self.view, self.epsilon, self.beta, self.tries, self.setup = view, epsilon, beta, tries, setup
        self.seat = view.seat
        self.height = {CLAN_INDEX[k]: 3 - i for i, k in enumerate(obs["public"]["start_track"])}
        self.known_hand = {int(p): {CARD_INDEX[c] for c in cs} for p, cs in obs["private"]["known_hands"].items()}
        self.known_held = {int(p) for p in obs["private"]["known_held"]}
        self.opponents = [o for o in opponents(obs, self.seat) if o.seat not in self.known_held]

    def candidates(self, world: Any, o: Opponent) -> tuple[list[int], list[float], float]:
        """The cards that may be ``o``'s clan card in ``world``, each one's weight, and their sum (at most 1)."""
        p = o.seat
        known = self.known_hand.get(p, ())
        now = world.clan_card[p]
        cards = [c for c in world.hands[p] if c not in known] + [now]
        cards = [c for c in cards if not o.denied >> CARD_CLAN[c] & 1]
        plays, eps = o.acts, self.epsilon
        if o.used is not None and self.setup:
            held = world.hands[p] + [now] + o.used
            model = choice_weights(held, self.height, self.beta)
            weights = [(1 - eps) * model[c] * plays[CARD_CLAN[c]] + eps / len(held) for c in cards]
        else:  # the set-up hand is unknown: its acts alone, among the cards it may hold
            weights = [((1 - eps) * plays[CARD_CLAN[c]] + eps) / len(cards) for c in cards]
        return cards, weights, sum(weights)

    def draw(self, rng: random.Random) -> Any:
        best, best_weight = None, -1.0
        for _ in range(self.tries):
            world = self.view.sample(rng)
            weight = 1.0
            picks = []
            for o in self.opponents:
                cards, weights, total = self.candidates(world, o)
                if total <= 0:
                    weight = 0.0
                    break
                weight *= total
                picks.append((o.seat, cards, weights))
            if weight > best_weight:
                best, best_weight, best_picks = world, weight, picks
            if rng.random() < weight:
                break
        world = best
        for p, cards, weights in best_picks:
            swap(world, p, rng.choices(cards, weights)[0])
        return world


def swap(world: Any, p: int, card: int) -> None:
    """Make ``card``, one of p's hand cards (or its clan card already), p's clan card; the old one goes to its hand.
    Records of p's clan card by other seats (a peek) follow it: they knew the card that is p's clan card."""
    old = world.clan_card[p]
    if card == old:
        return
    hand = world.hands[p]
    hand.remove(card)
    hand.append(old)
    hand.sort()
    world.clan_card[p] = card
    if any(row[p] == old for row in world.known_clans):
        world.own_clans()
        for row in world.known_clans:
            if row[p] == old:
                row[p] = card


def determinizer(view: View):
    """Worlds drawn from the belief of the view's seat (ISMCTS's ``worlds=belief`` until 7 December; now
    opponent.py's, which finds more clans: benchmarks/prowl_reading.py ``clairvoyant --belief-py`` plays these)."""
    return Belief(view).draw
