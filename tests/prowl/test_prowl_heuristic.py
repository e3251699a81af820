"""The heuristic bot: legal moves from the View only, and clearly better than random."""

import random

import hexbox
from hexbox.agents import RandomAgent, heuristic_for
from hexbox.core import View
from hexbox.games.prowl.heuristic import Heuristic


def play_game(players, seed, bot_seat, bot):
    st = hexbox.load("prowl", players=players).new_state(seed=seed)
    rng = random.Random(seed)
    rnd = RandomAgent()
    while not st.is_over:
        seat = st.actors[0] if len(st.actors) == 1 else rng.choice(st.actors)
        view = View.of(st, seat)
        action = (bot if seat == bot_seat else rnd).act(view, rng)
        assert action in view.legal_actions
        st.apply(seat, action)
    return st.result


def test_registered_as_the_games_heuristic():
    assert isinstance(heuristic_for("prowl"), Heuristic)


def test_heuristic_beats_random_players():
    bot = Heuristic(samples=3)
    games = 24
    wins = sum(bot_seat in play_game(3, 500 + i, bot_seat, bot).winners
               for i, bot_seat in enumerate([0, 1, 2] * (games // 3)))
    assert wins >= games // 2  # a fair share would be a third


def test_heuristic_plays_two_and_five_players():
    for players in (2, 5):
        result = play_game(players, 7, 0, Heuristic(samples=2))
        assert result is not None
