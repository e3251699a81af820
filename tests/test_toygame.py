"""Hunch (tests/toygame/), a sixth game written from docs/adding-a-game.md alone and registered by importing its
package: it passes the conformance kit, plays to its end at a terminal, at a table of the server (over the API and
its websocket) and through both learning adapters, with nothing of hexbox written for it."""

from __future__ import annotations

import io
import random
import re
import time
from pathlib import Path

import pytest

import hexbox
from hexbox.core import conformance as kit
from hexbox.core import registry

from .session import HEXBOX, env
from .waiting import NEVER

ROOT = Path(__file__).resolve().parents[1]


# The toy is registered for the whole session (tests/conftest.py imports its package, the one line a game needs), so
# every test that runs on each game runs on it too; the tests here are those only a game from outside hexbox needs.


def setups():
    info = registry.game_info("hunch")
    return [(s["players"], {k: v for k, v in s.items() if k != "players"}) for s in info.conformance]


def test_it_is_a_registered_game_like_the_others():
    assert "hunch" in hexbox.games()
    kit.check_registration("hunch")
    kit.check_hooks("hunch")
    game = hexbox.load("hunch", players=2, rounds=2)
    state = game.new_state(seed=4)
    assert state.actors == (state.active,) and not state.is_over


def test_the_conformance_kit_passes_every_set_up():
    for players, options in setups():
        args = ("hunch", players, options)
        kit.check_games_end(*args, seeds=range(6))
        kit.check_result(*args, seed=11)
        kit.check_determinism_and_replay(*args, seed=3)
        kit.check_actions(*args, seed=5)
        kit.check_refusals(*args, seed=7)
        kit.check_clone(*args, seed=9)
        kit.check_no_leak(*args, seeds=range(3))
        kit.check_told_in_observation(*args, seed=31)
        kit.check_observations(*args, seed=13)
        kit.check_vector(*args, seed=23)
        kit.check_words(*args, seed=17)
        kit.check_events_unchanged(*args, seed=29)
        kit.check_gate(*args, seed=19, inputs=500)
        kit.check_texts(*args, seed=31)


def test_the_kit_would_catch_a_toy_that_leaks():
    """The same checks fail when the toy is broken: its words read a hidden card from the state."""
    from tests.toygame import words

    def leaky(state, events, viewer):
        return [f"Seat {e.data['seat']} passed, holding card {state.hand[e.data['seat']]}." for e in events
                if e.kind == "pass"] or words.describe(state, events, viewer)

    real = words.describe
    try:
        words.describe = leaky
        registry._RESOLVED.pop("tests.toygame.words:describe", None)
        with pytest.raises(AssertionError, match="in a world it cannot tell apart"):
            for seed in range(30):
                kit.check_words("hunch", 3, {}, seed)
    finally:
        words.describe = real
        registry._RESOLVED.pop("tests.toygame.words:describe", None)


# ---- at a terminal -------------------------------------------------------------------------------------------

def test_it_is_played_to_its_end_at_a_terminal(tmp_path):
    pexpect = pytest.importorskip("pexpect", reason="needs the [dev] extra: pip install -e '.[dev]'")
    from tests.test_terminal import PROMPT, TERMINAL, _interruptible, _plain

    record = tmp_path / "hunch.json"
    child = pexpect.spawn(HEXBOX[0], [*HEXBOX[1:], "play", "hunch", "--players", "3", "--seed", "3", "--record",
                                       str(record)], encoding="utf-8", timeout=NEVER, dimensions=(40, 100),
                          env=env(TERMINAL), cwd=str(tmp_path), preexec_fn=_interruptible)  # `hexbox` + the toy
    log = child.logfile_read = io.StringIO()
    prompts = 0
    while child.expect([PROMPT, pexpect.EOF]) == 0:
        child.sendline(("", "1", "2")[prompts % 3])
        prompts += 1
    child.close()
    out = _plain(log.getvalue())
    assert child.exitstatus == 0, out[-2000:]
    assert prompts > 0 and "Hunch" in out and "Your card:" in out
    assert re.search(r"You (won!|lost\.) (Seat|Seats|Nobody)", out), out[-1500:]
    rec = hexbox.Record.loads(record.read_text())
    assert rec.game == "hunch" and hexbox.replay(rec).is_over


# ---- on the server ---------------------------------------------------------------------------------------------

