"""Rules of the turn's steps and answers (play.py) that the mutation run of Transylvania's rule modules showed
untested (docs/mutation.md): each test builds a position, makes the move and checks what the rules reference
(docs/games/transylvania.md) says happens — positions, cards, the public log, who may act next."""

from transylvania_helpers import (
    SLOT,
    TILE,
    ScriptedRng,
    act,
    bare,
    card,
    choose,
    dice,
    event_on_top,
    examined,
    give,
    graveyard_table,
    kill,
    lay_tile,
    move,
    new,
    on_top,
    put,
    start_turn,
    to_monster,
)

from hexbox.games.transylvania import actions as A
from hexbox.games.transylvania.board import NODES
from hexbox.games.transylvania.cards import CARDS
from hexbox.games.transylvania.play import lay
from hexbox.games.transylvania.state import ADVENTURER, VAMPIRE, WEREWOLF, ZOMBIE

ADV_ID = [a.id for a in CARDS.adventurers]


class ChoiceRng(ScriptedRng):
    """Scripted dice; every ``choice`` is recorded (the list it picks from) and answered by its first item."""

    def __init__(self, values=None, seed=0):
        super().__init__(values, seed)
        self.choices = []

    def choice(self, seq):
        self.choices.append(list(seq))
        return seq[0]


def log(events, *kinds):
    """The public log of the given kinds, as (kind, data) pairs."""
    return [(e.kind, e.data) for e in events if e.kind in kinds and e.to is None]


# ---- Death and regeneration (R73, R74, R76-R78, R138-R140) ------------------------------------------------------


def test_R140_R74_coming_back_as_an_adventurer_the_log_and_a_new_corpse_after_a_pilfer():
    # R140: the set-aside Transformation cards are discarded, the rest join the corpse — a new corpse on the same
    # space when the old one was already pilfered; R74: a new adventurer, announced to all, on a Church space
    s = graveyard_table()
    give(s, 1, "gk_map#0", "t_vampire_bite#0")
    to_monster(s, 3, VAMPIRE, "graveyard.l")  # the Vampire is taken: the Bite makes no Monster (R78)
    kill(s, 1, "graveyard.b")
    put(s, 0, "graveyard.b")
    act(s, 0, A.PILFER)  # the (empty) corpse is gone
    assert s.corpses == []
    events = start_turn(s, 1)
    assert s.corpses == [[SLOT["graveyard.b"], [card("gk_map#0")]]]
    assert log(events, "discarded") == [("discarded", {"card": "t_vampire_bite#0", "why": "set aside"})]
    assert log(events, "new_adventurer") == [("new_adventurer", {"seat": 1, "adventurer": ADV_ID[s.adv[1]]})]
    assert s.role[1] == ADVENTURER and s.pending[-1] == ("regen_space", 1)


def test_R140_the_corpse_of_the_death_gets_the_revealed_hand():
    s = graveyard_table()
    give(s, 1, "gk_map#0", "vk_treatise#0")
    kill(s, 1, "graveyard.b")
    start_turn(s, 1)
    assert s.corpses == [[SLOT["graveyard.b"], [card("gk_map#0"), card("vk_treatise#0")]]]


def test_R139_D41_the_pool_is_every_adventurer_off_the_board_but_the_one_that_died():
    # seat 0 stands as an adventurer; seat 2 is dead (off the board); seat 3 revealed as the Vampire, so its
    # adventurer went back to the pool (R69); seat 1 died as the Explorer
    s = graveyard_table()
    s.adv = [0, 2, 5, 7]
    kill(s, 2, "graveyard.f")
    to_monster(s, 3, VAMPIRE, "graveyard.l")
    kill(s, 1, "graveyard.b")
    s.rng = ChoiceRng(seed=3)
    start_turn(s, 1)
    assert s.rng.choices == [[1, 3, 4, 5, 6, 7, 8, 9]]
    assert s.adv[1] == 1 and s.health[1] == 6


