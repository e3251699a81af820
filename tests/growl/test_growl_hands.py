"""Teams that agree with the hands in the belief's worlds (hands.py, belief.determinizer)."""

from __future__ import annotations

import random

from hexbox.core import View, load
from hexbox.games.growl import belief, hands
from hexbox.games.growl.cards import BITE, CARDS, GOLD, HAND
from hexbox.games.growl.heuristic import Heuristic


def start(seed=5, players=6):
    """A table before the first Night card: every seat still holds its starting card."""
    state = load("growl", players).new_state(seed=seed)
    rng, bot = random.Random(seed), Heuristic()
    for _ in range(4):
        actors = state.actors
        seat = actors[0] if len(actors) == 1 else rng.choice(actors)
        state.apply(seat, bot.act(View.of(state, seat), rng))
    return state


def test_the_weights_are_per_hand_card_and_a_bite_looks_a_werewolfs():
    w = hands.weights()
    assert len(w) == 3 and all(len(stage) == HAND for stage in w)
    assert all(stage[BITE] > 0 for stage in w)
    assert w[0][GOLD] < 0  # before any Night a human still holds its starting Gold (R7)
    assert [c.id for c in CARDS[:HAND]][BITE] == "bite"


def test_a_seat_holding_more_unseen_bites_looks_more_a_werewolfs():
    state = start()
    me = 0
    world = View.of(state, me).sample(random.Random(0))
    s = 1
    before = hands.ratios(world, me, [s])[0]
    world.hands[s][BITE] += 1
    assert hands.ratios(world, me, [s])[0] > before


def wolf_bites(draw, me, seats, rng, worlds):
    """Mean unseen Bites of the seats a world makes werewolves, less those of the seats it makes human."""
    diff, n = 0.0, 0
    for _ in range(worlds):
        w = draw(rng)
        wolves = [s for s in seats if w.wolf[s]]
        humans = [s for s in seats if not w.wolf[s]]
        if wolves and humans:
            bites = {s: w.hands[s][BITE] - w.known_hand(me, s)[BITE] for s in seats}
            diff += sum(bites[s] for s in wolves) / len(wolves) - sum(bites[s] for s in humans) / len(humans)
            n += 1
    return diff / n


def test_the_worlds_werewolves_hold_the_bites_as_a_deal_would():
    state = start()
    me = next(s for s in range(state.n) if not state.wolf[s])
    view = View.of(state, me)
    p = belief.posterior(view.observation)
    seats = [s for s in range(state.n) if s != me and 0.0 < p[s] < 1.0]
    assert seats
    weighed = wolf_bites(belief.determinizer(view, hand=True), me, seats, random.Random(1), 300)
    plain = wolf_bites(belief.determinizer(view, hand=False), me, seats, random.Random(1), 300)
    assert weighed > plain + 0.3  # a Wolf Zero holds its starting Bite; without the weights, its Bites are anyone's
