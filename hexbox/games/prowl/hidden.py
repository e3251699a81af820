"""``resample`` (docs/games/prowl.md): re-deal every card a seat cannot know, keeping all it has seen or can
infer for certain.

Re-dealt: opponents' face-down clan cards the seat does not know, opponents' hand cards it does not know, the
box, and the order and contents of the two-player deck. Kept: everything public and the seat's knowledge —
clan cards it knows, cards it knows in a hand, and cards it knows to be "in that player's hand or clan card"
(after that player Changed). Public denials (R31) hold: a denied clan never lands on the clan card it was
denied for. The re-deal is a permutation of card identities among the re-dealt places; every other record
naming a re-dealt card (other seats' knowledge, an open Mist Weaver choice) is renamed through it, so that
other seats' knowledge stays true in the new world.
"""

from __future__ import annotations

import random

from . import effects
from .cards import CARD_CLAN, MIST_WEAVER
from .state import ProwlState

TRIES = 100


def resample(state: ProwlState, seat: int, rng: random.Random) -> ProwlState:
    world = state.clone()
    world.rng = state.reseeded(rng)
    if state.is_over:
        return world  # R44: everything is revealed
    n = state.n
    known_hand, known_clans = state.known_hand[seat], state.known_clans[seat]
    # the re-dealt places, in order: each opponent's unknown hand cards then its unknown clan card, then the box,
    # then the deck; ``cards`` holds what lies there now
    cards: list[int] = []
    places: list[tuple[int, int, int, list[int]]] = []  # (player, first hand place, its clan place or -1, kept)
    constrained: list[tuple[int, int]] = []  # (place, denied clans) for the clan cards that carry denials
    for p in range(n):
        if p == seat:
            continue
        first = len(cards)
        hand, known = state.hands[p], known_hand[p]
        if known:
            kept = [c for c in hand if c in known]
            cards += [c for c in hand if c not in known]
        else:
            kept = []
            cards += hand
        clan = -1
        c = state.clan_card[p]
        if c >= 0 and not state.face_up[p] and known_clans[p] < 0:
            clan = len(cards)
            if state.denied[p]:
                constrained.append((clan, state.denied[p]))
            cards.append(c)
        places.append((p, first, clan, kept))
    hidden = len(cards)
    cards += state.box
    cards += state.deck
    held: dict[int, tuple[int, ...]] = {}  # cards known "in hand or clan" of a player (only after a Mist Weaver)
    places_of: dict[int, list[int]] = {}
    if state.hands_seen:
        held = {p: state.known_held[seat][p] for p in range(n) if p != seat and state.known_held[seat][p]}
        places_of = {p: list(range(first, hidden if i + 1 == len(places) else places[i + 1][1]))
                     for i, (p, first, _, _) in enumerate(places) if p in held}
    deal = _deal(cards, places_of, constrained, held, rng)
    hands, clan_card = world.hands, world.clan_card
    for p, first, clan, kept in places:
        new_hand = deal[first: clan if clan >= 0 else first + len(hands[p]) - len(kept)]
        new_hand += kept
        new_hand.sort()
        hands[p] = new_hand
        if clan >= 0:
            clan_card[p] = deal[clan]
    hands[seat].sort()
    world.box = sorted(deal[hidden: hidden + len(state.box)])
    world.deck = deal[hidden + len(state.box):]
    get = dict(zip(cards, deal)).get
    for o in range(n):
        if o != seat and max(world.known_clans[o]) >= 0:
            world.own_clans()
            world.known_clans[o] = [get(c, c) for c in world.known_clans[o]]
    if state.hands_seen:
        world.own_hands()
        for o in range(n):
            for rows in (world.known_hand, world.known_held):
                if o != seat and any(rows[o]):
                    rows[o] = [tuple(get(c, c) for c in known) for known in rows[o]]
    prompt = state.prompt
    if prompt is not None:
        if prompt[0] == MIST_WEAVER and prompt[3] >= 0:
            world.prompt = (prompt[0], prompt[1], prompt[2], get(prompt[3], prompt[3]))
        world.answers = effects.open_answers(world)  # they may depend on what was re-dealt (a hand, a clan card)
    return world


def _deal(cards: list[int], places_of: dict[int, list[int]], constrained: list[tuple[int, int]],
          held: dict[int, tuple[int, ...]], rng: random.Random) -> list[int]:
    """A random re-deal of ``cards`` over their places (``places_of`` names the places of the players in ``held``).

    Cards a player is known to hold go to random places of that player; places carrying a denial are filled
    next, each with a random allowed card; the rest at random. A deal that breaks a denial is retried; the
    true deal satisfies everything, so it is the (rare) last resort.
    """
    if not held and not constrained:  # the common case: one shuffle, drawn exactly as the general case would
        deal = cards[:]
        rng.shuffle(deal)
        return deal
    fixed = {c for cs in held.values() for c in cs}
    free = [c for c in cards if c not in fixed]
    for _ in range(TRIES):
        out = [-1] * len(cards)
        for p, cs in held.items():
            for i, c in zip(rng.sample(places_of[p], len(cs)), rng.sample(cs, len(cs))):
                out[i] = c
        pool = free[:]
        rng.shuffle(pool)
        ok = True
        for i, denied in constrained:
            if out[i] < 0:
                pick = next((c for c in pool if not denied >> CARD_CLAN[c] & 1), -1)
                if pick < 0:
                    ok = False
                    break
                pool.remove(pick)
                out[i] = pick
            elif denied >> CARD_CLAN[out[i]] & 1:
                ok = False
                break
        if ok:
            rest = iter(pool)
            return [c if c >= 0 else next(rest) for c in out]
    return cards[:]