def test_R76_R73_coming_back_as_a_monster_the_log_and_a_fresh_monster():
    # R76: the whole set-aside hand is discarded; the Monster rises where the adventurer died (R77), at full
    # Health, with no kills and no Feral Surge, and everyone is told
    s = graveyard_table()
    give(s, 1, "t_bio_agent#0", "gk_map#0")
    kill(s, 1, "graveyard.f")
    events = start_turn(s, 1)
    assert log(events, "discarded", "rises", "placed_standup") == [
        ("discarded", {"card": "t_bio_agent#0", "why": "set aside"}),
        ("discarded", {"card": "gk_map#0", "why": "set aside"}),
        ("rises", {"seat": 1, "monster": "zombie"}),
        ("placed_standup", {"seat": 1, "adventurer": "zombie", "node": "graveyard.f"}),
    ]
    assert s.role[1] == ZOMBIE and s.health[1] == 10 and s.kills == [0, 0, 0, 0]
    assert not s.surge[1] and s.move_left() == 4  # the Zombie's own Movement


def test_R138_a_full_space_beside_the_church_is_passed_over():
    # a Monster that died on the Church rises on the nearest space with room of a tile beside it
    s = graveyard_table()
    give(s, 1, "t_werewolf#0")
    kill(s, 1, "church.d")
    put(s, 0, "graveyard.k")
    put(s, 2, "graveyard.k")
    start_turn(s, 1)
    assert s.role[1] == WEREWOLF and NODES[s.pos[1]].id == "graveyard.j" and not s.pending


def test_R74_tokens_go_on_the_churchs_token_spaces_only():
    s = graveyard_table()
    kill(s, 1, "graveyard.b")
    start_turn(s, 1)
    church = {NODES[x].id for x in s.tokens if NODES[x].tile == 0}
    assert church == {"church." + n for n in "abcfgh"}


# ---- Hidden Transformation (R69, R70) ---------------------------------------------------------------------------


def test_R69_revealing_discards_hand_and_row_in_public_then_a_fresh_monster():
    s = graveyard_table()
    put(s, 0, "graveyard.b")
    s.adv[0] = 2  # the Explorer
    give(s, 0, "t_bio_agent#0", "t_bio_agent#1", "gk_map#0")
    examined(s, 0, "vk_treatise#0", "wk_bestiary#0")
    events = act(s, 0, A.REVEAL[ZOMBIE])
    assert log(events, "discarded", "revealed") == [
        ("discarded", {"card": "t_bio_agent#0", "why": "revealed"}),
        ("discarded", {"card": "t_bio_agent#1", "why": "revealed"}),
        ("discarded", {"card": "gk_map#0", "why": "revealed"}),
        ("discarded", {"card": "wk_bestiary#0", "why": "revealed"}),  # the row from its last card
        ("discarded", {"card": "vk_treatise#0", "why": "revealed"}),
        ("revealed", {"seat": 0, "monster": "zombie", "was": "explorer"}),
    ]
    assert s.role[0] == ZOMBIE and s.phase == "monster"
    assert s.surge[0] is False and s.observe(1)["public"]["seats"][0]["surge"] is False
    assert s.move_left() == 4  # R70: the Zombie's full Movement, no Feral Surge


# ---- the minion chase (W3, R96, R134, R135, D22, D23) ---------------------------------------------------------


def chase_table(minions):
    """Seat 0's turn; seat 1 is the Zombie, its minions where given ({minion: space}); the Graveyard north of the
    Church."""
    s = graveyard_table()
    to_monster(s, 1, ZOMBIE, "graveyard.i")
    for m, node in minions.items():
        s.minions[m] = SLOT[node]
    return s


def wound(s, *seats):
    """Each seat loses 1 Health in one effect, then the chase may open (R134)."""
    for seat in seats:
        s._wound(seat, 1)
    s._push(("w3_check",))
    s._run()
    s.update_actors()
    return s._take_out()


def test_R134_each_chase_step_brings_the_minion_nearer_and_there_are_three():
    s = chase_table({0: "graveyard.a"})
    put(s, 2, "graveyard.l")  # four steps away: a-b-d-h-l or a-b-g-h-l
    wound(s, 2)
    assert s.pending[-1][0] == "chase" and s.actors == (1,)
    mm = A.MINION_MOVE[0]
    assert set(s.legal_actions(1)) == {A.PASS, mm[SLOT["graveyard.b"]]}
    act(s, 1, mm[SLOT["graveyard.b"]])
    assert set(s.legal_actions(1)) == {A.PASS, mm[SLOT["graveyard.d"]], mm[SLOT["graveyard.g"]]}
    act(s, 1, mm[SLOT["graveyard.d"]])
    assert set(s.legal_actions(1)) == {A.PASS, mm[SLOT["graveyard.h"]]}
    act(s, 1, mm[SLOT["graveyard.h"]])
    # three steps taken, one short of its target: the chase is over, and play goes back to seat 0
    assert s.minions[0] == SLOT["graveyard.h"] and not s.pending and s.actors == (0,)


