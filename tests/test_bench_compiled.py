"""benchmarks/compiled.py, the compiled build beside the pure one (docs/compiled.md): both builds play the very same
actions, handed out in alternating slices, and each round's ratio is taken over those slices."""

from __future__ import annotations

import sys
from pathlib import Path

from hexbox import load

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import compiled  # noqa: E402


def _trace(stream: compiled.Stream) -> tuple:
    return stream.seed, stream.state.observe(None)


def test_a_stream_played_in_slices_plays_the_same_games_as_one_long_playout():
    game = load("werebeasts", players=5)  # ~10 actions a game: slices of 7 cut games in every place
    sliced, whole = compiled.Stream(game), compiled.Stream(game)
    for _ in range(30):
        sliced.play(7)
    whole.play(210)
    assert sliced.seed > 10  # many games were played, and cut
    assert _trace(sliced) == _trace(whole)


def test_the_cpu_measure_pairs_two_builds_slice_by_slice():
    # the same interpreter twice: two long-lived workers, every game's actions in SLICES alternating slices
    out = compiled.measure_cpu({"pure": sys.executable, "compiled": sys.executable}, ["werebeasts", "prowl"],
                               rounds=2, actions=400)
    assert out["builds_seen"]["pure"] == out["builds_seen"]["compiled"]
    for game in ("werebeasts", "prowl"):
        assert out["paired"]["pure"][game] == [1.0, 1.0]  # the pure build against itself
        assert len(out["paired"]["compiled"][game]) == 2 and all(r > 0 for r in out["paired"]["compiled"][game])
        assert len(out["rates"]["compiled"][game]) == 2
