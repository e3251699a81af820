"""Acquire Discovery Cards (R34-R42, R127, R148, R149) and the card limits (R43-R45, R61)."""

from transylvania_helpers import (
    SLOT,
    act,
    card,
    clear_hands,
    dice,
    examined,
    give,
    kinds,
    lay_tile,
    move,
    on_top,
    put,
    ready,
)

from hexbox.games.transylvania import actions as A
from hexbox.games.transylvania.cards import CARDS


def token_at(s, node, trait, target):
    t = next(i for i, tk in enumerate(CARDS.tokens) if tk == (trait, target) and i not in s.tokens.values())
    if t in s.token_stack:
        s.token_stack.remove(t)
    s.tokens[SLOT[node]] = t
    s.faceup.discard(SLOT[node])
    return t


def win(s, a, b, trait, loses=False):
    """Script a challenge: ``a`` rolls all 3s and ``b`` all Werewolf icons (or the other way round)."""
    hi, lo = (0, 3) if loses else (3, 0)
    dice(s, *([hi] * s.dice(a, trait) + [lo] * s.dice(b, trait)))


def test_R35_R36_R37_a_roll_of_at_least_the_number_takes_a_card():
    # R35, R36, R37
    s = ready(3)
    clear_hands(s)
    put(s, 0, "church.a")
    t = token_at(s, "church.a", 1, 3)  # Mind 3
    on_top(s, "gk_map#0")
    dice(s, 1, 2, 0, 0)  # 3 exactly: "equals or exceeds"
    act(s, 0, A.ATTEMPT)
    assert SLOT["church.a"] not in s.tokens and t in s.token_bag
    assert s.hand[0] == [card("gk_map#0")] and s.received and s.attempted


def test_R14_a_trait_roll_counts_its_dice_and_sums_their_faces():
    # R14
    s = ready(3)
    clear_hands(s)
    s.adv[0] = 0  # the Abbess: Attack 1, Mind 3, Spirit 4
    s.row[0] = []
    s.tt[0] = [1, 0, 0]
    assert s.dice(0, 0) == 1 + 1  # printed value + trait tokens
    examined(s, 0, "i_shotgun#0")
    s.church = card("night_watch#0")
    assert s.dice(0, 0) == 1 + 1 + 2 + 1  # + examined cards + the Church card
    s.row[0][0] = (card("i_shotgun#0"), (card("i_raven#0"),))
    assert s.dice(0, 2) == 4 - 1  # attachments count too
    s.tt[0][0] = 20
    assert s.dice(0, 0) == 12  # clamped to 0..12
    s.tt[0][0] = -5
    assert s.dice(0, 0) == 0
    s.tt[0][0] = 0
    put(s, 0, "church.a")
    token_at(s, "church.a", 0, 6)
    dice(s, 3, 0, 3, 0, 3)  # 4 dice: 3 + 0 + 3 + 0 = 6 (the fifth value is never rolled)
    act(s, 0, A.ATTEMPT)
    assert len(s.rolls["attempt"][1]) == 4 and s.hand[0]  # the sum of the faces made it


def test_R38_R127_a_failed_token_stays_face_up_and_cannot_be_tried_again_this_turn():
    # R36, R38
    s = ready(3)
    put(s, 0, "church.a")
    token_at(s, "church.a", 1, 6)
    dice(s, 0, 0, 0, 0, 0)
    act(s, 0, A.ATTEMPT)
    assert SLOT["church.a"] in s.tokens and SLOT["church.a"] in s.faceup
    assert "attempt" not in kinds(s, 0)
    pub = s.observe(None)["public"]["board"]["tokens"]
    assert {"node": "church.a", "trait": "mind", "target": 6} in pub
    assert s.attempted and not s.received


def test_R50_success_on_a_token_event_space_then_draws_an_event():
    # R50
    s = ready(3)
    lay_tile(s, "village_square", 0, -1, 0)
    put(s, 0, "village_square.g")
    token_at(s, "village_square.g", 0, 2)
    dice(s, 3, 3, 3, 3, 3, 3)
    act(s, 0, A.ATTEMPT)
    assert any(c >= CARDS.ndisc for c in s.drawn)  # an Event was drawn after the Discovery card


def test_R39_R40_challenge_winner_takes_a_random_hand_card():
    # R39, R40
    s = ready(3)
    clear_hands(s)
    put(s, 1, "church.d")
    put(s, 0, "church.d")
    give(s, 1, "gk_map#0")
    win(s, 0, 1, 0)
    act(s, 0, A.CHALLENGE[1][0])
    assert s.pending[-1][:3] == ("spoils", 0, 1)
    assert set(kinds(s, 0)) == {"pass", "take_hand"}
    events = act(s, 0, A.TAKE_HAND)
    assert s.hand[0] == [card("gk_map#0")] and not s.hand[1]
    named = [e for e in events if e.kind == "took_card_named"]
    assert named and named[0].to == frozenset({0, 1})  # both players involved see it, nobody else
    assert s.known[card("gk_map#0")] == 0b11


def test_R40_taking_an_examined_card_moves_it_with_its_attachment():
    # R40
    s = ready(3)
    put(s, 0, "church.d")
    put(s, 1, "church.d")
    examined(s, 1, "vk_treatise#0")
    s.row[1][0] = (s.row[1][0][0], (card("i_raven#0"),))
    win(s, 0, 1, 2)
    act(s, 0, A.CHALLENGE[1][2])
    act(s, 0, A.TAKE_EXAMINED[card("vk_treatise#0")])
    assert (card("vk_treatise#0"), (card("i_raven#0"),)) in s.row[0] and not s.row[1]
    assert not s.examined  # not the turn's examination


