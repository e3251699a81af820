"""Voodoo assembled: the table and its positions with the moves (state.py), artefact effects (artefacts.py), the
legal lists (legal.py) and what each seat sees (views.py).

The one module of the game that imports the others: the registration's ``factory`` names it, so loading the game
joins them. Every move runs inside ``r56``, the curse machinery of R56 (state.py).
"""

from hexbox.core import rules

from . import actions as A
from . import artefacts, legal, views
from .state import VoodooGame, VoodooState, r56

__all__ = ["VoodooGame", "VoodooState"]

S = VoodooState
S.RULES = rules({
    A.Roll: (S._check_roll, S._roll),
    A.Reroll: (S._check_reroll, S._reroll),
    A.Keep: (S._check_keep, S._keep),
    A.DrawCurse: (S._check_draw_curse, S._draw_curse),
    A.DrawArtefact: (S._check_draw_artefact, S._draw_artefact),
    A.Cast: (S._check_cast, S._cast),
    A.UseArtefact: (artefacts.check, artefacts.use),
    A.KeepCard: (artefacts.check_keep_card, artefacts.keep_card),
    A.PassDoll: (S._check_pass_doll, S._pass_doll),
    A.Claim: (S._check_claim, S._claim),
    A.Done: (S._check_done, S._done),
    A.Emote: (S._check_emote, S._emote),  # free (R68): no R56 steps, the block only grows
    A.Say: (S._check_say, S._say),  # free, but a say may break speech rules (R65-R67)
}, move=r56)
S._legal_actions = legal.legal_actions
S._default_action = legal.default_action
S._public = views.public
S._private = views.private
del S
