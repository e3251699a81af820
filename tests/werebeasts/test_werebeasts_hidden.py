"""Hidden information: what each seat observes, and resampling consistent with it (R7, R8, R18, R31, D12)."""

import json
import random
from collections import Counter

import pytest
from werebeasts_helpers import (
    accuse,
    goal_id,
    hold,
    last_sale,
    my_goals,
    new,
    public,
    random_playout,
    unused_goal,
    views,
)

import hexbox
from hexbox.core.schema import validate
from hexbox.games.werebeasts import actions as A
from hexbox.games.werebeasts.cards import CARDS, GOAL_INDEX


def test_R7_my_goals_with_the_neighbour_sharing_each():
    state = new(players=5, dealer=0)
    mine = my_goals(state, 2)
    # R7: seat 2 sees slot 1 (shared with seat 1) and slot 2 (shared with seat 3)
    assert mine == [{"goal": goal_id(state, 1), "position": 1, "shared_with": 1},
                    {"goal": goal_id(state, 2), "position": 2, "shared_with": 3}]
    assert my_goals(state, 0) == [{"goal": goal_id(state, 4), "position": 4, "shared_with": 4},
                                            {"goal": goal_id(state, 0), "position": 0, "shared_with": 1}]


def test_R8_private_goals_are_shared_with_nobody():
    state = new(players=3, dealer=0)
    assert my_goals(state, 1) == [{"goal": goal_id(state, 2), "position": 2, "shared_with": None},
                                            {"goal": goal_id(state, 3), "position": 3, "shared_with": None}]


def test_spectators_see_no_goal_and_nobody_sees_the_box():
    state = new(players=5, dealer=0)
    for obs in views(state):
        positions = obs["public"]["goal_positions"]
        assert all(p["goal"] is None for p in positions)
        assert positions[5]["seats"] == [] and positions[6]["seats"] == []
    assert state.observe(None)["private"] is None


@pytest.mark.parametrize("n", [3, 5])
def test_hidden_goals_do_not_show_in_any_other_seats_observation(n):
    state = new(players=n, dealer=0)
    # move one of seat 1's goals to the box and swap the box: only the seats that see that position notice
    other = state.clone()
    p, q = state.game.seat_positions[1]
    other.goal_at[p], other.goal_at[-1] = state.goal_at[-1], state.goal_at[p]
    other.goal_at[-2], other.goal_at[-1] = other.goal_at[-1], other.goal_at[-2]
    seers = set(state.game.position_seers[p])
    for s in [None, *range(n)]:
        assert (state.observe(s) == other.observe(s)) == (s not in seers)


def test_observations_are_plain_json():
    state = random_playout(new(players=5), 3, lambda st: None)
    for obs in views(state):
        assert json.loads(json.dumps(obs)) == obs
    state = new(players=4)
    for obs in views(state):
        assert json.loads(json.dumps(obs)) == obs


def test_R18_a_denial_is_public_knowledge():
    state = new(players=5, dealer=4)
    wrong = unused_goal(state, 2, 0)
    state.apply(0, accuse(2, wrong))
    for obs in views(state):
        assert obs["public"]["denials"] == [[2, wrong]]


def test_R31_D12_after_the_end_every_goal_is_revealed_to_everyone():
    state = new(players=5, dealer=0)
    for s in range(5):
        hold(state, s, [], 0)
    truth = [goal_id(state, p) for p in range(7)]
    beast = next(g for g in truth[5:] if g != "chow")
    last_sale(state, 1, f"{beast}_1")
    for obs in views(state):
        assert [p["goal"] for p in obs["public"]["goal_positions"]] == truth  # the box too (D12)


def test_the_game_over_event_lists_every_goal():
    state = new(players=3, dealer=2)
    events = state.apply(0, accuse(1, goal_id(state, 2)))
    events += state.apply(0, A.TAKE_CARDS)
    over = events[-1]
    assert over.kind == "game_over" and over.public
    assert over.data["goals"] == [goal_id(state, p) for p in range(8)]


def test_every_event_is_public():
    # accusations, answers, bids and sales are public (R18, R25); nothing the rules emit is a secret
    state = new(players=5, max_bid_changes=2)
    rng = random.Random(1)
    while not state.is_over:
        seat = rng.choice(state.actors)
        legal = state.legal_actions(seat)
        for e in state.apply(seat, rng.choice(legal)):
            assert e.public


