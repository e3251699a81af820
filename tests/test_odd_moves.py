"""benchmarks/odd_moves.py, the screen for moves a person finds odd, on a few games per game: its detectors see
the cases they are for, and the bots of every level make none of them (the full screen: docs/strength.md)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from hexbox.core import games

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("odd_moves", ROOT / "benchmarks" / "odd_moves.py")
odd_moves = importlib.util.module_from_spec(spec)
sys.modules["odd_moves"] = odd_moves
spec.loader.exec_module(odd_moves)


# Prowl's easy bot accuses at random in its random share (Prowl gives its bots no advice); a Voodoo bot forgets a
# ritual one time in twenty on purpose (R74: forget=0.05), so its screen here is of a bot that never forgets
AGENTS = {"prowl": ["normal"], "voodoo": ["heuristic:forget=0", "heuristic:forget=0+random=0.33"]}


@pytest.mark.parametrize("game", games())
def test_normal_and_easy_bots_make_no_odd_move(game):
    report = odd_moves.screen(game, 3, AGENTS.get(game, ["normal", "easy"]))
    assert report["games"] == 3 and report["decisions"] > 0
    assert report["odd"] == {}, report["examples"]


def test_the_detectors_see_the_cases():
    from hexbox.games.werebeasts import actions as A

    sys.path.insert(0, str(ROOT / "tests" / "werebeasts"))
    try:
        from test_werebeasts_bots import box_sale
    finally:
        sys.path.pop(0)
    state, _ = box_sale()
    detect = odd_moves.werebeasts_detector()
    assert detect(state, 0, A.OFFER_CANS[3]) == "raise while leading"
    assert detect(state, 0, A.PASS) is None and detect(state, 0, A.OFFER_CANS[1]) is None
    walker = odd_moves.transylvania_detector()
    sys.path.insert(0, str(ROOT / "tests" / "transylvania"))
    try:
        from test_transylvania_bots import qualifying_on_the_church
        from transylvania_helpers import SLOT, move
    finally:
        sys.path.pop(0)
    s = qualifying_on_the_church()
    off = next(a for a in s.legal_actions(0) if a.kind == "move" and a.node not in odd_moves_church())
    assert walker(s, 0, off) is None
    here = s.pos[0]
    s.apply(0, off)
    assert walker(s, 0, move(next(k for k, v in SLOT.items() if v == here))) == "back and forth?"


def test_a_walk_that_answers_a_change_of_dice_is_not_odd():
    # the case: normal bots walked back 4 times in 1,000 games, each time after stepping onto an Event space whose
    # Event raised a trait (a token's odds): the walk turned toward a token now worth trying
    sys.path.insert(0, str(ROOT / "tests" / "transylvania"))
    try:
        from transylvania_helpers import act, graveyard_table, move, put
    finally:
        sys.path.pop(0)
    for news in (False, True):
        s = graveyard_table()
        put(s, 0, "graveyard.h")
        walker = odd_moves.transylvania_detector()
        assert walker(s, 0, move("graveyard.l")) is None
        act(s, 0, move("graveyard.l"))
        if news:
            s.tt[0][1] += 1  # a trait token, as an Event may give
        assert walker(s, 0, move("graveyard.h")) == (None if news else "back and forth?")


def test_the_prowl_detector_sees_an_accusation_right_after_a_change():
    import random

    import hexbox
    from hexbox.core import View
    from hexbox.games.prowl.heuristic import Heuristic

    st = hexbox.load("prowl", players=4).new_state(seed=6)  # the case of tests/prowl/test_prowl_heuristic.py
    bot, rng = Heuristic(), random.Random(6)
    for _ in range(5):
        seat = st.actors[0] if len(st.actors) == 1 else rng.choice(st.actors)
        st.apply(seat, bot.act(View.of(st, seat), rng))
    accuse = [a for a in st.legal_actions(1) if a.kind == "accuse"]
    detect = odd_moves.prowl_detector()
    assert {detect(st, 1, a) for a in accuse if a.target == 0} == {"blind accusation after a change"}
    assert {detect(st, 1, a) for a in accuse if a.target != 0} == {None}


def odd_moves_church() -> set[int]:
    from hexbox.games.transylvania.heuristic import CHURCH

    return set(CHURCH)
