"""``resample`` (spec §7): re-deal every card a seat cannot know, keeping all it has seen or can infer for certain.

Re-dealt: opponents' face-down clan cards the seat does not know, opponents' hand cards it does not know, the
box, and the order and contents of the two-player deck. The re-deal is a permutation of card identities among
those places; every other record naming a re-dealt card (other seats' knowledge, an open Mist Weaver choice)
is renamed through it, so that other seats' knowledge stays true in the new world. Public denials (R31) are
respected: a denied clan never lands on the clan card it was denied for.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .cards import CARD_CLAN, MIST_WEAVER

if TYPE_CHECKING:
    from .rules import ProwlState


def resample(state: ProwlState, seat: int, rng: random.Random) -> ProwlState:
    world = state.clone()
    world.rng = state.reseeded(rng)
    if state.is_over:
        return world  # R44: everything is revealed
    n = state.n
    places: list[tuple[int, int]] = []  # (seat, hand slot) or (seat, -1) for a clan card
    cards: list[int] = []
    for p in range(n):
        if p == seat:
            continue
        known = state.known_hand[seat][p]
        for i, c in enumerate(state.hands[p]):
            if c not in known:
                places.append((p, i))
                cards.append(c)
        c = state.clan_card[p]
        if c >= 0 and not state.face_up[p] and state.known_clans[seat][p] < 0:
            places.append((p, -1))
            cards.append(c)
    cards += state.box
    cards += state.deck
    forbidden = [state.denied[p] if i < 0 else 0 for p, i in places]
    deal = _deal(cards, forbidden, rng)
    rename = dict(zip(cards, deal))
    k = 0
    for (p, i), c in zip(places, deal):
        if i < 0:
            world.clan_card[p] = c
        else:
            world.hands[p][i] = c
        k += 1
    for p in range(n):
        world.hands[p].sort()
    world.box = sorted(deal[k: k + len(state.box)])
    world.deck = deal[k + len(state.box):]
    for o in range(n):
        if o == seat:
            continue
        row = world.known_clans[o]
        world.known_clans[o] = [rename.get(c, c) for c in row]
        world.known_hand[o] = [tuple(sorted(rename.get(c, c) for c in known)) for known in world.known_hand[o]]
    prompt = state.prompt
    if prompt is not None and prompt[0] == MIST_WEAVER and prompt[3] >= 0:
        world.prompt = (prompt[0], prompt[1], prompt[2], rename.get(prompt[3], prompt[3]))
    return world


def _deal(cards: list[int], forbidden: list[int], rng: random.Random) -> list[int]:
    """A shuffle of ``cards`` such that place i never gets a clan in the bit mask ``forbidden[i]``.

    Rejection keeps the deal uniform over valid ones; the places with denials are few (clan cards only), so a
    greedy fill of the constrained places first is a rarely needed fallback, and the true deal is always valid.
    """
    deal = cards[:]
    constrained = [i for i, mask in enumerate(forbidden) if mask]
    for _ in range(64):
        rng.shuffle(deal)
        if all(not (forbidden[i] >> CARD_CLAN[deal[i]]) & 1 for i in constrained):
            return deal
    for _ in range(64):
        pool = cards[:]
        rng.shuffle(pool)
        out = [-1] * len(cards)
        ok = True
        for i in constrained:
            pick = next((c for c in pool if not (forbidden[i] >> CARD_CLAN[c]) & 1), -1)
            if pick < 0:
                ok = False
                break
            pool.remove(pick)
            out[i] = pick
        if ok:
            rest = iter(pool)
            return [c if c >= 0 else next(rest) for c in out]
    return cards[:]