def test_R134_only_steps_that_shorten_the_way_and_attacks_on_the_same_space():
    # minion 1 on graveyard.b (minion 0 in the supply); seat 2 wounded one step away (d), seat 3 two (f, via g):
    # g is no nearer to the nearest wounded adventurer than b is
    s = chase_table({1: "graveyard.b"})
    put(s, 2, "graveyard.d")
    put(s, 3, "graveyard.f")
    wound(s, 2, 3)
    assert s.pending[-1] == ("chase", 1, (2, 3))
    assert set(s.legal_actions(1)) == {A.PASS, A.MINION_MOVE[1][SLOT["graveyard.d"]]}


def test_R134_D22_a_minion_chases_once_and_attacks_its_target_once():
    s = chase_table({1: "graveyard.b"})
    put(s, 2, "graveyard.b")
    s.adv[2] = 0  # the Abbess: Attack 1
    wound(s, 2)
    assert set(s.legal_actions(1)) == {A.PASS, A.MINION_ATTACK[1][2]}
    dice(s, 1, 1, 1, 0, 2)  # the minion 3 (the Zombie's four dice), the Abbess 2
    act(s, 1, A.MINION_ATTACK[1][2])
    # wounded again, but minion 1 has chased and attacked it: no second chase, no second attack
    assert s.health[2] == 4 and s.minions[1] == SLOT["graveyard.b"]
    assert not s.pending and s.actors == (0,)


def test_R135_D23_a_chase_never_goes_through_the_church():
    s = chase_table({0: "graveyard.j"})
    lay_tile(s, "village_square", 1, 0, 0)  # joined to the Church only (church.e)
    put(s, 2, "village_square.e")
    wound(s, 2)
    assert not s.pending and s.actors == (0,)  # no way there for a minion: no chase


def zombie_turn(minions):
    s = chase_table(minions)
    start_turn(s, 1)
    return s


def test_R135_R122_minions_enter_footprint_locks_and_opened_gates_not_locked_gates():
    s = zombie_turn({0: "graveyard.b", 1: "graveyard.j"})
    moves = {(a.minion, NODES[a.node].id) for a in s.legal_actions(1) if a.kind == "minion_move"}
    assert SLOT["graveyard.c"] in s.locks and SLOT["graveyard.m"] in s.locks
    assert moves == {(0, "graveyard.a"), (0, "graveyard.c"), (0, "graveyard.d"), (0, "graveyard.g"),
                     (1, "graveyard.g"), (1, "graveyard.k")}
    s.locks.discard(SLOT["graveyard.m"])  # the gate opened
    assert A.MINION_MOVE[1][SLOT["graveyard.m"]] in s.legal_actions(1)


# ---- Events: the Mirror and a token on your tile (R125, R126) -----------------------------------------------


def test_R126_the_second_mirror_goes_on_any_other_space_but_a_locked_gate():
    s = graveyard_table()
    put(s, 0, "graveyard.h")
    s.adv[0] = 0
    event_on_top(s, "mirror#0")
    act(s, 0, move("graveyard.d"))
    assert s.pending[-1] == ("mirror", 0)
    spaces = {a.node for a in s.legal_actions(0)}
    assert spaces == set(s.board.slots()) - {SLOT["graveyard.d"], SLOT["graveyard.m"]}
    s.locks.discard(SLOT["graveyard.m"])
    assert A.CHOOSE[SLOT["graveyard.m"]] in s.legal_actions(0)  # an opened gate is an ordinary space


def test_R125_a_token_goes_on_an_empty_token_space_of_your_tile():
    # Forgotten Archive (Mind) on 3-4: put a token on your tile; the locked token space counts (graveyard.c)
    s = graveyard_table()
    put(s, 0, "graveyard.b")
    s.adv[0] = 0  # the Abbess: Mind 3
    del s.tokens[SLOT["graveyard.c"]], s.tokens[SLOT["graveyard.f"]]
    event_on_top(s, "forgotten_archive#0")
    dice(s, 1, 1, 1)
    act(s, 0, move("graveyard.d"))
    assert s.pending[-1] == ("token", 0)
    assert set(s.legal_actions(0)) == {choose("graveyard.c"), choose("graveyard.f")}
    act(s, 0, choose("graveyard.c"))
    assert SLOT["graveyard.c"] in s.tokens and SLOT["graveyard.f"] not in s.tokens


