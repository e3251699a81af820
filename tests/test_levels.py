"""The three levels a person can pick (hexbox.agents.LEVELS): names for agent specs, per game, accepted wherever
an agent spec is (the terminal, the simulator, a server seat)."""

from __future__ import annotations

import json
import random

import pytest

import hexbox
from hexbox.agents import LEVELS, Sloppy, level_spec, make_agent, parse_spec, resolve
from hexbox.agents.ismcts import ISMCTS
from hexbox.agents.worker import agent_for
from hexbox.core import ConfigError, View
from hexbox.games.werebeasts import actions as A
from hexbox.server.bots import Caps, _over, check_spec, level

from .test_cli import hexbox as run_hexbox

GAMES = sorted(hexbox.games())


def test_the_levels_are_named_weakest_first_and_every_game_has_each():
    assert LEVELS == ("easy", "normal", "hard")
    for game in GAMES:
        specs = [level_spec(name, game) for name in LEVELS]
        assert specs[0].startswith("heuristic:"), specs  # the game's bot made weaker, not a random player
        assert specs[1] == "heuristic"
        assert parse_spec(specs[2])[0] == "ismcts"
        agents = [make_agent(name, game) for name in LEVELS]
        bot = type(make_agent("heuristic", game))
        assert type(agents[0]) in (Sloppy, bot) and type(agents[1]) is bot and type(agents[2]) is ISMCTS


@pytest.mark.parametrize("game", GAMES)
def test_every_level_fits_under_the_servers_default_caps(game):
    caps = Caps()
    kind, params = parse_spec(level_spec("hard", game))
    assert _over(params, caps) is None
    assert make_agent("hard", game).iters <= 1000  # docs/strength.md: under 0.6 s a decision at these budgets
    for name in LEVELS:
        assert check_spec(f" {name.upper()} ", game, caps) == name  # a seat keeps the name people picked
        assert level(name) == name


def test_levels_are_words_not_agents_with_parameters():
    assert resolve("Hard", "prowl") == "ismcts:iters=300+worlds=belief"
    assert resolve("ismcts:iters=5", "prowl") == "ismcts:iters=5"
    with pytest.raises(ConfigError, match="level 'hard' takes no parameters"):
        make_agent("hard:iters=5", "prowl")
    with pytest.raises(ConfigError, match="unknown level 'expert'"):
        level_spec("expert", "prowl")
    with pytest.raises(ConfigError, match="unknown game"):
        level_spec("easy", "chess")
    with pytest.raises(ConfigError, match="random is a share of moves from 0 to 1"):
        make_agent("heuristic:random=2", "prowl")
    with pytest.raises(ConfigError, match="takes no parameters but random=P, samples, blind for prowl"):
        make_agent("heuristic:noise=0.1", "prowl")


def test_a_heuristic_takes_the_parameters_its_class_declares():
    timid = make_agent("heuristic:min_belief=0.95+caution=2", "werebeasts")
    assert (timid.min_belief, timid.caution) == (0.95, 2.0)
    assert make_agent("easy", "werebeasts").accuse is False
    assert make_agent("heuristic:accuse=YES", "werebeasts").accuse is True
    with pytest.raises(ConfigError, match="accuse is yes or no, not 'maybe'"):
        make_agent("heuristic:accuse=maybe", "werebeasts")
    with pytest.raises(ConfigError, match="random=P, decoy_rate, shy_rate, caution, min_belief, accuse for werebeasts"):
        make_agent("heuristic:boldness=1", "werebeasts")
    with pytest.raises(ConfigError, match="min_belief expects a number, not 'high'"):
        make_agent("heuristic:min_belief=high", "werebeasts")


def test_a_sloppy_werebeasts_bot_never_accuses_at_random():
    # its random moves are drawn from what the game's advice deems worth making: no accusation
    state = hexbox.load("werebeasts", players=5, dealer=0).new_state(3)
    view = View.of(state, 1)
    assert any(type(a) is A.Accuse for a in view.legal_actions)
    easy = make_agent("heuristic:random=1", "werebeasts")
    rng = random.Random(0)
    assert {type(easy.act(view, rng)) for _ in range(50)} == {A.Sell}
    anyone = make_agent("random", "werebeasts")
    assert A.Accuse in {type(anyone.act(view, rng)) for _ in range(50)}  # where a random player would


def test_a_server_worker_plays_each_level_within_its_limits():
    state = hexbox.load("prowl", players=3).new_state(1)
    limits = Caps(seconds=1, iterations=50, rollout=10).limits
    hard = agent_for("hard", "prowl", limits)
    assert isinstance(hard, ISMCTS) and hard.iters == 50 and hard.rollout <= 10
    for name in LEVELS:
        seat = state.actors[0]
        action = agent_for(name, "prowl", limits).act(View.of(state, seat), random.Random(2))
        assert action in state.legal_actions(seat)


def test_the_command_line_takes_levels_for_bots_and_agents(tmp_path):
    out = tmp_path / "levels.jsonl"
    done = run_hexbox("simulate", "prowl", "-p", "3", "--games", "2", "--agents", "easy,normal,hard:iters=5",
                      "--jobs", "1", "--out", str(out))
    assert done.returncode == 2 and "level 'hard' takes no parameters" in done.stderr
    done = run_hexbox("simulate", "prowl", "-p", "3", "--games", "2", "--agents", "easy,normal,random",
                      "--jobs", "1", "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert json.loads(out.read_text().splitlines()[0])["agents"] == ["easy", "normal", "random"]
    played = run_hexbox("play", "prowl", "--players", "3", "--seat", "0", "--bots", "easy", "--seed", "1",
                        stdin="\n" * 3000)
    assert played.returncode == 0, played.stderr
    assert "the other seats: easy" in played.stdout


def test_strength_smoke_normal_beats_easy_in_the_same_werebeasts_deals():
    """A short form of docs/strength.md's levels table: one `normal` among four `easy` bots, each deal also played
    by five `easy` bots; the games won only by `normal` in its seat outnumber those won only by `easy` there."""
    from hexbox.sim.runner import jobs_for, run

    games, seed = 40, 2026
    mixed = list(run(jobs_for("werebeasts", 5, ["normal"] + ["easy"] * 4, games, seed, rotate=True)))
    alone = {r["index"]: set(r["winners"]) for r in run(jobs_for("werebeasts", 5, ["easy"] * 5, games, seed))}
    gained = lost = 0
    for r in mixed:
        seat = r["agents"].index("normal")
        gained += seat in r["winners"] and seat not in alone[r["index"]]
        lost += seat in alone[r["index"]] and seat not in r["winners"]
    assert gained > 2 * lost, (gained, lost)


def test_a_registration_declares_levels_presets_and_view_it_can_have_or_is_refused():
    from hexbox.core import GameInfo, Option

    base = dict(name="x", title="X", min_players=2, max_players=3, factory="m.x:F", options=(Option("a", 1, "a"),))
    assert GameInfo(**base, levels={"hard": "ismcts:iters=5"}, presets={"Quick": {"a": 2}}, view=("x.js", "x.css"))
    with pytest.raises(ValueError, match="unknown level"):
        GameInfo(**base, levels={"expert": "random"})
    with pytest.raises(ValueError, match="preset 'Quick'.* b"):
        GameInfo(**base, presets={"Quick": {"b": 2}})
    with pytest.raises(ValueError, match="preset 'Standard'"):
        GameInfo(**base, presets={"Standard": {}})
    with pytest.raises(ValueError, match="a view is x.js"):
        GameInfo(**base, view=("x.css",))
