"""`hexbox sensitivity`: a Morris screening ranks the knobs that matter, on a toy space whose answer is known, agrees
with SALib's own analysis, survives candidates the game refuses, and runs on real games from the command line."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

pytest.importorskip("SALib", reason="the screening needs SALib (the [design] extra, in [dev])")

from hexbox.sim.knobs import LIVE, Knob  # noqa: E402
from hexbox.sim.sensitivity import Factor, design, elementary_effects, factor_of, screen  # noqa: E402


def toy_factors() -> list[Factor]:
    return [Factor("options.strong", 5, 0, 10), Factor("options.none", 5, 0, 10),
            Factor("options.curved", 5, 0, 10, integer=False), Factor("overlay.rule.flag", False,
                                                                     choices=(False, True))]


def toy(options, overlay):
    """A game whose first player's edge is 3 per step of `strong`, nothing for `none`, the square of `curved`/5,
    and 4 points when the flag is up; its length follows `none` alone."""
    flag = overlay.get("rule", {}).get("flag", False)
    first = 3 * options["strong"] + (options["curved"] / 5) ** 2 + 4 * flag
    return {"first": first, "length": 20 + options["none"], "ending": 50.0}


def test_the_screening_ranks_the_knobs_by_their_effect_on_a_toy_game():
    found = screen(toy_factors(), toy, trajectories=8, levels=4, seed=1)
    effects = {e.path: e for e in found["effects"]}
    assert effects["options.strong"].mu_star["first"] == pytest.approx(30)  # 3 a step, across a range of 10
    assert effects["options.none"].mu_star["first"] == 0
    assert effects["options.none"].mu_star["length"] == pytest.approx(10)
    assert effects["overlay.rule.flag"].mu_star["first"] == pytest.approx(4)
    curved = effects["options.curved"]
    assert 2 < curved.mu_star["first"] < 6 and curved.sigma["first"] > 0  # not a straight line: σ says so
    assert curved.low["first"] <= curved.mu_star["first"] <= curved.high["first"]
    # ranked over every measure: `strong` moves the edge most, `none` the length most
    assert [e.path for e in found["effects"]][:2] == ["options.strong", "options.none"]
    assert found["refused"] == 0 and found["rows"] == 8 * 5


def test_the_effects_are_salib_s_own():
    from SALib.analyze import morris

    factors = [Factor(f"options.{name}", 5.0, 0.0, 10.0, integer=False) for name in ("strong", "none", "curved")]
    x = design(factors, 6, 4, seed=2)
    outputs = []
    for row in x:
        options, overlay = {}, {}
        for f, level in zip(factors, row, strict=True):
            f.set(float(level), options, overlay)
        outputs.append(toy(options, overlay))
    ours = elementary_effects(x, outputs, len(factors))
    problem = {"num_vars": 3, "names": [f.path for f in factors], "bounds": [[0.0, 1.0]] * 3}
    import numpy as np

    theirs = morris.analyze(problem, x, np.array([o["first"] for o in outputs]), num_levels=4, seed=2)
    for j in range(3):
        mu_star = sum(abs(e["first"]) for e in ours[j]) / len(ours[j])
        assert mu_star == pytest.approx(theirs["mu_star"][j])


def test_a_candidate_the_game_refuses_is_counted_and_skipped():
    def picky(options, overlay):
        return None if options["strong"] > 7 else toy(options, overlay)

    found = screen(toy_factors(), picky, trajectories=6, levels=4, seed=3)
    assert found["refused"] > 0
    strong = next(e for e in found["effects"] if e.path == "options.strong")
    assert strong.mu_star["first"] == pytest.approx(30)  # the effects measured are still right
    assert strong.effects < 6  # those that needed a refused candidate are left out


def test_a_live_knob_becomes_a_factor_over_its_range():
    copies = Knob("overlay.card.gold.copies.base", 12, LIVE,
                  change={"options": {}, "overlay": {"card": {"gold": {"copies": {"base": 13}},
                                                              "charm": {"copies": {"base": 4}}}}})
    f = factor_of(copies)
    assert (f.low, f.high, f.partner, f.partner_printed) == (7, 17, "overlay.card.charm.copies.base", 5)
    options, overlay, moved = {}, {}, {}
    f.set(1.0, options, overlay, moved)  # five more Gold, five fewer Charm: the deck keeps its size
    assert overlay == {"card": {"gold": {"copies": {"base": 17}}, "charm": {"copies": {"base": 0}}}}
    salve = factor_of(Knob("overlay.card.salve.copies.base", 5, LIVE, change={"options": {}, "overlay": {
        "card": {"salve": {"copies": {"base": 6}}, "charm": {"copies": {"base": 4}}}}}))
    salve.set(0.0, options, overlay, moved)  # two fewer Salves, two more Charms: on top of Gold's move
    assert overlay["card"]["charm"]["copies"]["base"] == 2 and overlay["card"]["salve"]["copies"]["base"] == 3
    option = factor_of(Knob("options.holy_water", 2, LIVE, change={"options": {"holy_water": 3}, "overlay": {}}),
                       "growl", 5)
    assert (option.low, option.high) == (1, 3)  # the range the option declares


def test_sensitivity_from_the_command_line_ranks_real_knobs_with_a_page(tmp_path):
    out = subprocess.run([sys.executable, "-m", "hexbox", "sensitivity", "werebeasts", "-p", "3", "-n", "12",
                          "--trajectories", "2", "-k", "options.max_bid_changes", "-k",
                          "overlay.game.chow_cans_per_point", "--check-seeds", "6", "--out", str(tmp_path / "page")],
                         capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    text = "".join(out.stdout.split())  # the table folds long names in a narrow terminal
    assert "theknobsthatmattermost" in text and "game.chow_cans" in text
    page = (tmp_path / "page" / "index.html").read_text()
    assert page.count("<svg") >= 2 and not re.search(r"""(src|href)=["']https?:""", page)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["page"]  # nothing else written where it ran


def test_sensitivity_json_names_every_measure():
    out = subprocess.run([sys.executable, "-m", "hexbox", "sensitivity", "werebeasts", "-p", "3", "-n", "8",
                          "--trajectories", "2", "-k", "overlay.game.chow_cans_per_point", "--check-seeds", "4",
                          "--json"], capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    found = json.loads(out.stdout)
    assert found["effects"][0]["path"] == "overlay.game.chow_cans_per_point"
    assert set(found["printed"]) >= {"first", "length", "ending"}
