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


def test_a_variant_with_an_overlay_runs_on_ray_with_the_overlay_in_its_tasks(local_ray):
    """The overlay travels with the task: Ray's workers for it import the game over the overlaid data, and the
    printed game's tasks, on the same cluster, still play it as printed."""
    from hexbox.sim.batch import play_variant
    from hexbox.sim.variant import Variant, as_printed

    three = Variant("growl", "three", {}, {"setup": {"starter": {"6": [3, 3]}}})
    local = play_variant(three, 6, ["random"] * 6, 10, seed=9, workers=1)
    remote = play_variant(three, 6, ["random"] * 6, 10, seed=9, workers=2, ray_address="auto")
    assert remote == local and {x["stats"]["wolf_zeroes"] for x in remote} == {3}
    printed = play_variant(as_printed("growl"), 6, ["random"] * 6, 10, seed=9, workers=2, ray_address="auto")
    assert {x["stats"]["wolf_zeroes"] for x in printed} == {2}


def test_compare_plays_both_sides_on_ray(local_ray, tmp_path):
    from hexbox.sim.compare import Side, compare, play_sides
    from hexbox.sim.variant import Variant, as_printed

    three = Variant("growl", "three", {}, {"setup": {"starter": {"6": [3, 3]}}})
    a, b = play_sides(Side("as printed", as_printed("growl")), Side("three", three), 6, "random", 40, 5, 2,
                      ray_address="auto", save=tmp_path)
    rows = {r.key: r for r in compare(a, b)}
    assert rows["role:werewolf"].paired and rows["role:werewolf"].pairs == 40
    assert (tmp_path / "A.jsonl").is_file() and (tmp_path / "B.jsonl").is_file()


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