@pytest.mark.parametrize("setup", hexbox.game_info("werebeasts").conformance, ids=str)
def test_public_is_the_same_for_every_viewer_and_every_observation_matches_the_schema(setup):
    options = dict(setup)
    n = options.pop("players")
    state = hexbox.load("werebeasts", players=n, **options).new_state(seed=4)
    looked = 0

    def check(st):
        nonlocal looked
        seen = [st.observe(v) for v in [None, *range(n)]]
        for obs in seen:
            validate(obs, "werebeasts")
            assert obs["public"] == seen[0]["public"], "public differs between viewers"
        # R7, R8: the private half is the viewer's own two goals and nothing else
        for s, obs in enumerate(seen[1:]):
            assert obs["private"] == {"my_goals": my_goals(st, s)}
            assert [g["goal"] for g in obs["private"]["my_goals"]] == [CARDS.goals[g].id for g in st.goals_of(s)]
        looked += 1

    end = random_playout(state, 4, check)
    check(end)
    assert looked > 5


def test_the_envelope_carries_phase_actors_and_result_and_public_keeps_the_turn():
    state = new(players=5, dealer=0)
    obs = state.observe(3)
    assert (obs["game"], obs["seat"], obs["phase"], obs["actors"], obs["result"]) == ("werebeasts", 3, "turn", [1],
                                                                                        None)
    assert public(state)["turn"] == 1 and public(state)["active"] == 1
    assert not {"game", "seat", "phase", "actors", "result", "my_goals"} & set(obs["public"])


# ---- resample --------------------------------------------------------------------------------------------

def test_resample_keeps_every_observation_and_redeals_the_unseen():
    state = new(players=5, dealer=4)
    state.apply(0, accuse(2, goal_id(state, 2)))  # slot 2 face up
    state.apply(0, A.TAKE_CARDS)
    seat = 4  # owns slots 3 and 4
    seen = {3, 4, 2}
    rng = random.Random(5)
    layouts, decks = set(), set()
    for _ in range(200):
        world = state.resample(seat, rng)
        assert world.observe(seat) == state.observe(seat)
        assert world.observe(None) == state.observe(None)
        assert all(world.goal_at[p] == state.goal_at[p] for p in seen)
        assert sorted(world.goal_at) == sorted(state.goal_at)
        assert sorted(world.deck) == sorted(state.deck)
        layouts.add(tuple(world.goal_at))
        decks.add(tuple(world.deck))
    # every unseen position, the box included, is re-dealt; so is the order of the deck
    for p in (0, 1, 5, 6):
        assert len({lay[p] for lay in layouts}) == 4
    assert len(decks) > 150
    # some other seat's view does change
    assert any(world.observe(1) != state.observe(1) for world in (state.resample(seat, rng) for _ in range(20)))


def test_resample_leaves_the_original_state_alone():
    state = new(players=5)
    before = (list(state.goal_at), list(state.deck), state.rng.getstate())
    state.resample(1, random.Random(2))
    assert (state.goal_at, state.deck, state.rng.getstate()) == before


@pytest.mark.parametrize("n", [4, 5, 8])  # with 3 players an accusation ends the game (X1)
def test_resample_never_puts_a_denied_type_at_the_denied_seats_positions(n):
    state = new(players=n, dealer=n - 1)
    # seat 0 wrongly accuses seat 2 of a goal in the box (R18): a public denial
    wrong = goal_id(state, state.game.positions - 1)
    if wrong in [CARDS.goals[g].id for g in state.goals_of(0)]:
        wrong = goal_id(state, state.game.positions - 2)
    state.apply(0, accuse(2, wrong))
    state.apply(2, A.TAKE_CARDS)
    viewer = 1
    denied_at = set(state.game.seat_positions[2]) - set(state.game.seat_positions[viewer])
    g = GOAL_INDEX[wrong]
    landed = Counter()
    rng = random.Random(11)
    for _ in range(400):
        world = state.resample(viewer, rng)
        assert all(world.goal_at[p] != g for p in denied_at)
        landed[world.goal_at.index(g)] += 1
        assert world.observe(viewer) == state.observe(viewer)
    # the denied type does move about among the other unseen positions
    assert len(landed) >= 3


