"""benchmarks/werebeasts_branch.py, whose numbers docs/strength.md gives ("What `hard`'s own choices cause")."""

import importlib.util
import io
import json
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "benchmarks"


def script(name):
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_branching_leaves_the_deal_as_the_driver_plays_it_and_plays_out_every_candidate(tmp_path, capsys, monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH))  # the script imports clairvoyant as a sibling
    branch, clairvoyant = script("werebeasts_branch"), script("clairvoyant")
    out = io.StringIO()
    for seed in (3000, 3001):
        branch.deal(seed, 2, out)
    lines = [json.loads(x) for x in out.getvalue().splitlines()]
    done = {r["seed"]: r["won"] for r in lines if r.get("done")}
    # the playouts run on copies: the deal itself ends as clairvoyant.py's hard row plays it
    assert done == {s: clairvoyant.play("werebeasts", s, "hard")[0] for s in (3000, 3001)}
    positions = [r for r in lines if not r.get("done")]
    assert positions, "no turn of these deals had an accusation to weigh"
    for r in positions:
        assert "sell" in r["wins"] and r["chose"] in r["wins"] and r["top"] in r["wins"]
        assert all(len(w) == 2 and set(w) <= {0, 1} for w in r["wins"].values())
        assert all(r["right"][name] for name in r["wins"] if name == "sell")
    path = tmp_path / "b.jsonl"
    path.write_text(out.getvalue())
    branch.summary([str(path)])
    hard_accused = sum(":" in r["chose"] for r in positions)
    assert f"2 deals ({sum(done.values())} won), {len(positions)} positions, hard accused at {hard_accused}" in (
        capsys.readouterr().out)
