"""What each viewer is told of a move (the describe hook, words.py): full sentences, per viewer, from the events."""

import random
import re

import pytest
from werebeasts_helpers import accuse, goal_id, hold, new, offer_card, open_sale, pass_all, random_playout, retract_card

from hexbox.games.werebeasts import actions as A
from hexbox.games.werebeasts.cards import GOAL_NAME

KINDS = {"accused", "goal_revealed", "eliminated", "took", "sale", "bid", "passed", "window_closed", "sold", "turn",
         "game_over"}


def told(state, seat, action, viewers=(None,)):
    """Apply the move; what each viewer is told of it."""
    events = state.apply(seat, action)
    return {v: state.describe(events, v) for v in viewers}


@pytest.mark.parametrize("n", [4, 5])
def test_every_event_kind_has_sentences_for_every_viewer(n):
    seen = set()
    for seed in range(12):
        state = new(players=n, max_bid_changes=2)
        rng = random.Random(seed)
        while not state.is_over:
            seat = rng.choice(state.actors)
            legal = state.legal_actions(seat)
            kind = rng.choice(sorted({a.kind for a in legal}))
            events = state.apply(seat, rng.choice([a for a in legal if a.kind == kind]))
            seen |= {e.kind for e in events}
            for viewer in (None, *range(n)):
                lines = state.describe(events, viewer)
                assert lines, f"{viewer} is told nothing of {events}"
                for line in lines:
                    assert line[0].isupper() and line.endswith(".") and "=" not in line and "_" not in line, line
                    if line.startswith("The game is over:"):
                        continue  # the result's reason, the same sentence for everyone
                    if viewer is None:
                        assert not re.search(r"\byou\b", line, re.I), line  # a spectator is nobody's "you"
                    else:
                        assert not re.search(rf"\bseat {viewer}\b", line, re.I), line  # the viewer is "you"
    assert seen == KINDS


def test_words_come_from_the_events_alone_and_are_the_same_in_every_world_the_viewer_imagines():
    rng = random.Random(3)
    checked = 0

    def visit(state):
        nonlocal checked
        seat = state.actors[0]
        for action in state.legal_actions(seat)[:: 7]:
            events = state.clone().apply(seat, action)
            for viewer in range(state.n):
                words = state.describe(events, viewer)
                for _ in range(2):
                    assert state.resample(viewer, rng).describe(events, viewer) == words
                checked += 1

    random_playout(new(players=5, max_bid_changes=2), 5, visit)
    assert checked > 100


@pytest.fixture
def table():
    """5 players, seat 1 is the Active Player (dealer 0)."""
    state = new(players=5, dealer=0)
    hold(state, 0, ["kitten_1"], 8)
    hold(state, 1, ["clown_1"], 8)
    hold(state, 2, ["nana_1", "nana_double", "nana_2"], 8)
    hold(state, 3, ["wolf_2"], 3)
    hold(state, 4, [], 0)
    return state


def test_R22_R25_a_sale_and_public_bids_in_the_tables_words(table):
    state = table
    state.deck[-1] = 40  # wolf_1
    left = len(state.deck) - 1
    assert told(state, 1, A.SELL, (None, 1)) == {
        None: [f"Seat 1 sells a single Werewolf from the top of the deck ({left} cards left)."],
        1: [f"You sell a single Werewolf from the top of the deck ({left} cards left)."]}
    told(state, 3, A.OFFER_CANS[2])
    # R25: bids are public: everyone is told who bids what
    assert told(state, 3, offer_card("wolf_2"), (None, 3, 0)) == {
        None: ["Seat 3 bids 2 cans and a single Werewolf."],
        3: ["You bid 2 cans and a single Werewolf."],
        0: ["Seat 3 bids 2 cans and a single Werewolf."]}
    told(state, 2, offer_card("nana_1"))
    told(state, 2, offer_card("nana_double"))
    assert told(state, 2, offer_card("nana_2"))[None] == ["Seat 2 bids 2 single Werenanas and the double Werenana."]
    told(state, 2, retract_card("nana_1"))
    told(state, 2, retract_card("nana_2"))
    assert told(state, 2, retract_card("nana_double"), (2,))[2] == ["You withdraw your bid."]
    assert told(state, 0, A.PASS, (None, 0)) == {None: ["Seat 0 passes."], 0: ["You pass."]}
    pass_all(state)
    # R26, R28: the seller accepts a bid; the card and the payment change hands
    assert told(state, 1, A.ACCEPT[3], (None, 1, 3)) == {
        None: ["Seat 1 accepts seat 3's bid: seat 3 gets a single Werewolf for 2 cans and a single Werewolf.",
               "It is seat 2's turn."],
        1: ["You accept seat 3's bid: seat 3 gets a single Werewolf for 2 cans and a single Werewolf.",
            "It is seat 2's turn."],
        3: ["Seat 1 accepts your bid: you get a single Werewolf for 2 cans and a single Werewolf.",
            "It is seat 2's turn."]}


