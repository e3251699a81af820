"""Prowl assembled: the table and its positions (state.py), the moves (rules.py) and card effects (effects.py),
what each seat sees (views.py) and the worlds it cannot tell apart (hidden.py).

The one module of the game that imports the others: the registration's ``factory`` names it, so loading the game
joins them.
"""

from hexbox.core import rules

from . import actions as A
from . import effects, hidden, views
from . import rules as R
from .state import ProwlGame, ProwlState

__all__ = ["ProwlGame", "ProwlState"]

ProwlState.RULES = rules({
    A.SetClan: (R.check_set_clan, R.set_clan),  # P1: any card of the hand, once
    A.Play: (R.check_play, R.play),
    A.Change: (R.check_change, R.change),
    A.Accuse: (R.check_accuse, R.accuse),
    # P3, P4: one of the open prompt's values, or skip where it may be skipped
    A.ChoosePlayer: (effects.check_answer, R.answer),
    A.ChooseClan: (effects.check_answer, R.answer),
    A.ChooseCard: (effects.check_answer, R.answer),
    A.ChooseOption: (effects.check_answer, R.answer),
    A.Skip: (effects.check_answer, R.answer),
})
ProwlState._public = views.public
ProwlState._private = views.private
ProwlState._resample = hidden.resample
