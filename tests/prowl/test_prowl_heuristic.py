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


def test_heuristic_beats_random_with_two_and_five_players():
    # the same bot at the other table sizes, from every seat in turn: three games in four against one random
    # player, twice a fair share (a fifth) against four
    for players, games, least in ((2, 12, 9), (5, 15, 6)):
        wins = sum(seat in play_game(players, 700 + i, seat, Heuristic(samples=2)).winners
                   for i, seat in enumerate(s % players for s in range(games)))
        assert wins >= least, (players, wins)
