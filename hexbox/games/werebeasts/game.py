"""Werebeasts assembled: the table and its positions (state.py), the moves (rules.py), what each seat sees (views.py).

The one module of the game that imports the others: the registration's ``factory`` names it, so loading the game
joins them.
"""

from hexbox.core import rules

from . import actions as A
from . import rules as R
from . import views
from .state import WerebeastsGame, WerebeastsState

__all__ = ["WerebeastsGame", "WerebeastsState"]

WerebeastsState.RULES = rules({
    A.Accuse: (R.check_accuse, R.accuse),
    A.Take: (R.check_take, R.take),
    A.Sell: (R.check_sell, R.sell),
    A.OfferCans: (R.check_offer_cans, R.offer_cans),
    A.OfferCard: (R.check_offer_card, R.offer_card),
    A.RetractCard: (R.check_retract_card, R.retract_card),
    A.Pass: (R.check_pass, R.pass_bid),
    A.Accept: (R.check_accept, R.accept),
})
WerebeastsState._public = views.public
WerebeastsState._private = views.private
