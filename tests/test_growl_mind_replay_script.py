"""benchmarks/growl_mind_replay.py, whose counts docs/strength.md and heuristic.py's comments give: its record holds
every decision of the games it plays, and replaying it scores them as the bot did."""

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_record_replays_every_decision_with_the_same_scores(tmp_path, monkeypatch, capsys):
    monkeypatch.syspath_prepend(str(ROOT / "benchmarks"))  # it plays bot_speed.py's games
    spec = importlib.util.spec_from_file_location("growl_mind_replay", ROOT / "benchmarks" / "growl_mind_replay.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    path, limit = str(tmp_path / "minds.pkl"), sys.getrecursionlimit()
    script.record(path, 2)
    recs = script.load(path)
    assert len(recs) > 50 and all(len(legal) > 1 for _, legal, _ in recs)
    monkeypatch.setattr(sys, "argv", ["growl_mind_replay.py", "check", path])
    script.main()
    assert capsys.readouterr().out.splitlines()[-1] == f"0 of {len(recs)} decisions scored otherwise"
    assert sys.getrecursionlimit() == limit  # left as it was (a raised limit crashed a later test's worker)
