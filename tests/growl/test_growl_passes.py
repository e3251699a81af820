"""passes.py: the last Night's passes read as the normal bot passes, and the belief's worlds weighed by them."""

import random

import pytest

from hexbox.agents import make_agent
from hexbox.core import View, load
from hexbox.games.growl import belief, passes
from hexbox.games.growl.cards import BITE, HAND, INDEX

WOUND = INDEX["wound"]


def _after_a_night(seed: int):
    """The first position after the first Night's passing where a living seat has a reading, with the state."""
    state = load("growl", players=6).new_state(seed=seed)
    bot, rng = make_agent("normal", "growl"), random.Random(seed)
    while not state.is_over:
        if state.nights >= 1:
            for s in range(state.n):
                view = View.of(state, s)
                if not state.dead[s] and passes.reading(view.observation) is not None:
                    return view, state
        actors = state.actors
        s = actors[0] if len(actors) == 1 else rng.choice(actors)
        state.apply(s, bot.act(View.of(state, s), rng))
    return None, state


@pytest.fixture(scope="module")
def position():
    for seed in range(3000, 3040):
        view, state = _after_a_night(seed)
        if view is not None:
            return view, state
    pytest.fail("no position after a Night with a reading in 40 games")


def test_nothing_to_read_before_the_first_night():
    state = load("growl", players=6).new_state(seed=3000)
    assert passes.reading(View.of(state, 0).observation) is None


def test_the_reading_is_of_the_seats_passed_to_and_the_cards_received(position):
    view, state = position
    r = passes.reading(view.observation)
    me = view.seat
    assert len(r.sent) == 2 and me not in r.sent
    mine = sorted(c for e in view.observation["private"]["log"] if e["kind"] == "received"
                  for c in e["data"]["cards"])
    for way in r.got:
        assert {o for o, _ in way} == set(r.sent)
        assert all(c in [INDEX[x] for x in mine] for _, c in way)


def test_a_kept_card_the_bot_would_rather_have_passed_makes_a_world_unlikely(position):
    view, _ = position
    r = passes.reading(view.observation)
    world = view.sample(random.Random(1))
    o, card = r.got[0][0]
    if card == WOUND:  # nothing scores above a Wound: read the other way's or the other seat's card
        o, card = next(((s, c) for way in r.got for s, c in way if c != WOUND), (o, card))
    if card == WOUND:
        pytest.skip("both cards received were Wounds")
    world.wolf[o] = card == BITE  # a human passes no Bite (R26)
    hand = [0] * HAND
    hand[card] += 1  # another of the same kind scores the same: no reason against the world
    for c in r.since.get(o, ()):
        hand[c] += 1  # the cards seen given to it since are not what it kept
    hand[r.sent[o]] += 1
    world.hands[o] = hand
    assert passes._passed_as_normal(world, r, o, card) == 1.0
    world.hands[o] = hand[:]
    world.hands[o][WOUND] += 2  # two Wounds kept while passing this seat a lesser card: the bot would not
    assert passes._passed_as_normal(world, r, o, card) == 0.0
    world.hands[o][WOUND] -= 1  # one: maybe the card its other neighbour passed it
    assert passes._passed_as_normal(world, r, o, card) == passes.ONE_OFF


def test_the_worlds_follow_the_passes_only_when_asked(position, monkeypatch):
    view, _ = position
    r = passes.reading(view.observation)

    def agreeing(read: bool) -> float:
        """The share of 300 worlds whose hands agree with the passes better than the least agreeing do."""
        monkeypatch.setattr(belief, "READ_PASSES", read)
        draw, rng = belief.determinizer(view), random.Random(7)
        fits = [passes.likelihood(draw(rng), r) for _ in range(300)]
        return sum(x > min(fits) for x in fits) / 300

    plain, read = agreeing(False), agreeing(True)
    assert 0 < plain < 0.5 and read > 1.5 * plain, (plain, read)