def test_R27_the_seller_keeps_the_card_when_no_bid_stands(table):
    state = table
    open_sale(state, 1, "shark_double")
    for s in (0, 2):
        state.apply(s, A.PASS)
    assert told(state, 3, A.PASS, (None, 1)) == {
        None: ["Seat 3 passes.", "No bid stands, so seat 1 keeps the double Wereshark for nothing.",
               "It is seat 2's turn."],
        1: ["Seat 3 passes.", "No bid stands, so you keep the double Wereshark for nothing.", "It is seat 2's turn."]}


def test_W4_bidding_closes_before_the_seller_accepts(table):
    state = table
    open_sale(state, 1)
    state.apply(0, A.OFFER_CANS[1])
    for s in (0, 2):
        state.apply(s, A.PASS)
    assert told(state, 3, A.PASS) == {None: ["Seat 3 passes.",
                                             "Bidding is closed: the seller must accept one of the standing bids."]}


def test_R15_R16_a_right_accusation_its_revealed_goal_and_the_spoils():
    state = new(players=5, dealer=4)
    hold(state, 2, ["kitten_1", "kitten_double"], 5)
    named = goal_id(state, 2)  # between seats 2 and 3
    words = told(state, 0, accuse(2, named), (None, 0, 2, 3))
    goal = GOAL_NAME[named]
    assert words[None] == [f"Seat 0 accuses seat 2 of collecting {goal}, and is right.",
                           f"The goal card between seats 2 and 3 is turned face up: {goal}.",
                           "Seat 2 is eliminated."]
    assert words[0][0] == f"You accuse seat 2 of collecting {goal}, and you are right."
    assert words[2] == [f"Seat 0 accuses you of collecting {goal}, and is right.",
                        f"The goal card between you and seat 3 is turned face up: {goal}.", "You are eliminated."]
    assert words[3][1] == f"The goal card between you and seat 2 is turned face up: {goal}."
    assert told(state, 0, A.TAKE_CARDS, (None, 0, 2)) == {
        None: ["Seat 0 takes seat 2's auction cards: a single Werekitten and the double Werekitten."],
        0: ["You take seat 2's auction cards: a single Werekitten and the double Werekitten."],
        2: ["Seat 0 takes your auction cards: a single Werekitten and the double Werekitten."]}


def test_R18_R19_R20_a_wrong_accusation_is_denied_and_the_accused_takes_the_spoils():
    state = new(players=5, dealer=4)
    wrong = next(g for g in (goal_id(state, 5), goal_id(state, 6)) if g not in (goal_id(state, 1), goal_id(state, 2))
                 and g not in (goal_id(state, 4), goal_id(state, 0)))
    hold(state, 0, [], 8)
    words = told(state, 0, accuse(2, wrong), (None, 2))
    assert words[None] == [f"Seat 0 accuses seat 2 of collecting {GOAL_NAME[wrong]}; seat 2 denies it.",
                           "Seat 0 is eliminated."]
    assert words[2] == [f"Seat 0 accuses you of collecting {GOAL_NAME[wrong]}; you deny it.", "Seat 0 is eliminated."]
    assert told(state, 2, A.TAKE_CANS, (None, 1)) == {
        None: ["Seat 2 takes seat 0's cans (8 cans).", "It is seat 1's turn."],
        1: ["Seat 2 takes seat 0's cans (8 cans).", "It is your turn."]}


def test_R31_the_end_tells_the_result_every_goal_and_the_points():
    state = new(players=3, dealer=2)
    state.apply(0, accuse(1, goal_id(state, 2)))
    events = state.apply(0, A.TAKE_CANS)
    words = state.describe(events, 0)
    assert words[1] == f"The game is over: {state.result.reason}."
    assert words[2] == ("You win." if 0 in state.result.winners else "You lose.")
    assert words[3].startswith("The goals: you had ") and "; the box held " in words[3]
    assert words[4].startswith("Points: ") and "for you" in words[4]
    spectator = state.describe(events, None)
    assert len(spectator) == 4 and spectator[2].startswith("The goals: seat 0 had ")