def test_R125_R50_a_token_and_event_space_takes_a_token_too():
    s = graveyard_table()
    lay_tile(s, "clock_tower", 1, 0, 0)
    put(s, 0, "clock_tower.b")
    s.adv[0] = 0
    del s.tokens[SLOT["clock_tower.j"]], s.tokens[SLOT["clock_tower.i"]]
    event_on_top(s, "forgotten_archive#0")
    dice(s, 1, 1, 1)
    act(s, 0, move("clock_tower.c"))
    assert set(s.legal_actions(0)) == {choose("clock_tower.i"), choose("clock_tower.j")}


# ---- Set-up draws (R12, R54, D40) -----------------------------------------------------------------------------


def test_R12_D40_R54_the_first_cards_in_turn_order_each_known_to_its_drawer_only():
    s = new(6)
    on_top(s, "i_raven#0", "zk_field_notes#0",  # seat 0: the Raven is replaced (D40), then card 0
           "i_shackles#0",  # seat 1: Iron Shackles go straight to the row (R54)
           "gk_map#0", "vk_treatise#0",  # seats 2, 3
           "wk_bestiary#0", "gk_map#1",  # seat 4 draws two and keeps one (R12)
           "gk_occult#0", "t_vampire_bite#0")  # seat 5 too
    events = []
    for seat in range(6):
        events += s.apply(seat, s.legal_actions(seat)[0])
    assert [list(h) for h in s.hand] == [[card("zk_field_notes#0")], [], [card("gk_map#0")], [card("vk_treatise#0")],
                                         [card("wk_bestiary#0"), card("gk_map#1")],
                                         [card("gk_occult#0"), card("t_vampire_bite#0")]]
    assert s.row[1] == [(card("i_shackles#0"), ())]
    assert s.pending == [("keep", 5), ("keep", 4)] and s.actors == (4,)
    everyone = (1 << 6) - 1
    assert s.known[card("zk_field_notes#0")] == 1 << 0 and s.known[card("gk_map#1")] == 1 << 4
    assert s.known[card("t_vampire_bite#0")] == 1 << 5
    assert s.known[card("i_shackles#0")] == everyone and s.known[card("i_raven#0")] == everyone
    assert log(events, "drew", "discarded") == [
        ("discarded", {"card": "i_raven#0", "why": "a cursed card at setup is replaced"}),
        *[("drew", {"seat": seat, "why": "setup", "card": None}) for seat in (0, 1, 2, 3, 4, 4, 5, 5)],
    ]
    told = [(e.to, e.data) for e in events if e.kind == "drew_card"]
    assert told[:3] == [({0}, {"seat": 0, "card": "zk_field_notes#0"}), ({1}, {"seat": 1, "card": "i_shackles#0"}),
                        ({2}, {"seat": 2, "card": "gk_map#0"})]
    assert len(told) == 8


# ---- rolls and their public record (R14, R36, R118) -------------------------------------------------------------


def test_R36_R14_the_token_roll_is_shown_to_all_die_by_die():
    s = graveyard_table()
    put(s, 0, "graveyard.f")
    s.adv[0] = 0  # the Abbess: Mind 3
    s.tokens[SLOT["graveyard.f"]] = CARDS.tokens.index((1, 3))  # Mind, 3
    dice(s, 2, 0, 1)
    events = act(s, 0, A.ATTEMPT)
    assert log(events, "rolled") == [("rolled", {"seat": 0, "why": "the Discovery token", "dice": [2, 0, 1], "sum": 3})]
    assert SLOT["graveyard.f"] not in s.tokens and len(s.hand[0]) == 1  # R37: at least the number


def test_R20_an_events_rows_include_both_their_ends():
    # Strange Map (Mind): 0-2 stop, 3-4 move 2, 5 or more go to the Church
    for roll, bonus in (((1, 1, 1), 2), ((2, 1, 1), 2), ((2, 0, 0), 0)):
        s = graveyard_table()
        put(s, 0, "graveyard.b")
        s.adv[0] = 0  # the Abbess: Mind 3
        event_on_top(s, "strange_map#0")
        dice(s, *roll)
        act(s, 0, move("graveyard.d"))
        assert s.bonus == bonus and s.stopped == (bonus == 0)


