"""What Werebeasts offers beyond the rules, through its registration's hooks: render, bot, advice, stats, report."""

import random

import pytest
from werebeasts_helpers import new, random_playout

import hexbox
from hexbox.agents import make_agent
from hexbox.core import View
from hexbox.games.werebeasts.cards import CARDS
from hexbox.games.werebeasts.stats import game_stats

INFO = hexbox.game_info("werebeasts")


def test_every_declared_hook_resolves():
    assert set(INFO.hooks) == {"catalogue", "render", "describe", "bot", "advice", "stats", "report", "schema", "timer",
                               "encoder", "first", "out", "reveal"}
    for name in INFO.hooks:
        assert INFO.hook(name) is not None
    advice = INFO.hook("advice")
    assert callable(advice.win_chances) and callable(advice.search_actions) and advice.ISMCTS_DEFAULTS


def test_render_shows_a_seat_its_goals_and_a_spectator_none():
    render = INFO.hook("render")
    state = new(players=5, dealer=0)
    mine = render(state.observe(2))
    assert "You are seat 2" in mine and "Your goals" in mine
    for g in state.goals_of(2):
        assert CARDS.goals[g].name in mine
    assert "Your goals" not in render(state.observe(None))
    end = random_playout(new(players=5), 1)
    assert "Game over" in render(end.observe(None)) and "box" in render(end.observe(0))


def finished(players, seed):
    """Heuristic bots, or (odd seeds) seats that mostly take the default (sell, pass): the deck runs out."""
    state = hexbox.load("werebeasts", players=players).new_state(seed=seed)
    bot = make_agent("heuristic", "werebeasts")
    rng = random.Random(seed)
    while not state.is_over:
        seat = rng.choice(state.actors)
        if seed % 2 and rng.random() < 0.9:
            state.apply(seat, state.default_action(seat))
        else:
            state.apply(seat, bot.act(View.of(state, seat), rng))
    return state


def test_stats_agree_with_the_state():
    ends = set()
    for players, seed in [(3, 1), (4, 2), (5, 3), (6, 4), (10, 5), (5, 6), (5, 7)]:
        state = finished(players, seed)
        stats = game_stats(state.observe(None))
        assert stats["goals"] == [[CARDS.goals[g].id for g in state.goals_of(s)] for s in range(players)]
        assert stats["eliminated"] == [s for s in range(players) if state.out[s]]
        assert stats["end"] == ("deck" if not state.deck else "two_left")  # R30
        ends.add(stats["end"])
        assert stats["chow_holders"] == [s for s in range(players) if CARDS.chow in state.goals_of(s)]
        # R32, R33: the points split adds up to the score
        assert [c + b for c, b in zip(stats["chow_points"], stats["beast_points"])] == stats["scores"]
        assert stats["scores"] == [state.result.scores[s] for s in range(players)]
        winners = state.result.winners
        assert stats["werechow_won"] == any(w in stats["chow_holders"] for w in winners)
        assert stats["beast_won"] == any(w not in stats["chow_holders"] for w in winners)
    assert ends == {"deck", "two_left"}


class FakePlot:
    """The report's plotter, without matplotlib: each drawing is just its file name."""

    def histogram(self, name, *args, **kwargs):
        return name

    def rates(self, name, *args, **kwargs):
        return name


def test_report_sections_read_the_stats_and_the_result_kind():
    lines = []
    for players, seed in [(5, 3), (5, 6), (4, 2)]:
        state = finished(players, seed)
        result = state.result
        lines.append({"players": players, "winners": sorted(result.winners), "kind": result.kind,
                      "stats": game_stats(state.observe(None))})
    sections = INFO.hook("report")(lines, FakePlot())
    assert [s.title for s in sections] == ["Werebeasts: scores", "Werebeasts: eliminations and the end",
                                           "Werebeasts: Werechow goal vs beast goals"]
    assert "the winner was decided by" in sections[1].body
    assert INFO.hook("report")([{"players": 5, "winners": []}], FakePlot()) == []


@pytest.mark.parametrize("n", [3, 6])
def test_the_bot_plays_whole_games_from_its_view(n):
    bot = INFO.hook("bot")()
    state = hexbox.load("werebeasts", players=n).new_state(seed=n)
    rng = random.Random(n)
    while not state.is_over:
        seat = rng.choice(state.actors)
        action = bot.act(View.of(state, seat), rng)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)
    assert state.result.kind in INFO.result_kinds
