"""An observation holds every public fact a pending decision depends on: the dice a re-roll would change (R107)
and the Event cards being resolved (R46-R52), which were once told only in events, so that bots, encoders and
learning agents, which see observations alone, decided blind."""

from __future__ import annotations

import random

from transylvania_helpers import act, bare, dice, event_on_top, lay_tile, move, put

import hexbox
from hexbox.games.transylvania import actions as A
from hexbox.games.transylvania.cards import CARDS

INVENTOR = 4


def inventor(players: int = 4):
    s = bare(players)
    s.adv[0] = INVENTOR
    s.adv[1:] = [x for x in range(10) if x != INVENTOR][:players - 1]
    lay_tile(s, "graveyard", 0, -1, 0)
    put(s, 0, "graveyard.b")
    return s


def test_R107_the_inventor_sees_the_roll_it_may_tinker_with_and_so_does_everyone():
    s = inventor()
    s.tokens[CARDS.node_by_name["graveyard.b"]] = next(i for i, t in enumerate(CARDS.tokens) if t == (1, 6))
    dice(s, 0, 1, 2, 3)
    act(s, 0, A.ATTEMPT)
    assert s.pending[-1][0] == "tinker"
    for seat in range(4):  # a roll is public: every seat sees it
        assert s.observe(seat)["public"]["pending"]["roll"] == {"seat": 0, "dice": [0, 1, 2, 3], "total": 6}
    act(s, 0, A.KEEP_ROLL)
    assert s.observe(0)["public"]["pending"] is None or s.observe(0)["public"]["pending"]["roll"] is None


def test_R51_R107_an_all_play_event_being_resolved_is_in_the_observation_with_its_roll():
    s = inventor()
    put(s, 1, "church.d")
    event_on_top(s, "thunderstorm#0")
    dice(s, *[2] * 12)
    act(s, 0, move("graveyard.d"))
    public = s.observe(2)["public"]
    assert public["pending"]["kind"] == "tinker" and public["events_in_play"] == ["thunderstorm#0"]
    assert public["pending"]["roll"]["dice"] == [2] * len(public["pending"]["roll"]["dice"])
    while s.pending and s.pending[-1][0] == "tinker":
        act(s, s.pending[-1][1], A.KEEP_ROLL)
    assert s.observe(2)["public"]["events_in_play"] == []  # resolved: in the discard, not in play


def test_every_tinker_decision_of_random_games_shows_the_roll_just_told():
    """Seeded random games: at each Tinkering decision, the roll in the observation is one that every seat was just
    told of, by whom it was rolled (a challenge rolls twice before the Inventor chooses)."""
    seen = 0
    for seed in range(60):
        game = hexbox.load("transylvania", players=4)
        s = game.new_state(seed)
        rng, told = random.Random(seed), []
        for _ in range(3000):
            if s.is_over:
                break
            seat = s.actors[0]
            pending = s.observe(seat)["public"]["pending"]
            if pending is not None and pending["kind"] == "tinker":
                roll = pending["roll"]
                assert (roll["seat"], roll["dice"]) in told[-3:], (seed, roll, told[-3:])
                seen += 1
            for event in s.apply(seat, rng.choice(s.legal_actions(seat))):
                if event.kind == "rolled" and event.to is None:
                    told.append((event.data["seat"], event.data["dice"]))
    assert seen >= 3


def test_the_kit_would_have_caught_an_observation_without_the_roll(monkeypatch):
    """The kit's sibling-world check finds the old omission again when the roll is taken out of the observation."""
    import pytest

    from hexbox.core import conformance as kit
    from hexbox.games.transylvania import views

    monkeypatch.setattr(views, "roll_view", lambda st, key: None)
    with pytest.raises(AssertionError, match="leaves out a fact the decision depends on"):
        for seed in range(40):
            kit.check_told_in_observation("transylvania", 4, {}, seed, max_steps=400)
