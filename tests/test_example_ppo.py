"""examples/train_ppo.py end to end, as CI runs it: a smoke training run, then its policy checked on real games."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib", reason="needs the [dev] extra: pip install -e '.[dev]'")
pytest.importorskip("matplotlib", reason="needs the [dev] extra: pip install -e '.[dev]'")

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "train_ppo.py"


@pytest.mark.slow  # a training run, however small: half a minute of CPU
def test_smoke_run_writes_a_policy_that_only_picks_legal_actions(tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, str(EXAMPLE), "--smoke", "--out", str(tmp_path)],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr

    report = json.loads((tmp_path / "eval.json").read_text())
    assert report["mask_violations"] == 0
    for side in ("policy", "random_policy_baseline"):
        for opponents in ("random", "heuristic"):
            r = report[side][opponents]
            assert r["games"] == 20 and r["mask_violations"] == 0
            assert 0 <= r["low"] <= r["rate"] <= r["high"] <= 1
    with (tmp_path / "curve.csv").open() as f:
        rows = list(csv.DictReader(f))
    assert rows and int(rows[-1]["timesteps"]) >= 256
    assert (tmp_path / "curve.png").stat().st_size > 0

    from sb3_contrib import MaskablePPO

    from hexbox.adapters.pettingzoo import env

    policy = MaskablePPO.load(tmp_path / "policy.zip", device="cpu")
    game = env(report["game"], players=report["players"])
    checked, seed = 0, 0
    while checked < 50:  # every seat's observations from real games, the argmax and a sample in turn
        game.reset(seed=seed)
        seed += 1
        for agent in game.agent_iter():
            obs, _, terminated, truncated, _ = game.last()
            if terminated or truncated:
                game.step(None)
                continue
            mask = obs["action_mask"]
            action, _ = policy.predict(obs["observation"], action_masks=mask.astype(bool),
                                       deterministic=checked % 2 == 0)  # the argmax and a sample
            assert mask[int(action)] == 1, f"{agent} picked masked action {int(action)}"
            checked += 1
            game.step(int(action))
    assert checked >= 50
