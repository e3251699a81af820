"""The PettingZoo adapter: PettingZoo's own API and seed tests for every game at its smallest and largest table,
and what the adapter promises beyond them (docs/learning.md)."""

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import hexbox
from hexbox.adapters import rewards
from hexbox.adapters.pettingzoo import env, raw_env
from hexbox.core import IllegalAction
from hexbox.core.registry import game_info

TABLES = [(g, n) for g in hexbox.games() for n in sorted({game_info(g).min_players, game_info(g).max_players})]


@pytest.mark.parametrize(("game", "players"), TABLES, ids=[f"{g}-{n}p" for g, n in TABLES])
def test_pettingzoo_api_and_seed_tests_pass(game, players):
    api_test(env(game, players=players, render_mode="ansi"), num_cycles=300, verbose_progress=False)
    seed_test(lambda: env(game, players=players), num_cycles=100)


def play(e, seed, pick=lambda obs, rng: rng.choice(np.flatnonzero(obs["action_mask"])), steps=10**6):
    """Random masked play through the AEC cycle; yields (agent, observation) before each live step."""
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    for agent in e.agent_iter(steps):
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        yield agent, obs
        e.step(pick(obs, rng))


@pytest.mark.parametrize("game", hexbox.games())
def test_the_observation_is_the_encoder_on_observe_and_the_mask_the_legal_ids(game):
    e = raw_env(game, max_steps=200)
    for n, (agent, obs) in enumerate(play(e, seed=4)):
        if n % 7:
            continue
        seat = int(agent.removeprefix("seat_"))
        assert obs["observation"].dtype == np.float32 and obs["action_mask"].dtype == np.int8
        assert obs["observation"].tolist() == pytest.approx(e.encoder.encode(e.state.observe(seat)))
        assert np.flatnonzero(obs["action_mask"]).tolist() == e.state.legal_action_ids(seat)
        assert seat == min(e.state.actors), "the lowest seat that may act is served first"


def test_a_window_of_several_seats_is_served_lowest_seat_first_then_the_next():
    e = raw_env("werebeasts", players=5, dealer=0)
    e.reset(seed=3)
    while len(e.state.actors) < 2:  # play until a sale opens bidding to several seats at once
        obs = e.observe(e.agent_selection)
        e.step(int(np.flatnonzero(obs["action_mask"])[-1]))
    first, second = e.state.actors[:2]
    assert e.agent_selection == f"seat_{first}"
    mask = e.observe(f"seat_{second}")["action_mask"]
    assert mask.any(), "a seat of the open window has its legal actions in its mask before its turn to be served"
    e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
    assert e.agent_selection == f"seat_{min(e.state.actors)}"


def test_an_illegal_action_is_refused_with_a_reason_and_changes_nothing():
    e = raw_env("werebeasts", players=4)
    e.reset(seed=1)
    agent = e.agent_selection
    before = e.state.observe(None)
    mask = e.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalAction):
        e.step(illegal)
    with pytest.raises(ValueError, match="integer action id"):
        e.step(1.0)
    assert e.state.observe(None) == before and e.agent_selection == agent


@pytest.mark.parametrize("reward", ["win", "score"])
def test_rewards_come_at_the_end_from_the_result(reward):
    e = raw_env("prowl" if "prowl" in hexbox.games() else "werebeasts", players=3, reward=reward)
    total = {a: 0.0 for a in e.possible_agents}
    rng = np.random.default_rng(0)
    e.reset(seed=5)
    for agent in e.agent_iter():
        obs, cumulative, terminated, truncated, _ = e.last()
        if terminated or truncated:
            total[agent] = cumulative
            e.step(None)
        else:
            assert cumulative == 0.0, "nothing is earned before the end"
            e.step(rng.choice(np.flatnonzero(obs["action_mask"])))
    expected = rewards(e.state.result, 3, reward)
    assert [total[a] for a in e.possible_agents] == expected
    if reward == "win":
        assert sorted(expected) != [-1.0] * 3 or not e.state.result.winners


def test_max_steps_truncates_and_every_agent_leaves():
    e = raw_env("voodoo", players=3, max_steps=40)
    live = list(play(e, seed=2))
    assert len(live) == 40 and e.agents == []
    assert not e.state.is_over


def test_seed_deals_the_hexbox_game_of_that_seed():
    e = raw_env("werebeasts", players=5)
    e.reset(seed=11)
    assert e.state.observe(None) == hexbox.load("werebeasts", players=5).new_state(11).observe(None)


def test_ansi_render_draws_the_table_as_a_spectator_sees_it():
    e = raw_env("werebeasts", players=3, render_mode="ansi")
    e.reset(seed=0)
    text = e.render()
    assert "Werebeasts" in text
    assert raw_env("werebeasts", players=3).render() is None
    with pytest.raises(ValueError, match="render_mode"):
        raw_env("werebeasts", render_mode="human")


def test_bad_set_ups_are_refused_before_play():
    with pytest.raises(hexbox.ConfigError):
        raw_env("werebeasts", players=2)
    with pytest.raises(hexbox.ConfigError):
        raw_env("werebeasts", no_such_option=1)
    with pytest.raises(ValueError, match="reward"):
        raw_env("werebeasts", reward="money")


def test_the_documented_layout_of_every_vector_is_the_code():
    from pathlib import Path

    from hexbox.core.encoding import markdown

    page = Path(__file__).resolve().parents[2] / "docs" / "encodings.md"
    own = [g for g in hexbox.games() if hexbox.game_info(g).builtin]  # docs/ describes hexbox's own games
    assert page.read_text(encoding="utf-8") == markdown(own), \
        "docs/encodings.md is stale: regenerate it with `python -m hexbox.games`"
    for game in hexbox.games():  # any game's layout can be written so, the session's toy too
        assert f"`{game}`" in markdown([game]) or hexbox.game_info(game).title in markdown([game])


def test_where_finds_a_field_and_a_part_of_a_seats_block():
    game = hexbox.load("werebeasts", players=5)
    enc = game.info.hook("encoder")(game)
    rows = {name.strip(): (offset, size) for name, offset, size, _ in enc.layout()}
    seats, cards = rows["seats"], rows["seats.cards"]
    block = seats[1] // 5
    assert enc.where("phase") == slice(0, rows["phase"][1])
    assert enc.where("seats.cards", 2) == slice(seats[0] + 2 * block + cards[0], seats[0] + 2 * block + cards[0] + 44)
    with pytest.raises(KeyError, match="no field"):
        enc.where("nope")
    with pytest.raises(KeyError, match="no part"):
        enc.where("seats.nope")