def test_R125_to_the_church_any_church_space_with_room():
    s = graveyard_table()
    put(s, 0, "graveyard.b")
    s.adv[0] = 0
    put(s, 1, "church.d")
    put(s, 2, "church.d")
    put(s, 3, "church.e")
    event_on_top(s, "strange_map#0")
    dice(s, 3, 2, 0)
    act(s, 0, move("graveyard.d"))
    assert s.pending[-1] == ("to_church", 0)
    assert {a.node for a in s.legal_actions(0)} == set(range(12)) - {SLOT["church.d"]}
    events = act(s, 0, choose("church.e"))
    assert log(events, "teleported") == [("teleported", {"seat": 0, "from": "graveyard.d", "to": "church.e"})]
    assert s.pos[0] == SLOT["church.e"]


def test_R125_unlock_a_lock_on_your_own_tile():
    # Iron Door (Attack) on 4 or more: remove a lock on your tile, not elsewhere
    s = graveyard_table()
    lay_tile(s, "clock_tower", 1, 0, 0)  # its passage clock_tower.k is locked too
    put(s, 0, "graveyard.b")
    s.adv[0] = 1  # the Big Game Hunter: Attack 4
    event_on_top(s, "iron_door#0")
    dice(s, 1, 1, 1, 1)
    act(s, 0, move("graveyard.d"))
    assert s.pending[-1] == ("unlock", 0)
    assert {NODES[a.node].id for a in s.legal_actions(0)} == {"graveyard.c", "graveyard.m", "graveyard.o"}


# ---- passages and mirrors: a teleport is an arrival (R30, R46, R126) ------------------------------------------


def test_R126_R46_stepping_through_a_mirror_arrives_on_an_event_space():
    s = graveyard_table()
    put(s, 0, "graveyard.a")
    s.adv[0] = 0
    s.mirrors = (SLOT["graveyard.a"], SLOT["graveyard.g"])
    event_on_top(s, "fog_bank#0")
    dice(s, 1, 1, 1, 1)
    events = act(s, 0, A.USE_MIRROR)
    assert log(events, "teleported", "event_drawn") == [
        ("teleported", {"seat": 0, "from": "graveyard.a", "to": "graveyard.g"}),
        ("event_drawn", {"seat": 0, "card": "fog_bank#0", "kind": "test"}),
    ]
    assert s.pos[0] == SLOT["graveyard.g"] and SLOT["graveyard.g"] in s.visited


# ---- laying tiles: tokens, locks, the last tile (R28, R32, R33, D48) -------------------------------------------


def test_R28_D48_tokens_then_locks_while_the_supply_lasts():
    s = bare(4)
    s.token_stack = [9, 4, 0]  # the top is the last: token 0 goes on the first token space
    s.lock_supply = 2
    t = TILE["graveyard"]
    s.tiles.remove(t)
    s._take_out()
    lay(s, t, (0, -1), 0)
    assert s.tokens == {SLOT["graveyard.c"]: 0, SLOT["graveyard.f"]: 4, SLOT["graveyard.l"]: 9}
    assert s.locks == {SLOT["graveyard.c"], SLOT["graveyard.m"]} and s.lock_supply == 0  # the passage gets none
    assert log(s._take_out(), "tile_laid") == [("tile_laid", {"tile": "graveyard", "at": [0, -1], "rotation": 0})]


def test_R32_an_empty_stack_is_remade_from_the_bag_and_with_both_empty_no_token():
    s = bare(4)
    s.token_stack, s.token_bag = [], [7, 8, 9]
    lay_tile(s, "graveyard", 0, -1, 0)
    assert sorted(s.tokens.values()) == [7, 8, 9] and s.token_bag == [] and s.token_stack == []
    lay_tile(s, "clock_tower", 1, 0, 0)
    assert not any(NODES[x].tile == TILE["clock_tower"] for x in s.tokens)