def test_a_table_of_the_server_plays_it_over_the_api_and_the_websocket(tmp_path):
    pytest.importorskip("fastapi", reason="the server tests need the [server] extra")
    from fastapi.testclient import TestClient

    from hexbox.server import create_app
    from tests.server.conftest import bearer, new_table, play_out, settings, state, tokens

    with TestClient(create_app(settings(tmp_path))) as client:
        assert "hunch" in [g["name"] for g in client.get("/api/games").json()]
        catalog = client.get("/api/games/hunch/catalog").json()
        assert [c["id"] for c in catalog["card"]] == ["one", "two", "three", "four", "five"]
        assert catalog["texts"]["five"]["name"] == "Five"
        created = new_table(client, "hunch", 3, seed=8)
        table, toks = created["id"], tokens(created)
        with client.websocket_connect(f"/api/tables/{table}/ws") as ws:
            ws.send_json({"token": toks[1]})
            first = ws.receive_json()
            assert first == state(client, table, toks[1])
            assert first["observation"]["game"] == "hunch" and first["observation"]["private"]["card"]
        made = play_out(client, table, toks)
        assert made
        end = state(client, table, toks[0])
        assert end["result"]["kind"] in ("guessed", "highest_card")
        record = client.get(f"/api/tables/{table}/record", headers=bearer(toks[2])).json()
        assert hexbox.replay(hexbox.Record.from_json(record)).observe(None) == state(client, table)["observation"]


def test_a_real_servers_bot_workers_play_it(tmp_path):
    """`hexbox serve` with bot worker processes (spawned: they know only hexbox's own games unless told): a table
    of the toy with a person and a bot of each search lane (easy is light, hard searches) plays to its end."""
    pytest.importorskip("fastapi", reason="the server tests need the [server] extra")
    import httpx

    from hexbox.agents import LEVELS
    from tests.server.live import Live

    server = Live(f"sqlite:///{tmp_path / 'live.db'}", tmp_path / "server.log", workers=1).start()
    try:
        made = httpx.post(server.url + "/api/tables", json={"game": "hunch", "players": 3, "seed": 5, "bots": {
            "1": LEVELS[0], "2": LEVELS[-1]}, "options": {"rounds": 10}}, timeout=NEVER).json()
        auth = {"Authorization": f"Bearer {made['seats'][0]['token']}"}
        deadline = time.monotonic() + NEVER
        while time.monotonic() < deadline:
            view = httpx.get(f"{server.url}/api/tables/{made['id']}", headers=auth, timeout=NEVER).json()
            if view["result"]:
                break
            if view["legal"]:
                pass_ = next((a for a in view["legal"] if a["kind"] == "pass"), view["legal"][0])
                httpx.post(f"{server.url}/api/tables/{made['id']}/actions", headers=auth, timeout=NEVER,
                           json={"seq": view["seq"], "action": pass_})
            time.sleep(0.05)
        assert view["result"] and view["result"]["kind"] in ("guessed", "highest_card"), view
        assert view["seq"] > 1 and [s["level"] for s in view["seats"][1:]] == [LEVELS[0], LEVELS[-1]]
    finally:
        server.stop()
    assert "Traceback" not in (tmp_path / "server.log").read_text()


# ---- through the learning adapters -------------------------------------------------------------------------------

def test_pettingzoo_api_and_seed_tests_pass():
    pytest.importorskip("pettingzoo", reason="the adapters need the [rl] extra")
    from pettingzoo.test import api_test, seed_test

    from hexbox.adapters.pettingzoo import env

    for players in (2, 3):
        api_test(env("hunch", players=players, render_mode="ansi"), num_cycles=200, verbose_progress=False)
        seed_test(lambda players=players: env("hunch", players=players), num_cycles=50)


def test_openspiel_random_simulation_test_passes():
    pyspiel = pytest.importorskip("pyspiel", reason="the adapters need the [rl] extra")
    from hexbox.adapters import openspiel

    if "hexbox_hunch" not in pyspiel.registered_names():
        openspiel.register("hunch")  # the adapter registers the games known when it was imported, and this one
    game = pyspiel.load_game("hexbox_hunch", {"players": 3, "rounds": 2})
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)
    state = game.new_initial_state()
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert sum(r > 0 for r in state.returns()) == 1  # one winner: a right guess, or the highest card


def test_nothing_of_hexbox_names_the_toy():
    """The game's package is all there is of it: no module of hexbox mentions it."""
    for path in (ROOT / "hexbox").rglob("*"):
        if path.suffix in (".py", ".js", ".toml", ".html", ".md"):
            assert "hunch" not in path.read_text(encoding="utf-8").lower(), path
