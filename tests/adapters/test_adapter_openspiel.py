"""The OpenSpiel adapter: every game registered as hexbox_<game>, OpenSpiel's own random-simulation test, its
MCTS and ISMCTS bots through evaluate_bots, and worlds from resample_from_infostate (docs/learning.md)."""

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts
from open_spiel.python.bots import uniform_random

import hexbox
import hexbox.adapters.openspiel  # noqa: F401  (registers the games)
from hexbox.adapters import rewards
from hexbox.core.registry import game_info

TABLES = [(g, n) for g in hexbox.games() for n in sorted({game_info(g).min_players, game_info(g).max_players})]
# Voodoo's free actions (emotes, phrases) make random games tens of thousands of actions long; Transylvania's
# random games run to the round limit. Bounded so that CI plays them in seconds (the rules are the same).
BOUND = {"voodoo": {"max_steps": 400}, "transylvania": {"max_rounds": 10}}


def test_every_game_is_registered_with_its_options_as_parameters():
    names = set(pyspiel.registered_names())
    assert {f"hexbox_{g}" for g in hexbox.games()} <= names
    game = pyspiel.load_game("hexbox_werebeasts", {"players": 4, "max_bid_changes": 2})
    assert game.num_players() == 4 and game.num_distinct_actions() == hexbox.load("werebeasts", 4).num_action_ids
    assert game.hexbox.max_bid_changes == 2
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    with pytest.raises(hexbox.ConfigError):
        pyspiel.load_game("hexbox_werebeasts", {"players": 11})


@pytest.mark.parametrize(("game", "players"), TABLES, ids=[f"{g}-{n}p" for g, n in TABLES])
def test_openspiel_random_simulation_test_passes(game, players):
    params = {"players": players, **BOUND.get(game, {})}
    pyspiel.random_sim_test(pyspiel.load_game(f"hexbox_{game}", params), num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("game", hexbox.games())
def test_tensors_are_the_encoder_and_a_resampled_world_keeps_the_information_state(game):
    spiel = pyspiel.load_game(f"hexbox_{game}", BOUND.get(game, {}))
    state = spiel.new_initial_state()
    rng = np.random.default_rng(1)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for step in range(60):
        if state.is_terminal():
            break
        player = state.current_player()
        obs = state.observation_tensor(player)
        assert obs == pytest.approx(spiel.encoder.encode(state.hexbox.observe(player)))
        info = state.information_state_tensor(player)
        assert info[:len(obs)] == pytest.approx(obs)
        if step % 5 == 0:
            world = state.resample_from_infostate(player, sampler)
            assert world.information_state_string(player) == state.information_state_string(player)
            assert world.observation_tensor(player) == pytest.approx(obs)
            assert world.legal_actions(player) == state.legal_actions(player)
        action = int(rng.choice(state.legal_actions()))
        state.apply_action(action)
        mine = state.information_state_tensor(player)[len(obs):]
        assert mine[action] == 1.0, "the information state remembers the player's own actions"


def test_the_information_state_is_what_the_player_was_told():
    state = pyspiel.load_game("hexbox_werebeasts", {"players": 3}).new_initial_state()
    before = state.information_state_string(0)
    state.apply_action(state.legal_actions()[0])
    after = state.information_state_string(0)
    assert after != before and after.endswith(state.observation_string(0))
    assert state.told(0) and all(isinstance(line, str) for line in state.told(0))


class ISMCTS(ismcts.ISMCTSBot):
    # OpenSpiel's Python ISMCTS bot searches afresh at every step and lacks evaluate_bots' two notifications
    def restart_at(self, state):
        pass

    def inform_action(self, state, player, action):
        pass


@pytest.mark.parametrize("game", ["werebeasts", "prowl"])
def test_openspiel_mcts_and_ismcts_bots_play_our_games_through_evaluate_bots(game):
    spiel = pyspiel.load_game(f"hexbox_{game}", {"players": 3})
    rng = np.random.RandomState(0)
    rollout = mcts.RandomRolloutEvaluator(1, rng)
    for i in range(3):
        bots = [ISMCTS(spiel, rollout, 2.0, 30, random_state=np.random.RandomState(i)),
                mcts.MCTSBot(spiel, 2.0, 30, rollout, random_state=np.random.RandomState(i)),
                uniform_random.UniformRandomBot(2, np.random.RandomState(i))]
        state = spiel.new_initial_state()
        returns = evaluate_bots.evaluate_bots(state, bots, rng)
        assert state.is_terminal() and state.hexbox.is_over, "the bots played the game to its end"
        assert returns == rewards(state.hexbox.result, 3, "win")


def test_a_resampled_world_knows_only_the_resampling_players_own_actions():
    spiel = pyspiel.load_game("hexbox_prowl", {"players": 3})
    state = spiel.new_initial_state()
    rng = np.random.default_rng(3)
    while len({p for p in range(3) if any(state.information_state_tensor(p)[spiel.encoder.size:])}) < 3:
        state.apply_action(int(rng.choice(state.legal_actions())))
    player = state.current_player()
    world = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    size = spiel.encoder.size
    assert world.information_state_tensor(player)[size:] == state.information_state_tensor(player)[size:]
    for other in set(range(3)) - {player}:
        assert not any(world.information_state_tensor(other)[size:]), "another seat's choices may have been secret"