def test_R33_the_last_tile_fills_every_empty_token_space_the_churchs_too():
    s = bare(4)
    lay_tile(s, "graveyard", 0, -1, 0)
    lay_tile(s, "clock_tower", 1, 0, 0)
    for x in ("graveyard.c", "clock_tower.j", "clock_tower.i"):  # a locked token, a token and Event, a token space
        del s.tokens[SLOT[x]]
    s.tiles = [TILE["inn"]]
    s._take_out()
    lay_tile(s, "inn", 0, 1, 0)
    token_spaces = {x for x in s.board.slots() if NODES[x].feature in ("token", "locked_token", "token_event")}
    assert set(s.tokens) == token_spaces
    assert [e.kind for e in s._take_out()][-2:] == ["tile_laid", "board_refilled"]


# ---- trait tokens (R59, R60) ----------------------------------------------------------------------------------


def determination(s, trait, *values):
    s.attempted, s.received = True, False
    act(s, 0, A.END_EXPLORATION)
    assert s.phase == "determination"
    dice(s, *values)
    return act(s, 0, A.DETERMINE[trait])


def test_R59_R60_a_trait_token_on_two_or_less_at_most_two_and_from_the_supply():
    s = graveyard_table()
    s.adv[0] = 0  # the Abbess: Attack 1
    s.tt[0] = [1, 0, 0]
    s.trait_supply = [1, 6, 6]
    events = determination(s, 0, 2, 0)  # two dice: Attack 1 and its token
    assert s.tt[0] == [2, 0, 0] and s.trait_supply == [0, 6, 6]
    assert log(events, "trait_token") == [("trait_token", {"seat": 0, "trait": "attack"})]
    assert s.phase == "cleanup"
    s = graveyard_table()
    s.tt[0] = [2, 0, 0]  # at the most already
    s.trait_supply = [4, 6, 6]
    determination(s, 0, 0, 0, 0, 0, 0)
    assert s.tt[0] == [2, 0, 0] and s.trait_supply == [4, 6, 6]
    s = graveyard_table()
    s.trait_supply = [0, 6, 6]  # none left
    determination(s, 0, 0, 0, 0, 0)
    assert s.tt[0] == [0, 0, 0] and s.trait_supply == [0, 6, 6]


# ---- cures (R142) ---------------------------------------------------------------------------------------------


def test_R142_each_cure_throws_away_its_own_transformation_card():
    for item, bad, other in (("i_holy_water#0", "t_vampire_bite#1", "t_werewolf#0"),
                             ("i_wolfsbane#0", "t_werewolf#1", "t_bio_agent#0"),
                             ("i_antidote#0", "t_bio_agent#1", "t_vampire_bite#0")):
        s = graveyard_table()
        put(s, 0, "graveyard.b")
        give(s, 0, other, bad)
        examined(s, 0, item)
        act(s, 0, A.CURE[card(item)])
        assert s.hand[0] == [card(other)] and s.row[0] == [] and s.discarded
        assert s.discards[-2:] == [card(item), card(bad)]
    s = graveyard_table()  # no cure without a cure item
    give(s, 0, "t_werewolf#0")
    examined(s, 0, "gk_map#0")
    assert not [a for a in s.legal_actions(0) if a.kind == "cure"]


# ---- the ambush window (W1, R64, R88, R132, R133) -------------------------------------------------------------


def test_R133_W1_each_seat_ambushes_with_the_pieces_it_has_there():
    # the Zombie's player (seat 1) has its stand-up and minion 1 where seat 0 arrives; minion 0 is elsewhere
    s = chase_table({0: "graveyard.g", 1: "graveyard.b"})
    put(s, 1, "graveyard.b")
    put(s, 0, "graveyard.a")
    act(s, 0, move("graveyard.b"))
    assert s.actors == (1,) and set(s.legal_actions(1)) == {A.PASS, A.AMBUSH[0], A.AMBUSH[2]}
    # only its minion there: the Zombie's stand-up elsewhere cannot ambush
    s = chase_table({1: "graveyard.b"})
    put(s, 0, "graveyard.a")
    act(s, 0, move("graveyard.b"))
    assert s.actors == (1,) and set(s.legal_actions(1)) == {A.PASS, A.AMBUSH[2]}
    # an adventurer there is asked too (D21), but adventurers never attack adventurers (R65)
    s = graveyard_table()
    put(s, 3, "graveyard.b")
    put(s, 0, "graveyard.a")
    act(s, 0, move("graveyard.b"))
    assert s.actors == (3,) and s.legal_actions(3) == [A.PASS]


