"""The action set, its fixed encoding, str() and the canonical order (D14; the id table of docs/games/werebeasts.md)."""

import pytest
from werebeasts_helpers import new, random_playout

import hexbox
from hexbox.games.werebeasts import actions as A


@pytest.fixture(scope="module")
def game():
    return hexbox.load("werebeasts", players=5)


def test_num_action_ids_is_303_for_every_player_count():
    for n in (3, 5, 10):
        assert hexbox.load("werebeasts", players=n).num_action_ids == 303


@pytest.mark.parametrize("json, expected_id", [
    ({"kind": "accuse", "target": 0, "goal": "kitten"}, 0),
    ({"kind": "accuse", "target": 2, "goal": "shark"}, 12 * 2 + 5),
    ({"kind": "accuse", "target": 9, "goal": "chow"}, 119),
    ({"kind": "sell"}, 120),
    ({"kind": "take", "pile": "cards"}, 121),
    ({"kind": "take", "pile": "cans"}, 122),
    ({"kind": "offer_cans", "cans": 0}, 123),
    ({"kind": "offer_cans", "cans": 3}, 126),
    ({"kind": "offer_cans", "cans": 80}, 203),
    ({"kind": "offer_card", "card": "kitten_1"}, 204),
    ({"kind": "offer_card", "card": "shark_2"}, 204 + 21),
    ({"kind": "offer_card", "card": "wolf_double"}, 247),
    ({"kind": "retract_card", "card": "kitten_1"}, 248),
    ({"kind": "retract_card", "card": "shark_2"}, 248 + 21),
    ({"kind": "retract_card", "card": "wolf_double"}, 291),
    ({"kind": "pass"}, 292),
    ({"kind": "accept", "bidder": 0}, 293),
    ({"kind": "accept", "bidder": 3}, 296),
    ({"kind": "accept", "bidder": 9}, 302),
])
def test_fixed_encoding(game, json, expected_id):
    action = game.parse_action(json)
    assert game.action_id(action) == expected_id
    assert game.action_from_id(expected_id) is action
    assert action.to_json() == json


@pytest.mark.parametrize("json", [
    {"kind": "accuse", "target": 10, "goal": "shark"},
    {"kind": "accuse", "target": 1, "goal": "werecat"},
    {"kind": "offer_cans", "cans": 81},
    {"kind": "offer_cans", "cans": -1},
    {"kind": "take", "pile": "both"},
    {"kind": "accept", "bidder": 10},
    {"kind": "offer_card", "card": "chow_1"},
])
def test_values_outside_the_encoding_do_not_parse(game, json):
    with pytest.raises((ValueError, hexbox.IllegalAction)):
        game.parse_action(json)


@pytest.mark.parametrize("json, text", [
    ({"kind": "accuse", "target": 2, "goal": "shark"}, "accuse seat 2 of collecting Weresharks"),
    ({"kind": "accuse", "target": 0, "goal": "chow"}, "accuse seat 0 of collecting Werechow"),
    ({"kind": "sell"}, "sell the top card"),
    ({"kind": "take", "pile": "cans"}, "take the cans"),
    ({"kind": "take", "pile": "cards"}, "take the cards"),
    ({"kind": "offer_cans", "cans": 3}, "bid 3 cans"),
    ({"kind": "offer_cans", "cans": 1}, "bid 1 can"),
    ({"kind": "offer_card", "card": "shark_2"}, "add Wereshark (single) to the bid"),
    ({"kind": "offer_card", "card": "wolf_double"}, "add Werewolf (double) to the bid"),
    ({"kind": "pass"}, "pass"),
    ({"kind": "accept", "bidder": 3}, "accept seat 3's bid"),
])
def test_str_reads_like_the_rulebook(game, json, text):
    assert str(game.parse_action(json)) == text


def test_retract_names_the_card(game):
    text = str(game.parse_action({"kind": "retract_card", "card": "shark_2"}))
    assert "Wereshark (single)" in text and "bid" in text


def test_D14_legal_actions_ascending_by_id_and_actors_ascending_by_seat():
    # D14: canonical order in every phase of a few random games (3, 5 and 10 players)
    seen = set()

    def check(state):
        actors = state.actors
        assert list(actors) == sorted(set(actors)) and actors
        seen.add(state.phase)
        for s in range(state.n):
            ids = state.legal_action_ids(s)
            assert ids == sorted(set(ids))
            assert bool(ids) == (s in actors)

    for n, seed in ((3, 1), (5, 2), (10, 3)):
        random_playout(new(players=n, max_bid_changes=2), seed, check)
    assert seen == {0, 1, 2, 3}  # turn, spoils, bidding and accept were all visited


def test_precreated_actions_are_shared():
    state = new(players=5)
    assert state.legal_actions(state.active)[-1] is A.SELL
