"""The events Transylvania makes once and shares between states (play.py, "The commonest events"; rules.py,
``_turn``). The kit checks that no event is changed once returned (check_events_unchanged); the copy ``to_json``
gives a caller is a whole copy only while their values are plain."""

from hexbox.games.transylvania import play, state


def test_shared_events_hold_only_plain_values():
    shared = [*play._END_TURN, *play._PHASE.values(), play._moved(0, 0, 1), state._turn(0, 1)]
    assert all(type(v) in (int, bool, str) for e in shared for v in e.data.values())