def test_W1_the_window_closes_with_every_declaration_shown():
    s = chase_table({1: "graveyard.b"})
    give(s, 2, "t_werewolf#0", "t_werewolf#1")  # a hidden Werewolf
    put(s, 2, "graveyard.b")
    put(s, 0, "graveyard.a")
    act(s, 0, move("graveyard.b"))
    assert s.actors == (1, 2)
    events = act(s, 1, A.AMBUSH[2])
    assert [(e.kind, e.data, e.to) for e in events] == [("ambush_declared", {"seat": 1, "piece": 7}, {1})]
    events = act(s, 1, A.PASS)
    assert log(events, "window_finished") == [("window_finished", {"seat": 1})]
    dice(s, *[0] * 30)
    events = act(s, 2, A.REVEAL_AMBUSH[WEREWOLF])
    assert log(events, "window_finished", "ambush_closed", "revealed", "fight") == [
        ("window_finished", {"seat": 2}),
        ("ambush_closed", {"declared": {"1": [7], "2": ["werewolf"]}}),
        ("fight", {"attacker": 7, "target": 0, "node": "graveyard.b"}),
        ("revealed", {"seat": 2, "monster": "werewolf", "was": ADV_ID[s.adv[2]]}),
        ("fight", {"attacker": 2, "target": 0, "node": "graveyard.b"}),
    ]
    assert s.role[2] == WEREWOLF and s.window is None


def test_W1_declarations_resolve_from_the_left_of_the_active_seat_not_from_seat_0():
    s = graveyard_table()
    to_monster(s, 0, VAMPIRE, "graveyard.b")
    to_monster(s, 2, ZOMBIE, "graveyard.l")
    s.minions[0] = SLOT["graveyard.b"]
    start_turn(s, 1)
    put(s, 1, "graveyard.a")
    s.health[1] = 8
    act(s, 1, move("graveyard.b"))
    assert s.actors == (0, 2)
    act(s, 0, A.AMBUSH[0])
    act(s, 0, A.PASS)
    dice(s, *[1] * 30)
    act(s, 2, A.AMBUSH[1])
    events = act(s, 2, A.PASS)
    assert log(events, "ambush_closed") == [("ambush_closed", {"declared": {"2": [6], "0": [0]}})]
    assert [e.data["attacker"] for e in events if e.kind == "fight"] == [6, 0]  # seat 2 sits left of seat 1


def test_R104_an_ambush_is_no_stealthy_strike():
    # the Big Game Hunter ambushes the Vampire that steps onto it: the plain difference, no +3
    s = graveyard_table()
    to_monster(s, 1, VAMPIRE, "graveyard.a")
    start_turn(s, 1)
    s.adv[2] = 1  # the Big Game Hunter: Attack 4
    put(s, 2, "graveyard.b")
    act(s, 1, move("graveyard.b"))
    act(s, 2, A.AMBUSH[0])
    dice(s, 1, 1, 1, 1, 0, 0, 0, 0, 1)  # 4 against the Vampire's 1
    act(s, 2, A.PASS)
    assert s.health[1] == 7 and not s.is_over


def test_R134_a_wound_from_an_ambush_lets_the_minions_chase():
    s = chase_table({0: "graveyard.a"})
    to_monster(s, 2, WEREWOLF, "graveyard.d")
    put(s, 0, "graveyard.h")
    s.health[0] = 8
    act(s, 0, move("graveyard.d"))
    s.adv[0] = 0  # the Abbess: Attack 1
    act(s, 2, A.AMBUSH[0])
    dice(s, 1, 0, 0, 0, 0, 0)  # the Werewolf's five dice 1, the Abbess 0
    act(s, 2, A.PASS)
    assert s.health[0] == 7 and s.pending[-1] == ("chase", 1, (0,))
    assert set(s.legal_actions(1)) == {A.PASS, A.MINION_MOVE[0][SLOT["graveyard.b"]]}


def test_R88_monsters_fight_each_other_only_with_no_adventurer_on_the_board():
    s = graveyard_table()
    to_monster(s, 1, ZOMBIE, "graveyard.b")
    to_monster(s, 2, VAMPIRE, "graveyard.b")
    s.minions[0] = SLOT["graveyard.b"]
    for seat in (0, 3):
        s.alive[seat], s.pos[seat] = False, -1
    start_turn(s, 1)
    assert s.phase == "monster" and s.actors == (1,)
    fights = {a for a in s.legal_actions(1) if a.kind in ("attack", "minion_attack")}
    assert fights == {A.ATTACK[2][0], A.MINION_ATTACK[0][2]}  # never its own minion
    s.alive[3], s.pos[3] = True, SLOT["church.d"]  # an adventurer stands again, far away
    assert not {a for a in s.legal_actions(1) if a.kind in ("attack", "minion_attack")}


