"""Agent specs: a name, optional parameters after a colon joined by '+', one spec per seat joined by ','."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from hexbox import ConfigError
from hexbox.agents import RandomAgent, make_agent, parse_spec
from hexbox.agents.ismcts import DEFAULT_ITERS, ISMCTS

from .waiting import NEVER


@pytest.mark.parametrize("spec, kind, params", [
    ("random", "random", {}),
    (" Heuristic ", "heuristic", {}),
    ("ismcts", "ismcts", {}),
    ("ismcts:iters=200", "ismcts", {"iters": "200"}),
    ("ismcts:iters=200+c=0.5", "ismcts", {"iters": "200", "c": "0.5"}),
    ("ismcts:seconds=0.5;rollout=50", "ismcts", {"seconds": "0.5", "rollout": "50"}),
])
def test_parse(spec, kind, params):
    assert parse_spec(spec) == (kind, params)


def test_ismcts_parameters_reach_the_agent():
    agent = make_agent("ismcts:iters=200+c=0.5+rollout=30+policy=kind+reward=score", "werebeasts")
    assert isinstance(agent, ISMCTS)
    assert (agent.iters, agent.c, agent.rollout, agent.policy, agent.reward) == (200, 0.5, 30, "kind", "score")
    assert make_agent("ismcts", "werebeasts").iters == DEFAULT_ITERS
    timed = make_agent("ismcts:seconds=0.25", "werebeasts")
    assert timed.seconds == 0.25 and timed.iters is None
    assert make_agent("ismcts:calls=5000", "werebeasts").calls == 5000
    assert isinstance(make_agent("random", "werebeasts"), RandomAgent)


@pytest.mark.parametrize("spec, message", [
    ("genius", "unknown agent 'genius'"),
    ("iters=200", "separate an agent's parameters with '+'"),
    ("ismcts:iters=lots", "iters expects an integer"),
    ("ismcts:c=high", "c expects a number"),
    ("ismcts:depth=3", "ismcts has no parameter 'depth'"),
    ("ismcts:iters", "parameters are key=value"),
    ("ismcts:iters=1+iters=2", "given twice"),
    ("ismcts:iters=0", "iters must be positive"),
    ("ismcts:seconds=-1", "seconds must be positive"),
    ("ismcts:policy=smart", "policy must be uniform, kind or heuristic"),
    ("ismcts:reward=money", "reward must be win or score"),
    ("random:iters=5", "'random' takes no parameters"),
])
def test_bad_specs_are_config_errors(spec, message):
    with pytest.raises(ConfigError, match=re.escape(message)):
        make_agent(spec, "werebeasts")


def test_unknown_game_is_a_config_error():
    with pytest.raises(ConfigError, match="unknown game"):
        make_agent("ismcts", "chess")


@pytest.mark.parametrize("agents, message", [
    ("ismcts:iters=5,c=1,random,random,random", "unknown agent 'c=1'"),
    ("ismcts:iters=x", "iters expects an integer"),
    ("ismcts:iters=5,heuristic", "one agent or one per seat"),
])
def test_cli_bad_spec_is_one_line_and_exit_2(agents, message):
    out = subprocess.run([sys.executable, "-m", "hexbox", "simulate", "werebeasts", "--games", "2", "--agents", agents],
                         capture_output=True, text=True, timeout=NEVER)
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], out.stderr


def test_cli_per_seat_list_with_ismcts_parameters(tmp_path):
    path = tmp_path / "r.jsonl"
    out = subprocess.run([sys.executable, "-m", "hexbox", "simulate", "werebeasts", "--games", "3", "--players", "3",
                          "--agents", "ismcts:iters=10+rollout=20,heuristic,random", "--rotate", "--json",
                          "--out", str(path)], capture_output=True, text=True, timeout=NEVER)
    assert out.returncode == 0, out.stderr
    lines = path.read_text().splitlines()
    assert '"agents": ["heuristic", "random", "ismcts:iters=10+rollout=20"]' in lines[1]
