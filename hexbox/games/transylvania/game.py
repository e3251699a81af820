"""Transylvania assembled: the table and its positions (state.py), the steps and answers of a turn (play.py) and
the Adventurer abilities (abilities.py), the legal lists and their checks (legal.py), what each seat sees
(views.py) and the worlds it cannot tell apart (hidden.py).

The one module of the game that imports the others: the registration's ``factory`` names it, so loading the game
joins them. Every answer runs inside ``play.answer``, the game's move step: the step machine until the next
decision.
"""

from hexbox.core import rules

from . import abilities as AB
from . import actions as A
from . import hidden, legal, views
from . import play as P
from .state import TransylvaniaGame, TransylvaniaState

__all__ = ["TransylvaniaGame", "TransylvaniaState"]

S = TransylvaniaState
# every kind is checked against the legal list (the gate keeps it), but for the few with a check of their own
S.RULES = rules({
    A.ChooseSpace: P.choose_space,
    A.KeepCard: P.keep_card,
    A.Move: P.move,
    A.UsePassage: P.use_passage,
    A.UseMirror: P.use_mirror,
    A.Explore: P.explore,
    A.Orient: P.orient,
    A.Attempt: P.attempt,
    A.Challenge: P.challenge,
    A.TakeHand: P.take_hand,
    A.TakeExamined: P.take_examined,
    A.Pilfer: P.pilfer,
    A.Roll: P.rampart_choice,
    A.Rampart: P.rampart_choice,
    A.Examine: P.examine,
    A.Bump: P.bump,
    A.Discard: P.discard,
    A.Attach: P.attach,
    A.EndExploration: (legal.check_end_exploration, P.end_exploration),
    A.Determine: P.determine,
    A.EndTurn: P.end_turn,
    A.Attack: P.attack,
    A.Ambush: P.ambush,
    A.RevealAmbush: P.reveal_ambush,
    A.Spawn: P.spawn,
    A.MinionMove: P.minion_move,
    A.MinionAttack: P.minion_attack,
    A.Reveal: P.reveal,
    A.SwapTransformations: P.swap,
    A.Cure: P.cure,
    A.BibleDiscard: P.bible_discard,
    A.KeyUnlock: P.key_unlock,
    A.Become: P.become,
    A.Pass: P.pass_,
    A.Tinker: P.tinker_answer,
    A.KeepRoll: P.tinker_answer,
    A.Divine: AB.divine,
    A.UseAbility: AB.use_ability,
    A.OrderTiles: AB.order_tiles,
    A.Experiment: AB.experiment,
    A.Sleight: AB.sleight,
    A.SleuthUnlock: AB.sleuth_unlock,
    A.SleuthLock: AB.sleuth_lock,
    A.Augury: AB.augury,
    A.TemplarPay: AB.templar_pay,
}, move=P.answer)
S._legal_actions = legal.legal  # the function itself, not a method that calls it: a call fewer on every list
S._default_action = legal.default
S._public = views.public
S._private = views.private
S._resample = hidden.resample
del S