# ---- Tinkering: the Inventor's own rolls on its own turn (R15, R79, R107) ---------------------------------------


def test_R107_tinkering_after_the_inventors_own_roll_on_its_own_turn_while_unused():
    s = graveyard_table()
    put(s, 0, "graveyard.f")
    s.adv[0] = 4  # the Inventor
    s.tokens[SLOT["graveyard.f"]] = CARDS.tokens.index((1, 6))
    dice(s, 0, 0, 0, 0)
    act(s, 0, A.ATTEMPT)
    assert s.pending[-1] == ("tinker", 0, "attempt") and A.TINKER[4, "low"] in s.legal_actions(0)
    s = graveyard_table()
    put(s, 0, "graveyard.f")
    s.adv[0] = 4
    s.used[4] = True  # once per game
    s.tokens[SLOT["graveyard.f"]] = CARDS.tokens.index((1, 6))
    dice(s, 0, 0, 0, 0)
    act(s, 0, A.ATTEMPT)
    assert not s.pending and SLOT["graveyard.f"] in s.failed


def test_R107_no_tinkering_on_another_turn_nor_as_a_monster():
    # the Vampire attacks seat 2 on the Vampire's turn: neither the Vampire that was once the Inventor (R79) nor an
    # Inventor defending out of turn may tinker
    for vampire_was, defender in ((4, 0), (3, 4)):
        s = graveyard_table()
        to_monster(s, 1, VAMPIRE, "graveyard.b")
        s.adv[1], s.adv[2] = vampire_was, defender
        put(s, 2, "graveyard.b")
        start_turn(s, 1)
        dice(s, 1, 1, 1, 1, 1, 0, 0, 0, 0)  # the Vampire 5, seat 2 0
        act(s, 1, A.ATTACK[2][0])
        assert not s.pending and s.health[2] == 1 and s.actors == (1,)


# ---- Event spaces (R46, R50, R52) -----------------------------------------------------------------------------


def test_R50_a_token_and_event_space_draws_only_once_its_token_is_gone():
    s = graveyard_table()
    lay_tile(s, "clock_tower", 1, 0, 0)
    put(s, 0, "clock_tower.h")
    s.adv[0] = 0
    assert SLOT["clock_tower.j"] in s.tokens
    n = len(s.events)
    act(s, 0, move("clock_tower.j"))
    assert len(s.events) == n and not s.pending  # the token is there: no Event
    act(s, 0, move("clock_tower.h"))  # an ordinary space: no Event either
    assert len(s.events) == n
    del s.tokens[SLOT["clock_tower.j"]]
    event_on_top(s, "fog_bank#0")
    dice(s, 1, 1, 1, 1)
    events = act(s, 0, move("clock_tower.j"))
    assert log(events, "event_drawn") == [("event_drawn", {"seat": 0, "card": "fog_bank#0", "kind": "test"})]


def test_R52_a_monster_never_draws_an_event():
    s = graveyard_table()
    to_monster(s, 1, VAMPIRE, "graveyard.b")
    start_turn(s, 1)
    n = len(s.events)
    act(s, 1, move("graveyard.d"))
    assert len(s.events) == n and s.pos[1] == SLOT["graveyard.d"]


# ---- Rampart (R15, R106) --------------------------------------------------------------------------------------


def test_R106_the_hero_may_take_the_best_row_of_a_test_on_its_own_turn_once():
    s = graveyard_table()
    put(s, 0, "graveyard.b")
    s.adv[0] = 3  # the Hero
    event_on_top(s, "wolf_pack#0")
    act(s, 0, move("graveyard.d"))
    assert s.pending[-1] == ("rampart", 0, card("wolf_pack#0"), 0)
    assert set(s.legal_actions(0)) == {A.ROLL, A.RAMPART}
    s = graveyard_table()
    put(s, 0, "graveyard.b")
    s.adv[0] = 3
    s.used[3] = True
    event_on_top(s, "wolf_pack#0")
    dice(s, 0, 0, 0)
    act(s, 0, move("graveyard.d"))
    assert not s.pending and s.health[0] == 4  # it rolled at once: 0, two wounds
