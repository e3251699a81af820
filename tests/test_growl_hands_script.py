"""benchmarks/growl_hands.py and growl_hard_variant.py, the numbers docs/strength.md gives for GROWL's hands."""

import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def script(name):
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_true_hands_miss_no_card_and_uniform_worlds_miss_some():
    hands = script("growl_hands")
    cases = hands.positions(1, 3000, 6)[:3]
    assert cases
    truth = {id(v): t for v, t in cases}

    def true_hands(view):
        def draw(rng):
            world = view.sample(rng)
            world.hands = [h[:] for h in truth[id(view)].hands]
            return world
        return draw

    assert hands.measure(cases, true_hands, 3)["cards"] == 0
    assert hands.measure(cases, lambda v: v.sample, 3)["cards"] > 0


def test_two_runs_are_paired_deal_by_deal(tmp_path):
    variant = script("growl_hard_variant")
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.write_text(json.dumps({"by_deal": [1.0, 0.0, 1.0, 0.0]}))
    b.write_text(json.dumps([{"wins_by_deal": {"hard": [1.0, 1.0, 1.0, 0.0]}}]))
    line = variant.pair(str(a), str(b))
    assert line.startswith("4 deals: A 2, B 3; B − A +0.250")
    assert line.endswith("won only by A 0, only by B 1")


def oracle_worlds(bound_class, draws=20):
    """(view, truth, world): ``draws`` worlds of the bound's at two positions after a Night (seeds from 3000)."""
    import random

    cases = [c for c in script("growl_hands").positions(2, 3000, 4) if c[1].nights >= 1][:2]
    assert cases
    for view, truth in cases:
        bound = bound_class("growl")
        bound.truth = truth
        draw, roots = bound._worlds(view)
        assert roots and roots <= set(view.legal_actions)
        rng = random.Random(0)
        for _ in range(draws):
            yield view, truth, draw(rng)


def test_true_hands_worlds_hold_the_true_hands_and_believed_teams():
    teams_true = []
    for _, truth, world in oracle_worlds(script("growl_true_hands").TrueHands):
        assert world.hands == truth.hands
        teams_true.append(world.wolf == truth.wolf)
    assert not all(teams_true)  # the teams are drawn, not told


def test_true_neighbours_hands_worlds_deal_the_rest_again(monkeypatch):
    import random

    from hexbox.games.growl import belief

    hands, oracle = script("growl_hands"), script("growl_true_hands")
    monkeypatch.setattr(oracle.TrueHands, "neighbours_only", True)
    cases = [c for c in hands.positions(2, 3000, 4) if c[1].nights >= 1][:2]
    rest_true = []
    for view, truth in cases:
        near = set(belief._neighbours(view.observation["public"], view.seat))
        bound = oracle.TrueHands("growl")
        bound.truth = truth
        draw, _ = bound._worlds(view)
        rng = random.Random(0)
        for _ in range(20):
            world = draw(rng)
            assert all(world.hands[s] == truth.hands[s] for s in near | {view.seat})
            rest_true.append(world.hands == truth.hands)
    assert not all(rest_true)


def test_true_teams_worlds_hold_the_true_teams_and_drawn_hands():
    hands_true = []
    for view, truth, world in oracle_worlds(script("growl_true_teams").TrueTeams):
        assert world.wolf == truth.wolf and world.zero == truth.zero
        assert world.hands[view.seat] == truth.hands[view.seat]  # the seat's own hand is what it holds
        hands_true.append(world.hands == truth.hands)
    assert not all(hands_true)  # the others' hands are drawn, not told