def test_resample_with_tight_denials_still_finds_the_only_deals():
    # seat 2 has publicly denied every type but its own two and one other; the deal must respect all of them
    state = new(players=5, dealer=4)
    viewer = 4  # owns slots 3 and 4
    mine = set(state.goals_of(viewer))
    two = set(state.goals_of(2))
    hidden_types = [g for g in state.in_play if g not in mine]
    spare = next(g for g in hidden_types if g not in two)
    state.denials = tuple((2, g) for g in hidden_types if g not in two and g != spare)
    rng = random.Random(3)
    dealt = set()
    for _ in range(100):
        world = state.resample(viewer, rng)
        got = {world.goal_at[p] for p in state.game.seat_positions[2]}
        assert got <= two | {spare}
        assert world.observe(viewer) == state.observe(viewer)
        dealt |= got
    assert dealt == two | {spare}


# ---- the constrained deal behind resample ("Re-dealing hidden information"): rejection sampling, and the search --

def test_resample_a_tight_deal_falls_back_to_the_search_and_keeps_every_denial():
    from hexbox.games.werebeasts.state import deal_constrained

    positions, types = [3, 5, 7, 9, 11, 13, 15, 17], [0, 1, 2, 3, 4, 5, 6, 6]
    # each position but the last is denied all types but one: a single assignment is left (one in 20,160), which
    # 200 shuffles almost never draw, so the search finds it
    only = dict(zip(positions, [6, 5, 4, 3, 2, 1, 0]))
    forbidden = {p: {t for t in set(types) if t != g} for p, g in only.items()}
    for seed in range(5):
        dealt = deal_constrained(positions, types, forbidden, random.Random(seed))
        assert dealt == [6, 5, 4, 3, 2, 1, 0, 6]


def test_resample_the_search_deals_every_type_once_per_card_and_avoids_forbidden_pairs():
    from hexbox.games.werebeasts.state import _backtrack

    positions, types = [0, 1, 2, 3, 4, 5], [0, 0, 1, 1, 2, 3]
    forbidden = {0: {0, 1}, 1: {0}, 2: {1, 2}, 4: {3}}
    seen = set()
    for seed in range(40):
        dealt = _backtrack(positions, types, forbidden, random.Random(seed))
        assert sorted(dealt) == sorted(types) and len(dealt) == len(positions)
        assert all(g not in forbidden.get(p, ()) for p, g in zip(positions, dealt))
        seen.add(tuple(dealt))
    assert len(seen) > 3  # shuffled, not always the first fit


def test_resample_the_search_says_so_when_no_deal_is_possible():
    from hexbox.games.werebeasts.state import _backtrack

    with pytest.raises(AssertionError) as err:
        _backtrack([0, 1], [0, 1], {0: {0, 1}}, random.Random(0))
    assert str(err.value) == "no deal satisfies the public denials"


def test_resample_the_search_takes_back_a_card_that_led_to_a_dead_end():
    # here the search (most-denied positions first, types in random order) sometimes places a type that leaves a
    # later position nothing allowed: it must put that card back and try another
    from hexbox.games.werebeasts.state import _backtrack

    positions, types, forbidden = [0, 1, 2, 3], [2, 0, 2, 0], {0: {1}, 1: {1}, 2: {2}}
    for seed in range(20):
        dealt = _backtrack(positions, types, forbidden, random.Random(seed))
        assert sorted(dealt) == sorted(types) and all(g not in forbidden.get(p, ()) for p, g in zip(positions, dealt))


def test_resample_the_deal_is_uniform_over_the_allowed_assignments():
    # two Kittens and a Wolf over three positions: each of the three arrangements a third of the time (a search
    # that picked a type uniformly at each position would put the Wolf first half of the time)
    from hexbox.games.werebeasts.state import deal_constrained

    first = Counter(deal_constrained([0, 1, 2], [0, 0, 1], {}, random.Random(seed))[0] for seed in range(900))
    assert 240 <= first[1] <= 360, first


def test_a_resampled_world_draws_from_its_own_generator_and_can_be_cloned_and_played():
    state = new(players=5)
    world = state.resample(1, random.Random(3))
    assert world.rng.getstate() != state.rng.getstate()
    twin = world.clone()
    seat = twin.actors[0]
    twin.apply(seat, twin.legal_actions(seat)[-1])
    assert world.observe(1) == state.observe(1)
