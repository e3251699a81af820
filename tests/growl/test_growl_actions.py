"""The action encoding and the default actions of every window (D28)."""

from growl_helpers import hold, night, start, table

import hexbox
from hexbox.games.growl import actions as A
from hexbox.games.growl.cards import INDEX


def test_the_encoding_is_fixed_and_round_trips():
    g4, g10 = hexbox.load("growl", players=4), hexbox.load("growl", players=10, curses=True, spells=True)
    assert g4.num_action_ids == g10.num_action_ids == len(A.SPACE)
    for i in (0, 1, 57, len(A.SPACE) - 1):
        a = g10.action_from_id(i)
        assert g4.action_id(g10.parse_action(a.to_json())) == i
    assert A.NIGHT_PASS[INDEX["wound"]][INDEX["gold"]].to_json() == {"kind": "night_pass", "left": "wound",
                                                                      "right": "gold"}
    assert str(A.NIGHT_PASS[INDEX["wound"]][INDEX["gold"]]) == "pass Wound to the left and Gold to the right"
    assert str(A.GIVE[3]) == "give the top card to seat 3"


def golds(players=6):
    s = table(players)
    for p in range(players):
        hold(s, p, gold=2, salve=1)
    return s


def test_G3_night_card_defaults():
    expected = {"blood_hound": A.TARGET[3], "caged": A.TARGET[2], "insomnia": A.TARGET[2], "seance": A.TARGET[2],
                "silver_bullet": A.TARGET[2], "truth_serum": A.TARGET[3],
                "hypnosis": A.HYPNOSIS[(INDEX["bite"], 1, 3)], "the_gift": A.NO_TARGET,
                "all_hallows_eve": A.NO_TARGET, "the_purge": A.BEGIN,
                "the_sleepwalkers": A.TARGET2[A.PAIR_INDEX[(3, 4)]]}
    for card, action in expected.items():
        s = golds()
        night(s, card, seat=2)
        assert s.default_action(2) == action, card


def test_G2_G6_G8_defaults_first_clockwise_and_canonical():
    s = golds()
    s.dead[3] = True
    start(s, 2)
    assert s.default_action(2) == A.GIVE[4]  # the first living receiver clockwise
    s = golds()
    night(s, "insomnia", seat=0)
    s.apply(0, A.TARGET[0])
    assert s.default_action(1) == A.NIGHT_PASS[INDEX["gold"]][INDEX["gold"]]
    s = golds()
    night(s, "the_accused", seat=0, then=())
    s.apply(0, A.BEGIN)
    assert s.actors == (1,) and s.default_action(1) == A.VOTE[2]
    s = golds()
    night(s, "the_trusted", seat=0, then=())
    s.apply(0, A.BEGIN)
    assert s.default_action(1) == A.VOTE[1]
    s = golds()
    night(s, "the_unwanted", seat=0, then=())
    s.apply(0, A.BEGIN)
    assert s.default_action(4) == A.POINT_LEFT
