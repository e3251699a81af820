"""benchmarks/growl_worlds.py, the number docs/strength.md gives for GROWL's belief worlds, on one short game."""

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_belief_worlds_follow_the_belief_closer_than_uniform_ones():
    spec = importlib.util.spec_from_file_location("growl_worlds", ROOT / "benchmarks" / "growl_worlds.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    views = script.positions(2)
    assert views
    uniform = script.misses(views, lambda v: v.sample, 60)
    drawn = script.misses(views, script.belief.determinizer, 60)
    assert len(uniform) == len(drawn) > 0
    assert sum(drawn) / len(drawn) < sum(uniform) / len(uniform)
