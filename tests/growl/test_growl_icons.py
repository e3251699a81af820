"""Icons, turning and death (R30-R38) and the Curses cards (R34-R36, R39, R40), with the rulebook's examples."""

from growl_helpers import hold, lay, night, pass_all, set_deck, start, table, wolves

from hexbox.games.growl import actions as A
from hexbox.games.growl.cards import INDEX


def test_R34_rulebook_example_cursed_charm_and_hex():
    # R34: rulebook example cursed charm and hex
    # "if you have a Cursed Charm and a Hex, the Hex cancels the charm icon but not the wound icon"
    s = table(6, curses=True)
    hold(s, 1, cursed_charm=1, hex=1, bite=1)
    assert s.net_wounds(1) == 1
    assert s.net_bites(1) == 1  # the charm icon no longer cancels the Bite
    hold(s, 1, cursed_charm=1, bite=1)
    assert s.net_bites(1) == 0 and s.net_wounds(1) == 1


def test_R34_rulebook_example_super_salve_and_cursed_gold():
    # R34: rulebook example super salve and cursed gold
    # "one of the salve icons negates the wound icon, but you still have your gold icons and an extra salve"
    s = table(6, curses=True)
    hold(s, 2, super_salve=1, cursed_gold=1)
    assert s.gold(2) == 2
    assert s.net_wounds(2) == -1  # 1 wound - 2 salves: a spare salve
    hold(s, 2, super_salve=1, cursed_gold=1, wound=2)
    assert s.net_wounds(2) == 1  # the spare salve still cancels one more wound


def test_R35_infinity_cards_cancel_every_icon_of_their_kind_while_in_hand():
    # R35: infinity cards cancel every icon of their kind while in hand
    s = table(6, curses=True)
    hold(s, 0, charm=3, bite=3, hex=1)
    assert s.net_bites(0) == 3
    hold(s, 0, salve=2, super_salve=1, wound=2, infection=1)
    assert s.net_wounds(0) == 2
    hold(s, 0, salve=2, wound=2)
    assert s.net_wounds(0) == 0


def test_R35_R38_passing_the_infection_away_heals_and_receiving_it_kills():
    # R35, R38: passing the infection away heals and receiving it kills
    s = table(4, curses=True)
    hold(s, 0, infection=1, salve=1, wound=2, gold=1)
    hold(s, 1, salve=2, wound=3, gold=2)
    hold(s, 2, gold=2)
    hold(s, 3, gold=2)
    night(s, "caged", seat=0)
    s.apply(0, A.TARGET[3])  # seats 0, 1, 2 pass; 0's left is 1
    pass_all(s, {0: ("infection", "gold"), 1: ("gold", "gold"), 2: ("gold", "gold")})
    assert not s.dead[0] and s.net_wounds(0) == 1
    # seat 1 now holds the Infection: its two salves no longer count
    assert s.dead[1]


def test_R36_D6_holy_water_hurts_only_werewolves():
    # R36, D6: holy water hurts only werewolves
    s = table(6, curses=True)
    hold(s, 3, holy_water=1, wound=1)
    assert s.net_wounds(3) == 1
    wolves(s, 3)
    assert s.net_wounds(3) == 3
    s2 = table(6, curses=True, holy_water=1)
    hold(s2, 3, holy_water=1, wound=1)
    wolves(s2, 3)
    assert s2.net_wounds(3) == 2
    # salves cancel Holy Water wounds
    hold(s, 3, holy_water=1, salve=1)
    assert s.net_wounds(3) == 1


def test_R36_giving_holy_water_to_a_werewolf_can_kill_it():
    # R36: giving holy water to a werewolf can kill it
    s = table(6, deck=("holy_water", "gold"), curses=True)
    hold(s, 2, wound=1, bite=1)
    wolves(s, 2)
    start(s, 0)
    s.apply(0, A.GIVE[2])
    assert s.dead[2]


def test_R37_R38_upper_left_icons_of_spells_count_as_hand():
    # R37, R38: upper left icons of spells count as hand
    s = table(6, spells=True, curses=True)
    hold(s, 1, bite=3)
    lay(s, 1, "charm_bracelet")
    assert s.net_bites(1) == 2
    hold(s, 1, bite=3, hex=1)
    assert s.net_bites(1) == 3  # Hex cancels the bracelet's charm too


def test_R38_silver_bullet_counts_one_wound_for_humans_and_two_for_werewolves():
    # R38: silver bullet counts one wound for humans and two for werewolves
    s = table(6)
    lay(s, 4, "silver_bullet")
    hold(s, 4, wound=1)
    assert s.net_wounds(4) == 2
    wolves(s, 4)
    assert s.net_wounds(4) == 3


def test_R30_a_werewolf_never_turns_back():
    # R30: a werewolf never turns back
    s = table(6, deck=("gold", "gold"))
    hold(s, 1, bite=3)
    wolves(s, 1)
    hold(s, 1, charm=3)
    start(s, 0)
    s.apply(0, A.GIVE[1])
    assert s.wolf[1]


def test_R38_checks_run_for_everyone_at_once_after_the_passing():
    # R38: checks run for everyone at once after the passing
    s = table(4)
    hold(s, 0, wound=3, salve=1, gold=1)
    hold(s, 1, wound=3, salve=1, gold=1)
    hold(s, 2, gold=3)
    hold(s, 3, gold=3)
    night(s, "insomnia", seat=2)
    s.apply(2, A.TARGET[2])
    # 0 and 1 both pass their Salve away at the same moment; what they get back is Gold: both die
    pass_all(s, {0: ("gold", "salve"), 1: ("salve", "gold")})
    assert s.dead[0] and s.dead[1]
    assert s.is_over and s.result.kind == "two_or_fewer_alive" and s.result.reason.endswith("the humans win.")


def test_R39_R40_curses_cards_are_ordinary_hand_cards():
    # R39, R40: curses cards are ordinary hand cards
    s = table(6, deck=("cursed_gold", "hex", "gold"), curses=True)
    start(s, 0)
    s.apply(0, A.GIVE[1])
    assert s.hands[1][INDEX["cursed_gold"]] == 1
    s.apply(1, A.GIVE[2])
    hold(s, 3, hex=1, cursed_charm=1)
    set_deck(s, "hypnosis", "gold")
    # R40: named by Hypnosis, passed at Night by humans
    start(s, 2)
    assert A.HYPNOSIS[(INDEX["hex"], 2, 3)] in s.legal_actions(2)
    s.apply(2, A.HYPNOSIS[(INDEX["hex"], 2, 3)])
    assert A.NIGHT_PASS[INDEX["hex"]][INDEX["cursed_charm"]] in s.legal_actions(3)
