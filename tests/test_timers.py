"""The games' ``timer`` hooks: which decisions a server times, for how long, and when a clock restarts."""

import random

import hexbox


def _timer(state):
    return state.game.info.hook("timer")(state)


def _walk(name, seeds, moves=400, **options):
    """(before, kind of the move, after) for every move of random games."""
    for seed in seeds:
        state = hexbox.load(name, **options).new_state(seed=seed)
        rng = random.Random(seed)
        for _ in range(moves):
            if state.is_over:
                break
            seat = rng.choice(state.actors)
            action = rng.choice(state.legal_actions(seat))
            before = _timer(state)
            state.apply(seat, action)
            yield before, action.kind, _timer(state), state


def test_werebeasts_times_the_bidding_window_only_and_a_bid_change_restarts_it_R39():
    seen = {"change": 0, "pass": 0}
    for before, kind, after, state in _walk("werebeasts", range(80), bid_window_seconds=7):
        if state.phase_name != "bidding":
            assert after is None  # the rulebook names no other clock
            continue
        assert after[0] == 7.0
        if before is None:
            continue  # the window just opened
        if kind == "pass":
            assert after[1] == before[1]  # a pass keeps the running clock
            seen["pass"] += 1
        elif kind in ("offer_cans", "offer_card", "retract_card"):
            assert after[1] != before[1]  # every change of an offer gives the others time again
            seen["change"] += 1
    assert seen["pass"] >= 5 and seen["change"] >= 5


def test_voodoo_times_each_decision_and_each_window_as_a_whole():
    phases = set()
    for before, _kind, after, state in _walk("voodoo", range(4), moves=600, turn_seconds=40,
                                              reaction_window_seconds=5, claim_window_seconds=9):
        phase = state.phase_name
        phases.add(phase)
        if phase == "over":
            assert after is None
        elif phase in ("phase1", "phase2", "candle"):
            assert after == (40.0, None)  # restarted at every move
        else:
            assert after[0] == (9.0 if phase == "claim_window" else 5.0)
            if before is not None and before[1] is not None and before[0] == after[0]:
                # a member's closing move inside the same window keeps its clock
                assert after[1] == before[1]
    assert {"phase1", "phase2", "claim_window"} <= phases
