"""Resuming: games already in the --out file are not played again, and the summary covers all of them."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from hexbox import ConfigError
from hexbox.sim import runner
from hexbox.sim.runner import jobs_for, read_partial, run

ARGS = ["simulate", "werebeasts", "--games", "30", "--seed", "9", "--agents", "heuristic,random,random,random,random",
        "--rotate", "--json"]


def hexbox(*args):
    return subprocess.run([sys.executable, "-m", "hexbox", *args], capture_output=True, text=True, timeout=120)


def test_resume_from_a_partial_file_gives_the_full_run(tmp_path):
    full = tmp_path / "full.jsonl"
    first = hexbox(*ARGS, "--out", str(full))
    assert first.returncode == 0, first.stderr
    lines = full.read_text().splitlines(keepends=True)
    partial = tmp_path / "partial.jsonl"
    partial.write_text("".join(lines[:12]) + lines[12][:40])  # killed while writing game 12
    again = hexbox(*ARGS, "--out", str(partial))
    assert again.returncode == 0, again.stderr
    assert partial.read_text() == full.read_text()
    assert json.loads(again.stdout) == json.loads(first.stdout)
    assert json.loads(again.stdout)["games"] == 30


def test_a_last_line_without_newline_is_kept_and_terminated(tmp_path):
    jobs = jobs_for("werebeasts", 4, ["random"] * 4, 3, 3)
    path = tmp_path / "r.jsonl"
    lines = [json.dumps(r) for r in run(jobs[:2])]
    path.write_text(lines[0] + "\n" + lines[1])
    assert sorted(read_partial(path, jobs)) == [0, 1]
    assert path.read_text() == lines[0] + "\n" + lines[1] + "\n"


def test_games_in_the_file_are_not_played_again(tmp_path, monkeypatch):
    jobs = jobs_for("werebeasts", 4, ["random"] * 4, 10, 3)
    path = tmp_path / "r.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in run(jobs[:6])))
    done = read_partial(path, jobs)
    assert sorted(done) == list(range(6))
    played = []
    real = runner.play_game
    monkeypatch.setattr(runner, "play_game", lambda job, stats=True: played.append(job.index) or real(job, stats))
    list(run([j for j in jobs if j.index not in done]))
    assert played == [6, 7, 8, 9]


def test_a_complete_file_plays_nothing(tmp_path):
    path = tmp_path / "r.jsonl"
    assert hexbox(*ARGS, "--out", str(path)).returncode == 0
    before = path.read_text()
    again = hexbox(*ARGS, "--out", str(path))
    assert again.returncode == 0 and path.read_text() == before


def test_fresh_overwrites(tmp_path):
    path = tmp_path / "r.jsonl"
    path.write_text("not json\n")
    out = hexbox(*ARGS, "--out", str(path), "--fresh")
    assert out.returncode == 0, out.stderr
    assert len(path.read_text().splitlines()) == 30


@pytest.mark.parametrize("content, message", [
    ("garbage\n{}\n", "is not a result line"),
    ('{"index": 99}\n', "not among the 30 games"),
])
def test_a_file_of_something_else_is_refused(tmp_path, content, message):
    path = tmp_path / "r.jsonl"
    path.write_text(content)
    out = hexbox(*ARGS, "--out", str(path))
    assert out.returncode == 2 and message in out.stderr and len(out.stderr.strip().splitlines()) == 1
    assert path.read_text() == content  # nothing overwritten


def test_a_file_of_another_run_is_refused(tmp_path):
    path = tmp_path / "r.jsonl"
    jobs = jobs_for("werebeasts", 5, ["random"] * 5, 30, 1)  # another seed
    path.write_text(json.dumps(runner.play_game(jobs[0])) + "\n")
    with pytest.raises(ConfigError, match="another run"):
        read_partial(path, jobs_for("werebeasts", 5, ["random"] * 5, 30, 9))
    out = hexbox(*ARGS, "--out", str(path))
    assert out.returncode == 2 and "another run" in out.stderr


def test_batches_are_sized_by_time_one_slow_game_at_a_time_many_fast_ones():
    """`hexbox simulate` streams: while games are untimed, and whenever a game takes longer than a batch should, a
    batch is one game (each is handed on, written and kept as it finishes); fast games go in batches up to the cap."""
    from hexbox.sim.runner import BATCH_SECONDS, _Pace

    pace = _Pace(cap=64)
    assert pace.size == 1
    pace.learn(1, 2.0)  # a normal bot's game: seconds
    assert pace.size == 1
    pace.learn(64, 64 * 0.0001)  # random bots: a tenth of a millisecond a game
    assert pace.size == 64
    pace.learn(10, 10 * BATCH_SECONDS / 4)
    assert pace.size == 4
