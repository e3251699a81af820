"""GROWL assembled: the table, its positions and the moves (state.py with its mixins: night.py, spells.py,
knowledge.py, resample.py) and what each seat sees (views.py).

The one module of the game that imports the others: the registration's ``factory`` names it, so loading the game
joins them. Every move runs inside ``logged`` (state.py): the log and who acts next.
"""

from hexbox.core import rules

from . import actions as A
from .state import GrowlGame, GrowlState, check_give, check_night_pass, logged
from .views import private_view, public_view, talk_allowed

__all__ = ["GrowlGame", "GrowlState"]

S = GrowlState
S.RULES = rules({
    # the Day (R16-R20) and death (R38-R42)
    A.Give: (check_give, S._give),
    A.DeathRattle: S._death_rattle,
    A.Decline: S._decline,
    # the Night (night.py)
    A.Target: S._target, A.Target2: S._target2, A.NoTarget: S._no_target,
    A.Hypnosis: S._hypnosis, A.Show: S._show, A.Begin: S._begin,
    A.Contribute: S._contribute, A.Vote: S._vote, A.Pick: S._pick,
    A.Save: S._save, A.Point: S._point, A.Hallows: S._hallows,
    A.NightPass: (check_night_pass, S._night_pass), A.PassNone: S._pass_none,
    # the Spells (spells.py)
    A.EndSpells: S._end_spells, A.Escape: S._escape, A.Scry: S._scry,
    A.Heal: S._heal, A.Purify: S._purify, A.Banish: S._banish, A.Leash: S._leash,
}, move=logged)
S._public = public_view
S._private = private_view
S._private_beside = private_view  # the private half reads the seats' entries the public half has just made
S.talk_allowed = property(talk_allowed)  # the envelope's field: silent during a Night (R24)
del S
