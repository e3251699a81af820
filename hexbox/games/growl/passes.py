"""What the last Night's passing says of the two neighbours' hands, read as the ``normal`` bot passes.

At Night a seat receives one card from each neighbour it passed to (an unsorted pair, R28), and the ``normal`` bot
passes the pair of hand cards that scores best (heuristic.Mind: each card's ``send`` to that side less its
``keep``). So whatever the neighbour kept after passing scored no better for this seat's side than the card it
sent here: a human that passed a Gold kept no Wound, a werewolf that passed a Gold kept no Bite. Those scores rank
the base game's cards the same way whatever the neighbour's suspicions (Wound, then Bite for a werewolf, then
Gold, Charm, Salve), so the reading needs little of the neighbour's mind; its foe of this seat is worked out from
the public gifts as the bot would (humans hold a harmful gift against the giver), the rest of its suspicions are
not known and left at the bot's prior.

``reading(obs)`` gathers from the seat's own log what it needs, once a decision; ``likelihood(world, r)`` weighs a
world (hands and teams dealt) by how likely the two neighbours' passes are in it: 1 if every kept card scores no
better than the card sent, ``ONE_OFF`` if exactly one copy does (it may be the card the neighbour got from its other
side, which the world deals but this seat cannot place), else 0; mixed with ``EPS`` of "anything" so that a person,
or a bot's random move, is not ruled out by one pass. The neighbour's hand at the passing is the world's hand less
the public Day gifts it got since and the card this seat passed it; its team and icons are the world's now.
"""

from __future__ import annotations

import types
from dataclasses import dataclass
from typing import Any

from .cards import BITE, HAND, IDS, INDEX, STARTER
from .heuristic import Mind
from .views import merged_events

EPS = 0.1  # "anything": the normal bot's own 5% random moves, a person, and what the reading leaves out
ONE_OFF = 0.5  # one better card kept: it may be the one the neighbour received from its other side
MARGIN = 0.15  # a kept card must score this much better than the one sent to count against the world
HARMFUL = frozenset({"bite", "wound", "cursed_charm", "cursed_gold", "holy_water", "hex", "infection",
                     "tanglevine"})
HELPFUL = frozenset({"salve", "super_salve", "charm", "gold"})
# a Night card resolved after the passing that moves hands unseen: the reading no longer knows what they hold
UNSEEN_MOVES = frozenset({"the_gift", "the_sleepwalkers", "the_tempest", "all_hallows_eve"})


@dataclass(frozen=True)
class Reading:
    me: int
    sent: dict[int, int]  # neighbour -> the card index this seat passed it
    got: tuple[tuple[tuple[int, int], ...], ...]  # the ways the cards received can have come: ((from, card), ...)
    since: dict[int, list[int]]  # neighbour -> the cards the table saw it get since the passing
    harm: dict[int, int]  # neighbour -> harmful Day gifts this seat gave it before the passing
    help: dict[int, int]  # the same, helpful ones
    zeroes: int
    n: int


def reading(obs: dict[str, Any]) -> Reading | None:
    """What the seat's last Night passing showed it, or None when there is nothing to read (no passing yet, the
    seat or a neighbour passed nothing, The Gift mixed a card in, or hands moved unseen since)."""
    me, n = obs["seat"], obs["public"]["players"]
    harm = [0] * n
    help_ = [0] * n
    passed = False
    sent: dict[int, int] = {}
    got: Any = None
    since: dict[int, list[int]] = {}
    then: tuple[list[int], list[int]] = ([], [])
    spoilt = False
    for e in merged_events(obs):
        kind, d = e["kind"], e["data"]
        if kind == "turn":
            continue
        if kind == "night_passing":
            passed, sent, got, since, spoilt = True, {}, None, {}, False
            then = (harm[:], help_[:])
        elif kind == "sent":
            if d["from"] == me:
                if d["side"] == "gift":
                    spoilt = True
                else:
                    sent[d["to"]] = INDEX[d["card"]]
        elif kind == "received":
            got = d
        elif kind == "gave":
            t, card = d["to"], d["card"]
            if t is None:
                continue
            if passed and card in IDS[:HAND]:
                since.setdefault(t, []).append(INDEX[card])
            if d["seat"] == me and t != me:
                harm[t] += card in HARMFUL
                help_[t] += card in HELPFUL
        elif kind == "night_card" and passed and d["card"] in UNSEEN_MOVES:
            spoilt = True
    if not passed or spoilt or got is None or len(sent) != 2 or len(got["cards"]) != 2:
        return None
    cards = [INDEX[c] for c in got["cards"]]
    a, b = sorted(sent)
    if got["senders"] is not None:
        ways: tuple = (tuple((x["from"], INDEX[x["card"]]) for x in got["senders"]),)
        if {s for s, _ in ways[0]} != {a, b}:
            return None
    elif cards[0] == cards[1]:
        ways = (((a, cards[0]), (b, cards[1])),)
    else:
        ways = (((a, cards[0]), (b, cards[1])), ((a, cards[1]), (b, cards[0])))
    options = obs["public"]["options"]
    zeroes = STARTER[n][0] if not (n == 10 and options["starter_bites_10p"] == 4) else 4
    return Reading(me, sent, ways, since, {s: then[0][s] for s in sent}, {s: then[1][s] for s in sent}, zeroes, n)


def _mind(world: Any, r: Reading, o: int, hand: list[int]) -> Any:
    """The few parts of heuristic.Mind that ``send`` and ``keep`` read, for neighbour ``o`` at the passing."""
    wolf = world.wolf[o]
    base = (r.zeroes - (1 if world.zero[o] else 0) + 0.3) / max(1, r.n - 1)
    p = min(0.9, base)
    if not wolf:  # a werewolf's bot does not hold gifts against their givers
        p += 0.12 * r.harm[o] - 0.08 * r.help[o]
    p = min(0.98, max(0.02, p))
    foes = [0.0] * r.n
    foes[r.me] = 1.0 - p if wolf else 2 * p - 1
    return types.SimpleNamespace(wolf=wolf, foes=foes, hand={IDS[c]: k for c, k in enumerate(hand) if k},
                                 icons={"net_wounds": world.net_wounds(o), "net_bites": world.net_bites(o)})


def _passed_as_normal(world: Any, r: Reading, o: int, card: int) -> float:
    """How well neighbour ``o``'s kept cards in ``world`` agree with its having passed ``card`` to this seat."""
    human = not world.wolf[o]
    if human and card == BITE:
        return 0.0  # R26
    hand = world.hands[o][:]
    for c in r.since.get(o, ()):
        hand[c] -= 1
    hand[r.sent[o]] -= 1
    hand = [max(0, k) for k in hand]
    mind = _mind(world, r, o, hand)
    me = r.me

    def value(c: int) -> float:
        name = IDS[c]
        return Mind.send(mind, name, me) - Mind.keep(mind, name)

    bar = value(card) + MARGIN
    better = sum(k for c, k in enumerate(hand) if k and not (human and c == BITE) and value(c) > bar)
    return 1.0 if better == 0 else ONE_OFF if better == 1 else 0.0


def likelihood(world: Any, r: Reading) -> float:
    """P(the passes this seat received | the world), up to a constant, in [EPS², 1]."""
    fit = 0.0
    for way in r.got:
        x = 1.0
        for o, card in way:
            x *= EPS + (1.0 - EPS) * _passed_as_normal(world, r, o, card)
        fit += x
    return fit / len(r.got)