def test_W2_the_challenged_winner_chooses_out_of_turn():
    s = ready(3)
    put(s, 0, "church.d")
    put(s, 1, "church.d")
    win(s, 0, 1, 1, loses=True)
    act(s, 0, A.CHALLENGE[1][1])
    assert s.actors == (1,) and s.pending[-1][:3] == ("spoils", 1, 0)
    act(s, 1, A.PASS)  # "may take": the winner may decline
    assert s.actors == (0,)


def test_R40_a_tie_does_nothing_and_R41_no_second_challenge():
    # R40, R41
    s = ready(3)
    put(s, 0, "church.d")
    put(s, 1, "church.d")
    s.adv[0] = s.adv[1] = 0
    s.tt[0] = s.tt[1] = [0, 0, 0]
    s.row[0] = s.row[1] = []
    dice(s, *([1] * 24))
    act(s, 0, A.CHALLENGE[1][0])
    assert not s.pending
    assert not any(a.kind == "challenge" and a.seat == 1 for a in s.legal_actions(0))


def test_R41_each_other_adventurer_may_be_challenged_once_a_turn():
    # R41
    s = ready(4)
    put(s, 0, "church.d")
    put(s, 1, "church.d")
    put(s, 2, "church.e")
    put(s, 3, "church.a")
    dice(s, *([1] * 30))
    s.adv[0] = s.adv[1] = s.adv[2] = 0
    s.tt[0] = s.tt[1] = s.tt[2] = [0, 0, 0]
    s.row[0] = s.row[1] = s.row[2] = []
    act(s, 0, A.CHALLENGE[1][0])  # a tie
    put(s, 0, "church.e")
    assert A.CHALLENGE[2][0] in s.legal_actions(0)  # a different adventurer, the same turn
    act(s, 0, A.CHALLENGE[2][0])
    assert not s.pending and s.phase == "exploration"  # a tie again: no spoils to settle
    assert not any(a.kind == "challenge" for a in s.legal_actions(0))
    put(s, 0, "church.d")
    assert not any(a.kind == "challenge" for a in s.legal_actions(0))  # nor the first one again


def test_R149_transformation_cards_cannot_be_taken():
    s = ready(3)
    clear_hands(s)
    put(s, 0, "church.d")
    put(s, 1, "church.d")
    give(s, 1, "t_werewolf#0")
    win(s, 0, 1, 0)
    act(s, 0, A.CHALLENGE[1][0])
    events = act(s, 0, A.TAKE_HAND)
    assert s.hand[1] == [card("t_werewolf#0")] and not s.hand[0]
    assert any(e.kind == "took_nothing" for e in events)


def test_R42_pilfer_takes_the_oldest_corpse_into_the_hand():
    s = ready(3)
    clear_hands(s)
    put(s, 0, "church.b")
    s.corpses = [[SLOT["church.a"], [card("gk_map#0")]], [SLOT["church.a"], [card("gk_map#1")]]]
    act(s, 0, move("church.a"))
    assert "pilfer" in kinds(s, 0)
    act(s, 0, A.PILFER)
    assert s.hand[0] == [card("gk_map#0")] and len(s.corpses) == 1 and s.received


def test_R43_R61_hand_limit_at_cleanup_only():
    s = ready(3)
    clear_hands(s)
    give(s, 0, "i_lantern#0", "i_lantern#1", "i_shotgun#0", "i_shotgun#1", "i_revolver#0", "t_werewolf#0")
    act(s, 0, A.END_EXPLORATION)
    assert s.phase == "cleanup"
    legal = s.legal_actions(0)
    assert A.END_TURN not in legal and A.DISCARD[card("t_werewolf#0")] not in legal  # R61: never a Transformation
    act(s, 0, A.DISCARD[card("i_lantern#0")])
    act(s, 0, A.DISCARD[card("i_lantern#1")])
    assert A.END_TURN in s.legal_actions(0) and len(s.hand[0]) == 4


def test_R61_R117_the_notebook_raises_the_limit_to_six():
    # R117
    s = ready(3)
    clear_hands(s)
    examined(s, 0, "i_notebook#0")
    give(s, 0, "i_lantern#0", "i_lantern#1", "i_shotgun#0", "i_shotgun#1", "i_revolver#0", "i_crucifix#0")
    act(s, 0, A.END_EXPLORATION)
    assert s.legal_actions(0)[0] == A.END_TURN


def test_R61_transformation_only_hands_may_stay_over_the_limit():
    s = ready(3)
    clear_hands(s)
    give(s, 0, "t_vampire_bite#0", "t_vampire_bite#1", "t_werewolf#0", "t_werewolf#1", "t_bio_agent#0")
    act(s, 0, A.END_EXPLORATION)
    assert A.END_TURN in s.legal_actions(0)


def test_R45_no_discard_of_a_card_drawn_this_turn():
    s = ready(3)
    clear_hands(s)
    put(s, 0, "church.a")
    token_at(s, "church.a", 0, 2)
    on_top(s, "gk_map#0")
    dice(s, 3, 3, 3, 3, 3)
    act(s, 0, A.ATTEMPT)
    assert A.DISCARD[card("gk_map#0")] not in s.legal_actions(0)
    give(s, 0, "gk_map#1")  # a card that arrived without a draw
    assert A.DISCARD[card("gk_map#1")] in s.legal_actions(0)


def test_R148_determination_only_after_an_attempt_without_a_card():
    s = ready(3)
    act(s, 0, A.END_EXPLORATION)
    assert s.phase == "cleanup"
    s = ready(3)
    put(s, 0, "church.a")
    token_at(s, "church.a", 1, 6)
    dice(s, 0, 0, 0, 0, 0)
    act(s, 0, A.ATTEMPT)
    act(s, 0, A.END_EXPLORATION)
    assert s.phase == "determination"
