"""Hunch assembled: the moves and the views joined to the state; the registration's factory names this module."""

from hexbox.core import rules

from . import actions as A
from . import rules as R
from . import views
from .state import HunchGame, HunchState

__all__ = ["HunchGame", "HunchState"]

HunchState.RULES = rules({
    A.Guess: (R.check_guess, R.guess),
    A.Pass: R.pass_turn,  # no check of its own: the gate checks it against the legal list
})
HunchState._public = views.public
HunchState._private = views.private
