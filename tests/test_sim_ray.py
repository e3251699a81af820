"""Ray: the same pure jobs as remote tasks give exactly the lines of a local run."""

from __future__ import annotations

import pytest

from hexbox.sim.runner import jobs_for, run

ray = pytest.importorskip("ray", reason="needs the [dev] extra: pip install -e '.[dev]'")


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_ray_results_equal_local_results(local_ray):
    jobs = jobs_for("werebeasts", 5, ["ismcts:iters=10+rollout=20", "heuristic", "random", "random", "random"], 12,
                    seed=4, rotate=True)
    local = list(run(jobs, workers=1))
    remote = list(run(jobs, workers=2, ray_address="auto"))  # joins the cluster that the fixture started
    assert remote == local
    assert [r["index"] for r in remote] == list(range(12))
    assert all("stats" in r for r in remote)


def test_cli_ray_local_gives_the_numbers_and_lines_of_a_local_run(tmp_path):
    import json
    import subprocess
    import sys

    outputs = []
    for extra in (["--jobs", "1"], ["--ray", "local", "--jobs", "2"]):
        path = tmp_path / f"{extra[1]}.jsonl"
        out = subprocess.run([sys.executable, "-m", "hexbox", "simulate", "werebeasts", "--games", "20", "--seed", "3",
                              "--agents", "heuristic,random,random,random,random", "--json", "--out", str(path),
                              *extra], capture_output=True, text=True, timeout=300)
        assert out.returncode == 0, out.stderr
        outputs.append((json.loads(out.stdout), path.read_text()))
    assert outputs[0] == outputs[1]

