"""The worlds of Prowl's hard search (belief.py): weighed by what each opponent did, from the seat's View only."""

import random

from prowl_helpers import assert_worlds_keep_what_the_seat_knows, card, normal_game

from hexbox.agents import make_agent
from hexbox.core import View
from hexbox.games.prowl import belief
from hexbox.games.prowl.cards import CARD_CLAN, CARDS, CLAN_INDEX


def history_of(*entries):
    return {"public": {"players": 4, "history": list(entries)}}


def test_a_clan_an_act_speaks_against_loses_weight():
    summer_card = next(c.id for c in CARDS if c.clan == CLAN_INDEX["summer"])
    winter_card = next(c.id for c in CARDS if c.clan == CLAN_INDEX["winter"])
    spring, summer, autumn, winter = (CLAN_INDEX[k] for k in ("spring", "summer", "autumn", "winter"))
    rows = belief.clues(
        history_of(
            # seat 1 throws a Summer card away to accuse seat 2 of Autumn: Summer is unlikely its clan, Autumn likely
            {"kind": "accuse", "seat": 1, "target": 2, "clan": "autumn", "right": False, "card": summer_card},
            # seat 3 gives up a Winter clan card: its new one is rarely Winter again
            {"kind": "change", "seat": 3, "old": winter_card},
        )
    )
    assert rows[1][summer] < rows[1][spring] < rows[1][autumn] == 1.0
    assert rows[3][winter] < rows[3][spring] == rows[3][summer] == rows[3][autumn] == 1.0
    assert rows[0] == rows[2] == [1.0] * 4  # nothing seen of them


def test_a_change_wipes_what_was_seen_of_the_old_clan_card():
    summer_card = next(c.id for c in CARDS if c.clan == CLAN_INDEX["summer"])
    rows = belief.clues(
        history_of(
            {"kind": "play", "seat": 1, "card": summer_card, "first": "strengthen", "effect": True},
            {"kind": "change", "seat": 1, "old": summer_card},
        )
    )
    assert rows[1][CLAN_INDEX["summer"]] < 1.0  # not raised by the play any more: lowered by the Change
    assert rows[1][CLAN_INDEX["spring"]] == 1.0


def test_a_player_backs_the_clan_it_holds_most():
    held = [c.index for c in CARDS if not c.leader and c.clan == CLAN_INDEX["autumn"]][:4]
    held += [c.index for c in CARDS if not c.leader and c.clan == CLAN_INDEX["spring"]][:2]
    height = {0: 3, 1: 2, 2: 1, 3: 0}  # spring highest
    weights = belief.choice_weights(held, height)
    autumn = sum(w for c, w in weights.items() if CARD_CLAN[c] == CLAN_INDEX["autumn"])
    assert autumn > 0.5 and abs(sum(weights.values()) - 1) < 1e-9


def position(seed=3, moves=8):
    return normal_game(seed, moves)


def test_epsilon_one_weighs_every_card_alike():
    st = position()
    b = belief.Belief(View.of(st, 0), epsilon=1.0)
    assert b.opponents
    world = View.of(st, 0).sample(random.Random(1))
    for o in b.opponents:
        cards, weights, _ = b.candidates(world, o)
        assert len(set(weights)) == 1, (o.seat, weights)


def test_worlds_keep_what_the_seat_knows():
    st = position()
    assert_worlds_keep_what_the_seat_knows(st, belief.determinizer(View.of(st, 0)))


def test_the_belief_finds_the_clans_of_normal_bots_more_often_than_uniform_worlds():
    right = {"belief": 0, "uniform": 0}
    for seed in range(4):
        st = position(seed, moves=10)
        view = View.of(st, 0)
        draws = {"belief": belief.determinizer(view), "uniform": view.sample}
        for name, draw in draws.items():
            rng = random.Random(seed)
            for _ in range(100):
                w = draw(rng)
                right[name] += sum(w.clan_of(p) == st.clan_of(p) for p in (1, 2, 3))
    assert right["belief"] > right["uniform"], right


def test_a_search_draws_its_worlds_from_the_belief():
    search = make_agent("ismcts:iters=30+worlds=belief", "prowl")
    st = position()
    view = View.of(st, 0)
    assert search.act(view, random.Random(0)) in view.legal_actions


def test_card_helper_still_names_cards():  # the helper above builds positions with real card ids
    assert CARDS[card(CARDS[0].id)].id == CARDS[0].id
