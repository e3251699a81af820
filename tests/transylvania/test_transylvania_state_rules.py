"""The state's own rules (rules.py, abilities.py) that the mutation run found untested: the clone, the queries of
R88 and R66, the rules table, and the rules of drawing, receiving, death, the turn and the abilities (see the test
names for the rule ids of docs/games/transylvania.md)."""

from transylvania_helpers import (
    SLOT,
    act,
    bare,
    card,
    dice,
    examined,
    give,
    lay_tile,
    move,
    new,
    on_top,
    put,
    ready,
    start_turn,
    to_monster,
)

import hexbox
from hexbox.core import Rng
from hexbox.games.transylvania import actions as A
from hexbox.games.transylvania import legal
from hexbox.games.transylvania import state as rules
from hexbox.games.transylvania.board import Board
from hexbox.games.transylvania.cards import CARDS
from hexbox.games.transylvania.play import answer
from hexbox.games.transylvania.state import VAMPIRE, WEREWOLF, ZOMBIE, TransylvaniaState

ABBESS, HUNTER, EXPLORER, HERO, INVENTOR, SCIENTIST, AGENT, SLEUTH, WITCH_HUNTER, TEMPLAR = range(10)
SLOTS = [n for n in TransylvaniaState.__slots__ if n not in ("game", "rng")]


# ---- the clone: equal to its parent, and sharing nothing that either can change ----------------------------


def js(events: list) -> list:
    return [e.to_json() for e in events]


def fields(s: TransylvaniaState) -> dict:
    out = {n: getattr(s, n) for n in SLOTS}
    out["board"] = (s.board.placed, s.board.cells, s.board.adj)
    out["rng"] = s.rng._own().getstate()
    return out


def assert_apart(a, b, path: str) -> None:
    """Nothing mutable is shared between the two values, however deep."""
    if isinstance(a, (list, dict, set, Board, Rng)):
        assert a is not b, f"{path} is shared"
    if isinstance(a, dict):
        for k in a:
            assert_apart(a[k], b[k], f"{path}[{k!r}]")
    elif isinstance(a, (list, tuple)):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            assert_apart(x, y, f"{path}[{i}]")
    elif isinstance(a, Board):
        for n in Board.__slots__:
            assert_apart(getattr(a, n), getattr(b, n), f"{path}.{n}")


def window_state() -> TransylvaniaState:
    """An ambush window (W1) half declared, on a table where every field holds something."""
    s = bare(4)
    lay_tile(s, "graveyard", 0, -1, 0)
    put(s, 0, "graveyard.a")
    to_monster(s, 2, ZOMBIE, "graveyard.l")
    s.minions[0] = SLOT["graveyard.b"]
    put(s, 3, "graveyard.b")
    s.mirrors = (SLOT["church.d"], SLOT["graveyard.a"])
    s.corpses.append([SLOT["graveyard.a"], [card("gk_map#0")]])
    s.church = card("miasma#0")
    give(s, 1, "zk_field_notes#0", "t_werewolf#0")
    examined(s, 1, "gk_bible#0")
    s.aside[3] = [card("vk_treatise#1")]
    s.died[3] = (1, SLOT["church.d"])
    s.tokens[SLOT["church.a"]] = 5
    s.faceup.add(SLOT["church.a"])
    s.token_bag.append(7)
    s.codex_fired.add(card("gk_codex#0"))
    s.challenged.add(1)
    s.failed.add(SLOT["church.a"])
    s.chased.add(0)
    s.wounded.add(1)
    s.rolls["ft"] = (0, (1, 2))
    s.augured.append((0, 1, 1, (3, 4)))
    act(s, 0, move("graveyard.b"))
    s.attempted = s.stopped = True
    s.bonus, s.keys_used, s.sleuth_uses, s.deck_public = 2, 1, 2, 1
    s.todo.append(("w3_check",))
    assert s.window is not None and s.actors == (2, 3)
    act(s, 2, A.AMBUSH[1])  # the Zombie declares its minion, sealed, and is still deciding
    assert s.window["decl"] == {2: [6]} and s.window["deciding"] == [2, 3]
    return s


def test_a_clone_is_equal_to_its_parent_field_by_field_and_shares_nothing_mutable():
    s = window_state()
    c = s.clone()
    assert c.game is s.game and type(c) is TransylvaniaState
    assert fields(c) == fields(s)
    for n in SLOTS:
        assert_apart(getattr(s, n), getattr(c, n), n)
    assert_apart(s.board, c.board, "board")
    assert c.rng is not s.rng
    assert c.observe(2) == s.observe(2) and c.observe(None) == s.observe(None)
    assert c.legal_actions(2) == s.legal_actions(2) and c.legal_actions(3) == s.legal_actions(3)


def test_W1_a_clone_in_an_ambush_window_is_independent_of_its_parent():
    s = window_state()
    c = s.clone()
    before = fields(s)
    seen = {seat: s.observe(seat) for seat in (None, 0, 2, 3)}
    events = c.apply(3, A.PASS)  # the clone's window goes on without seat 3
    assert [e.kind for e in events] == ["window_finished"]
    assert c.window["deciding"] == [2] and s.window["deciding"] == [2, 3]
    c.apply(2, A.PASS)  # and its Zombie finishes: the clone's window closes, its fight is fought
    assert c.window is None and s.window["decl"] == {2: [6]}
    assert fields(s) == before
    assert {seat: s.observe(seat) for seat in (None, 0, 2, 3)} == seen
    # the parent, played the same way, tells the same story
    s.apply(3, A.PASS)
    c2 = s.clone()
    assert js(c2.apply(2, A.PASS)) == js(s.apply(2, A.PASS))
    assert c2.observe(0) == s.observe(0)


def test_a_clone_plays_on_by_itself_and_its_moves_report_only_their_own_events():
    s = ready(4)
    c = s.clone()
    seat = s.actors[0]
    a = s.default_action(seat)
    assert js(c.apply(seat, a)) == js(s.apply(seat, a))
    assert c.observe(seat) == s.observe(seat)


def test_R1_a_clone_of_a_finished_game_is_finished_with_the_same_result():
    s = bare(4)
    s._end({1}, "monster_kills", "a test")
    c = s.clone()
    assert c.result == s.result and c.is_over and c.actors == ()


# ---- queries ------------------------------------------------------------------------------------------------


def test_R79_is_monster_holds_for_a_revealed_monster_only():
    s = bare(4)
    to_monster(s, 1, VAMPIRE, "church.d")
    to_monster(s, 2, ZOMBIE, "church.e")
    assert [s.is_monster(x) for x in range(4)] == [False, True, True, False]
    s.alive[3] = False  # a dead adventurer is no Monster either
    assert not s.is_monster(3)


def test_R88_adventurer_stand_ups_on_the_board_count_hidden_monsters_not_the_dead_nor_monsters():
    s = bare(4)
    put(s, 0, "church.a")  # slot 0 is a space of the board like any other
    assert SLOT["church.a"] == 0
    put(s, 1, "church.d")
    to_monster(s, 2, VAMPIRE, "church.e")
    s.alive[3], s.pos[3] = False, -1
    assert s.adventurers_on_board() == 2
    s.alive[1], s.pos[1] = False, -1
    assert s.adventurers_on_board() == 1


def test_R88_an_adventurer_on_the_churchs_first_space_keeps_monsters_from_fighting_each_other():
    s = bare(3)
    lay_tile(s, "graveyard", 0, -1, 0)
    to_monster(s, 0, VAMPIRE, "graveyard.b")
    to_monster(s, 1, WEREWOLF, "graveyard.b")
    s.phase = "monster"
    put(s, 2, "church.a")  # slot 0
    assert A.ATTACK[1][0] not in s.legal_actions(0)
    s.alive[2], s.pos[2] = False, -1
    assert A.ATTACK[1][0] in s.legal_actions(0)


# ---- the rules table -----------------------------------------------------------------------------------------


def test_the_rules_table_checks_every_kind_against_the_legal_list_then_answers_it():
    # docs/design.md §2: the gate checks each kind (its own check, or the legal list) before its handler, and every
    # handler runs inside the game's one move step, play.answer (the step machine until the next decision)
    s = ready(4)
    table = TransylvaniaState.RULES
    assert set(table) == {type(a) for a in s.game.action_space.actions}
    for cls, (check, run) in table.items():
        assert check is (legal.check_end_exploration if cls is A.EndExploration else None), cls
        # the kind's handler inside the game's move step (core's rules())
        assert run.move_step is answer and run.__wrapped__.__module__.endswith((".play", ".abilities")), cls
    assert TransylvaniaState._legal_actions is legal.legal
    seat = s.actors[0]
    assert s.observe(seat)["private"]["hand"] is not None
    events = s.apply(seat, s.default_action(seat))
    assert events and s.out == [] and s.actors == s.who_acts()


# ---- Secret Society (R112) ------------------------------------------------------------------------------------


def test_R112_secret_society_pays_with_discovery_cards_only_never_an_event_in_the_row():
    s = bare(4)
    s.adv[0] = TEMPLAR
    give(s, 0, "zk_field_notes#0")
    s.row[0] = [(rules.ND, ())]  # the first Event card, placed in front of the Templar
    assert A.USE_ABILITY not in s.legal_actions(0)  # one Discovery card only: nothing to pay with
    examined(s, 0, "gk_map#0")
    assert A.USE_ABILITY in s.legal_actions(0)


# ---- Adventurer Death (R71, R72) ------------------------------------------------------------------------------


def test_R72_dying_discards_every_event_card_in_the_row_and_says_why():
    s = bare(4)
    lay_tile(s, "graveyard", 0, -1, 0)
    put(s, 1, "graveyard.b")
    examined(s, 1, "gk_map#0", "wolf_pack#0", "full_moon#0")  # wolf_pack#0 is the first Event card
    assert card("wolf_pack#0") == rules.ND
    events = s._take_out()
    s._wound(1, 20)
    events = s._take_out()
    assert sorted(s.event_discards[-2:]) == sorted([card("wolf_pack#0"), card("full_moon#0")])
    assert s.corpses == [[SLOT["graveyard.b"], [card("gk_map#0")]]]
    told = s.describe(events, None)
    assert sum(1 for line in told if line.endswith("is discarded (death).")) == 2


def test_R72_R85_R4_a_death_is_told_to_all_and_the_vampires_kill_wins():
    s = bare(4)
    lay_tile(s, "graveyard", 0, -1, 0)
    to_monster(s, 0, VAMPIRE, "graveyard.b")  # seat 0 and Monster 0: both are real killers
    s.kills[0] = 1
    put(s, 1, "graveyard.b")
    give(s, 1, "gk_map#0", "t_werewolf#0")
    examined(s, 1, "vk_treatise#0")
    s._take_out()
    s._wound(1, 20, killer=0)
    events = js(s._take_out())
    died = next(e for e in events if e["kind"] == "died")
    assert died == {"kind": "died", "to": None, "data": {"seat": 1, "node": "graveyard.b", "killer": 0,
                                                         "corpse": ["vk_treatise#0"], "set_aside": 2}}
    assert {"kind": "kill", "to": None, "data": {"seat": 0, "kills": 2}} in events
    assert s.kills == [2, 0, 0, 0]
    assert s.result.kind == "monster_kills" and s.result.winners == {0}
    assert s.result.reason == "the Vampire (seat 0) made 2 kills"
    assert events[-1]["kind"] == "game_over" and events[-1]["data"]["reason"] == s.result.reason
    assert events[-1]["data"]["roles"] == ["vampire"] + [CARDS.adventurers[s.adv[x]].id for x in (1, 2, 3)]
    assert events[-1]["data"]["winners"] == [0] and events[-1]["data"]["kills"] == [2, 0, 0, 0]


def test_R85_R4_one_kill_short_of_the_target_does_not_win():
    s = bare(4)
    lay_tile(s, "graveyard", 0, -1, 0)
    to_monster(s, 2, WEREWOLF, "graveyard.b")
    put(s, 1, "graveyard.b")
    s._wound(1, 20, killer=2)
    assert s.kills[2] == 1 and s.result is None  # two kills win at four seats
    assert not s.alive[1] and s.pos[1] == -1 and s.died[1] == (0, SLOT["graveyard.b"])


def test_R144_a_death_with_no_killer_scores_no_kill_even_with_a_monster_in_the_last_seat():
    s = bare(4)
    lay_tile(s, "graveyard", 0, -1, 0)
    to_monster(s, 3, ZOMBIE, "graveyard.c")
    put(s, 1, "graveyard.b")
    s._wound(1, 20)  # an Event's wound: killer -1
    assert s.kills == [0, 0, 0, 0] and s.result is None


def test_R76_dying_with_transformation_cards_of_two_kinds_allows_both_monsters():
    s = bare(4)
    lay_tile(s, "graveyard", 0, -1, 0)
    put(s, 1, "graveyard.b")
    give(s, 1, "t_vampire_bite#0", "gk_map#0", "t_werewolf#0")
    s._wound(1, 20)
    assert s.died[1] == (1 << VAMPIRE | 1 << WEREWOLF, SLOT["graveyard.b"])
    assert s.observe(0)["public"]["seats"][1]["alive"] is False and s.observe(0)["public"]["seats"][1]["node"] is None


# ---- the options and Game Set Up (R4, R6-R12) -----------------------------------------------------------------


def test_R4_the_kills_to_win_are_half_the_seats_rounded_up_or_the_option():
    assert [hexbox.load("transylvania", players=p).kills_to_win for p in (3, 4, 5, 6)] == [2, 2, 3, 3]
    assert hexbox.load("transylvania", players=5, monster_kills="1").kills_to_win == 1
    assert hexbox.load("transylvania", players=3, monster_kills="4").kills_to_win == 4


def test_R94_R120_R133_R147_the_options_reach_the_rules():  # D4, D29, D35
    g = hexbox.load("transylvania", players=4, health_cap=10, max_rounds=12, minion_attack="eight",
                    ambush_windows="public_only")
    assert (g.health_cap, g.max_rounds, g.minion_eight, g.public_only) == (10, 12, True, True)
    g = hexbox.load("transylvania", players=4)
    assert (g.health_cap, g.max_rounds, g.minion_eight, g.public_only) == (8, 40, False, False)  # D29, D35


def test_R6_the_stack_holds_the_fifteen_tiles_or_the_compact_ten():
    tiles = {t.index for t in CARDS.tiles if t.index}
    assert len(tiles) == 15 and set(hexbox.load("transylvania", players=4).tile_ids) == tiles
    compact = hexbox.load("transylvania", players=4, tiles="compact").tile_ids
    gone = {"dark_forest", "swamp", "old_mine", "windmill", "train_station"}
    assert set(compact) == {t for t in tiles if CARDS.tiles[t].id not in gone} and len(compact) == 10
    s = new(4, tiles="compact")
    assert sorted(s.tiles) == sorted(compact) and s.observe(None)["public"]["decks"]["tiles"] == 10


def test_R9_D51_the_first_player_is_random_or_seat_0():
    firsts = {new(4, seed=k, first_player="random").first for k in range(12)}
    assert len(firsts) > 1 and firsts <= {0, 1, 2, 3}
    assert {new(4, seed=k).first for k in range(12)} == {0}
    s = new(4, seed=next(k for k in range(12) if new(4, seed=k, first_player="random").first == 2),
            first_player="random")
    assert s.active == 2 and s.actors == (2,) and s.pending == [("start_space", 2)]  # R10: in turn order


def test_R10_only_the_seat_a_decision_waits_for_has_legal_actions():
    s = new(4, seed=3)
    assert s.pending == [("start_space", 0)] and s.legal_actions(0)
    assert [s.legal_actions(t) for t in (1, 2, 3)] == [[], [], []]


def test_R6_R12_a_new_table_before_anyone_stands_up():
    s = new(4, seed=3)
    o = s.observe(0)
    pub = o["public"]
    assert o["phase"] == "setup_start" and o["actors"] == [0] and o["result"] is None
    assert (pub["round"], pub["turn"], pub["first"], pub["active"]) == (0, 0, 0, 0)
    assert pub["board"] == {"tiles": [{"tile": "church", "at": [0, 0], "rotation": 0}], "locks": [], "tokens": [],
                            "mirrors": [], "corpses": [], "minions": [None] * 5}  # R6, D15
    assert pub["church_card"] is None
    advs = [v["adventurer"] for v in pub["seats"]]
    assert len(set(advs)) == 4 and set(advs) <= {a.id for a in CARDS.adventurers}  # R7
    assert pub["seats"] == [{"seat": x, "role": "adventurer", "adventurer": advs[x], "alive": True, "node": None,
                             "health": 6, "trait_tokens": [0, 0, 0], "ability_available": True, "examined": [],
                             "hand_size": 0, "set_aside_size": 0, "kills": 0, "surge": False, "breaking": None}
                            for x in range(4)]  # R8
    assert pub["this_turn"] == {"movement_left": 0, "examined": False, "discarded": False, "challenged": [],
                                "failed_tokens": [], "attempted": False, "received": False, "spawns_left": 0,
                                "minion_steps": [0] * 5, "sleuth_picks": 0}
    assert pub["decks"] == {"discovery": 69, "discovery_top_public": [], "event": 62, "tiles": 15, "token_stack": 57,
                            "token_bag": [], "discovery_discard": [], "event_discard": []}
    assert pub["supply"] == {"locks": 20, "trait_tokens": [6, 6, 6], "minions": 5}
    assert pub["abilities_used"] == [] and pub["window"] is None and pub["reveal"] is None
    assert pub["pending"] == {"kind": "start_space", "seat": 0, "cards": [], "tile": None, "seats": [],
                              "roll": None}  # R10
    assert pub["kills_to_win"] == 2
    assert o["private"] == {"hand": [], "set_aside": [], "qualifies": [], "transformation_cards": 0, "known_tiles": [],
                            "glimpses": [], "declared": [], "revealing": [], "new_cards": [], "drawn_this_turn": []}
    # R11: the decks and the tokens are shuffled
    assert sorted(s.deck) == list(range(rules.ND)) and s.deck != list(range(rules.ND))
    assert sorted(s.events) == list(range(rules.ND, rules.NC)) and s.events != list(range(rules.ND, rules.NC))
    assert sorted(s.token_stack) == list(range(len(CARDS.tokens))) and s.token_stack != sorted(s.token_stack)
    assert sorted(s.tiles) == list(range(1, 16)) and s.tiles != sorted(s.tiles)
    assert s.known == [0] * rules.ND and s.tiles_known == [0] * 4  # nobody knows any card or tile yet


# ---- drawing (R44, R45, R108, R131, R148) ----------------------------------------------------------------------


def test_R44_a_drawn_card_is_shown_to_its_drawer_only():
    s = bare(4)
    on_top(s, "gk_map#0", "zk_field_notes#0")  # card 0 is a card like any other
    assert card("zk_field_notes#0") == 0
    s._take_out()
    s._draw_to(2, 2, "the Codex")
    events = s._take_out()
    assert js(events) == [
        {"kind": "drew", "to": None, "data": {"seat": 2, "why": "the Codex", "card": None}},
        {"kind": "drew_card", "to": [2], "data": {"seat": 2, "card": "gk_map#0"}},
        {"kind": "drew", "to": None, "data": {"seat": 2, "why": "the Codex", "card": None}},
        {"kind": "drew_card", "to": [2], "data": {"seat": 2, "card": "zk_field_notes#0"}},
    ]
    assert s.hand[2] == [card("gk_map#0"), 0]
    assert s.known[card("gk_map#0")] == s.known[0] == 1 << 2  # the drawer alone knows where they are
    assert s.describe(events, 0) == ["Seat 2 draws a card (the Codex).", "Seat 2 draws a card (the Codex)."]
    assert s.drawn == {card("gk_map#0"), 0}  # R45: drawn this turn
    assert not s.received  # R148: received counts for the active seat only, and seat 0 is active


def test_R45_R148_a_card_drawn_on_your_turn_is_received_and_may_not_be_discarded():
    s = bare(4)
    lay_tile(s, "graveyard", 0, -1, 0)
    put(s, 0, "graveyard.b")
    give(s, 0, "gk_occult#0")
    on_top(s, "zk_field_notes#0")
    s._draw_to(0, 1, "test")
    assert s.received and s.hand[0] == [card("gk_occult#0"), 0]
    discards = {a.card for a in s.legal_actions(0) if a.kind == "discard"}
    assert discards == {card("gk_occult#0")}
    assert s.observe(0)["private"]["drawn_this_turn"] == ["zk_field_notes#0"]


def test_R108_a_card_drawn_from_the_public_top_of_the_deck_is_named_to_all():
    s = bare(4)
    on_top(s, "gk_map#0", "gk_occult#0", "gk_diary#0")
    for c in s.deck[-2:]:
        s.known[c] = (1 << 6) - 1
    s.deck_public = 2  # gk_map and gk_occult, put back in public order
    s._take_out()
    s._draw_to(1, 1, "an Event")
    events = js(s._take_out())
    assert events[0] == {"kind": "drew", "to": None, "data": {"seat": 1, "why": "an Event", "card": "gk_map#0"}}
    assert s.known[card("gk_map#0")] == (1 << 6) - 1 and s.deck_public == 1
    assert s.observe(None)["public"]["decks"]["discovery_top_public"] == ["gk_occult#0"]
    s._draw_to(1, 2, "an Event")
    events = js(s._take_out())
    assert [e["data"]["card"] for e in events if e["kind"] == "drew"] == ["gk_occult#0", None]
    assert s.deck_public == 0 and s.known[card("gk_diary#0")] == 1 << 1
    assert s.observe(None)["public"]["decks"]["discovery_top_public"] == []


def test_R131_D34_an_empty_deck_is_refilled_from_its_discards_and_forgets_what_was_known():
    s = bare(4)
    cards_ = [card("gk_map#0"), card("gk_codex#0"), card("gk_diary#0")]
    for c in cards_:
        s.known[c] = (1 << 6) - 1
    s.deck, s.discards = [], cards_[:]
    s.codex_fired.add(card("gk_codex#0"))
    s.deck_public = 0
    s._take_out()
    s._draw_to(1, 1, "test")
    events = js(s._take_out())
    assert events[0] == {"kind": "deck_reshuffled", "to": None, "data": {"deck": "discovery", "size": 3}}
    assert events[1]["data"]["card"] is None  # nobody knows the new deck: the draw is private again
    assert len(s.deck) == 2 and not s.discards and s.deck_public == 0
    assert all(s.known[c] == 0 for c in s.deck)
    assert s.observe(None)["public"]["decks"]["discovery_top_public"] == []
    assert card("gk_codex#0") not in s.codex_fired  # R129: it draws again the next time it is examined
    # both empty: nothing is drawn
    s.deck, s.discards = [], []
    s._draw_to(1, 1, "test")
    assert js(s._take_out()) == [{"kind": "deck_empty", "to": None, "data": {"seat": 1}}]
    assert len(s.hand[1]) == 1


def test_R129_the_codex_draws_again_once_the_deck_was_reshuffled():
    s = bare(4)
    lay_tile(s, "graveyard", 0, -1, 0)
    put(s, 0, "graveyard.b")
    give(s, 0, "gk_codex#0")
    s.hand[0] = []
    s.deck, s.discards = [], [card("gk_codex#0"), card("gk_map#0")]
    s.codex_fired.add(card("gk_codex#0"))  # it fired once, long ago
    s._draw_to(1, 1, "test")  # the reshuffle
    give(s, 0, "gk_codex#0")
    s.drawn.discard(card("gk_codex#0"))
    on_top(s, "gk_diary#0")
    act(s, 0, A.EXAMINE[card("gk_codex#0")])
    assert s.hand[0] == [card("gk_diary#0")]


def test_R131_the_event_deck_is_refilled_from_its_discards_and_with_both_empty_no_event_is_drawn():
    s = bare(4)
    lay_tile(s, "graveyard", 0, -1, 0)
    put(s, 0, "graveyard.b")
    s.events, s.event_discards = [], [card("full_moon#0"), card("full_moon#1")]
    s._take_out()
    assert s._draw_event() in (card("full_moon#0"), card("full_moon#1"))
    events = js(s._take_out())
    assert events == [{"kind": "deck_reshuffled", "to": None, "data": {"deck": "event", "size": 2}}]
    assert len(s.events) == 1 and not s.event_discards
    s.events, s.event_discards = [], []
    assert s._draw_event() == -1
    s.todo.append(("event", 0))
    s._run()
    assert js(s._take_out()) == [{"kind": "deck_empty", "to": None, "data": {"seat": 0, "deck": "event"}}]


# ---- the Monster's turn (R80, R83) -----------------------------------------------------------------------------


def monster_on_the_graveyard(monster: int) -> TransylvaniaState:
    s = bare(4)
    lay_tile(s, "graveyard", 0, -1, 0)
    to_monster(s, 1, monster, "graveyard.j")
    for seat in (0, 2, 3):
        put(s, seat, "church.s" if seat != 3 else "church.w")
    start_turn(s, 1)
    return s


def test_R83_a_gate_opened_by_someone_else_before_the_monsters_next_turn_is_not_broken_again():
    s = monster_on_the_graveyard(ZOMBIE)
    gate = SLOT["graveyard.m"]
    act(s, 1, move("graveyard.m"))
    act(s, 1, A.END_TURN)
    assert s.breaking[1] == gate and s.observe(0)["public"]["seats"][1]["breaking"] == "graveyard.m"
    s.locks.discard(gate)  # a Skeleton Key opens it on another turn
    s.lock_supply += 1
    supply = s.lock_supply
    events = start_turn(s, 1)
    assert "lock_broken" not in {e.kind for e in events} and s.lock_supply == supply
    assert s.observe(0)["public"]["seats"][1]["breaking"] is None


def test_R83_the_lock_breaks_at_the_start_of_the_monsters_next_turn_and_is_told():
    s = monster_on_the_graveyard(ZOMBIE)
    act(s, 1, move("graveyard.m"))
    act(s, 1, A.END_TURN)
    supply = s.lock_supply
    events = js(start_turn(s, 1))
    assert {"kind": "lock_broken", "to": None, "data": {"seat": 1, "node": "graveyard.m"}} in events
    assert s.lock_supply == supply + 1 and SLOT["graveyard.m"] not in s.locks
    assert s.observe(0)["public"]["seats"][1]["breaking"] is None


def test_R89_the_werewolfs_feral_surge_roll_is_told_to_all():
    s = monster_on_the_graveyard(WEREWOLF)
    dice(s, 0)  # the Werewolf icon
    events = js(start_turn(s, 1))
    assert {"kind": "feral_surge", "to": None, "data": {"seat": 1, "value": 0, "icon": True}} in events
    assert s.surge[1] and s.movement(1) == 12 and s.observe(0)["public"]["seats"][1]["surge"] is True
    dice(s, 2)
    events = js(start_turn(s, 1))
    assert {"kind": "feral_surge", "to": None, "data": {"seat": 1, "value": 2, "icon": False}} in events
    assert not s.surge[1] and s.movement(1) == 6
    dice(s, 0)
    assert "The Werewolf rolls the Werewolf icon: Feral Surge!" in s.describe(start_turn(s, 1), 0)


# ---- receiving a card: cursed cards, must-examine cards, the row's limit (R54, R56, R128, R129) ---------------


def test_R128_a_cursed_card_drawn_out_of_turn_is_public_and_attaches_to_the_lowest_slot():
    s = bare(4)
    examined(s, 1, "gk_map#0", "gk_map#1")
    on_top(s, "i_raven#0")
    s._take_out()
    s._draw_to(1, 1, "test")
    assert js(s._take_out()) == [
        {"kind": "drew", "to": None, "data": {"seat": 1, "why": "test", "card": None}},
        {"kind": "drew_card", "to": [1], "data": {"seat": 1, "card": "i_raven#0"}},
        {"kind": "cursed", "to": None, "data": {"seat": 1, "card": "i_raven#0"}},
        {"kind": "attached", "to": None, "data": {"seat": 1, "card": "i_raven#0", "host": "gk_map#0"}},
    ]
    assert s.row[1] == [(card("gk_map#0"), (card("i_raven#0"),)), (card("gk_map#1"), ())]
    assert s.known[card("i_raven#0")] == (1 << 6) - 1 and not s.pending and not s.hand[1]


def test_R128_on_your_own_turn_you_choose_the_host_but_one_host_is_no_choice():
    s = bare(4)
    examined(s, 0, "gk_map#0")
    on_top(s, "i_locket#0")
    s._draw_to(0, 1, "test")
    assert not s.pending and s.row[0] == [(card("gk_map#0"), (card("i_locket#0"),))]
    examined(s, 0, "gk_map#1")
    on_top(s, "i_raven#0")
    s._draw_to(0, 1, "test")
    assert s.pending == [("attach", 0, card("i_raven#0"))] and s.actors == (0,)


def test_R128_a_cursed_card_with_no_host_is_discarded_and_says_why():
    s = bare(4)
    on_top(s, "i_raven#0")
    s._take_out()
    s._draw_to(2, 1, "test")
    events = s._take_out()
    assert js(events)[-1] == {"kind": "discarded", "to": None, "data": {"card": "i_raven#0",
                                                                         "why": "nothing to attach to"}}
    assert s.discards == [card("i_raven#0")] and s.known[card("i_raven#0")] == (1 << 6) - 1
    assert s.describe(events, 0)[-1] == "The Raven is discarded (nothing to attach to)."


def test_R54_R56_a_must_examine_card_goes_to_the_row_and_a_full_row_asks_to_make_room_first():
    s = bare(4)
    examined(s, 1, "gk_map#0", "gk_map#1", "gk_diary#0")
    on_top(s, "i_shackles#0")
    s._take_out()
    s._draw_to(1, 1, "test")
    events = js(s._take_out())
    assert events[2:] == [
        {"kind": "must_examine", "to": None, "data": {"seat": 1, "card": "i_shackles#0"}},
        {"kind": "placed", "to": None, "data": {"seat": 1, "card": "i_shackles#0", "attached": []}},
    ]
    assert s.row[1][-1] == (card("i_shackles#0"), ()) and not s.hand[1] and not s.pending
    assert s.known[card("i_shackles#0")] == (1 << 6) - 1
    s = bare(4)
    examined(s, 1, "gk_map#0", "gk_map#1", "gk_diary#0", "gk_occult#0")
    on_top(s, "i_shackles#0")
    s._draw_to(1, 1, "test")  # four examined: the fifth waits for room
    assert len(s.row[1]) == 4 and s.pending == [("make_room", 1, (card("i_shackles#0"), ()))]


def test_R129_the_codex_draws_one_card_for_its_examiner_and_the_tonic_heals_two_and_is_used_up():
    s = bare(4)
    lay_tile(s, "graveyard", 0, -1, 0)
    put(s, 0, "graveyard.b")
    give(s, 0, "gk_codex#0", "i_tonic#0")
    on_top(s, "gk_map#0", "gk_map#1")
    s._take_out()
    events = js(act(s, 0, A.EXAMINE[card("gk_codex#0")]))
    assert {"kind": "drew", "to": None, "data": {"seat": 0, "why": "the Codex", "card": None}} in events
    assert s.hand[0] == [card("i_tonic#0"), card("gk_map#0")] and card("gk_codex#0") in s.codex_fired
    s.health[0] = 3
    start_turn(s, 0)
    events = act(s, 0, A.EXAMINE[card("i_tonic#0")])
    assert s.health[0] == 5 and s.row[0] == [(card("gk_codex#0"), ())]
    assert js(events)[-1]["data"] == {"card": "i_tonic#0", "why": "the Tonic is used up"}
    assert card("i_tonic#0") in s.discards and len(s.hand[0]) == 1  # the Codex drew only once


# ---- Health (R71, R120, R128) ----------------------------------------------------------------------------------


def test_R71_an_adventurer_at_one_health_lives_and_dies_only_below_one():
    s = bare(4)
    lay_tile(s, "graveyard", 0, -1, 0)
    put(s, 1, "graveyard.b")
    s.health[1] = 3
    s._take_out()
    s._wound(1, 2)
    assert js(s._take_out()) == [{"kind": "wounded", "to": None, "data": {"seat": 1, "lost": 2, "health": 1}}]
    assert s.alive[1] and s.health[1] == 1
    s._wound(1, 1)
    assert not s.alive[1] and s.health[1] == 0


def test_R58_R128_discarding_a_host_takes_its_cursed_attachment_along_and_says_so():
    s = bare(4)
    lay_tile(s, "graveyard", 0, -1, 0)
    put(s, 0, "graveyard.b")
    examined(s, 0, "gk_map#0")
    s.row[0][0] = (card("gk_map#0"), (card("i_raven#0"),))
    events = act(s, 0, A.DISCARD[card("gk_map#0")])
    assert s.row[0] == [] and s.discards[-2:] == [card("gk_map#0"), card("i_raven#0")]
    assert [e["data"] for e in js(events) if e["kind"] == "discarded"] == [
        {"card": "gk_map#0", "why": "by choice"}, {"card": "i_raven#0", "why": "attached"}]
    assert "The Raven is discarded (attached)." in s.describe(events, 1)


# ---- traits and dice (R13, R14, R119, D9) ----------------------------------------------------------------------


def test_R14_D9_only_the_bible_adds_spirit_per_monster_on_the_board():
    s = bare(4)
    s.adv[0] = ABBESS  # Spirit 4
    to_monster(s, 2, VAMPIRE, "church.d")
    examined(s, 0, "gk_map#0", "vk_letters#0")  # no Spirit modifier
    assert s.dice(0, 2) == 4
    examined(s, 0, "gk_bible#0")
    assert s.dice(0, 2) == 4 + 2


# ---- How to Win (R2) and qualifying (R66) ----------------------------------------------------------------------


def test_R2_each_general_card_fills_exactly_one_missing_type():
    s = bare(4)
    give(s, 0, "zk_field_notes#0", "zk_plague_ledger#0", "vk_treatise#0", "vk_letters#0", "gk_map#0")
    assert s.knowledge_set(0)  # Werewolf missing, one General fills it
    s.hand[0] = []
    give(s, 0, "zk_field_notes#0", "zk_plague_ledger#0", "vk_treatise#0", "wk_bestiary#0", "wk_shepherd#0")
    assert s.knowledge_set(0)  # all three types, no General needed
    s.hand[0] = []
    give(s, 0, "zk_field_notes#0", "zk_plague_ledger#0", "zk_gravedigger#0", "vk_treatise#0", "gk_map#0")
    assert s.knowledge_set(0)
    s.hand[0] = []
    give(s, 0, "zk_field_notes#0", "zk_plague_ledger#0", "zk_gravedigger#0", "zk_field_notes#1", "gk_map#0")
    assert not s.knowledge_set(0)  # two types missing, one General


def test_R66_a_recipe_for_the_monster_already_in_play_does_not_qualify():
    s = bare(4)
    give(s, 0, "t_vampire_bite#0", "t_vampire_bite#1", "t_vampire_bite#2")
    assert s.qualifies(0) == [VAMPIRE]
    to_monster(s, 2, VAMPIRE, "church.d")
    assert s.recipes(0) == [VAMPIRE] and s.qualifies(0) == []


# ---- the turn and the round limit (R22, R31, R124, R147) ------------------------------------------------------


def test_R147_D35_when_round_max_rounds_has_ended_the_curse_endures():
    s = bare(4, max_rounds=10)
    s.round = 9
    events = js(start_turn(s, 0))  # seat 0 is first: round 10 begins
    assert events[0] == {"kind": "turn", "to": None, "data": {"seat": 0, "round": 10}}
    assert s.round == 10 and s.result is None and s.turns == 2
    start_turn(s, 3)  # the last seat of round 10
    assert s.round == 10 and s.result is None
    events = js(start_turn(s, 0))
    assert s.result.kind == "curse_endures" and s.result.winners == frozenset()
    assert s.result.reason == "10 rounds passed and the curse endures"
    assert s.result.scores == {0: 0.0, 1: 0.0, 2: 0.0, 3: 0.0}
    assert events[-1]["data"]["reason"] == s.result.reason and s.actors == ()


def test_R1_only_the_seats_that_may_act_now_have_legal_actions_and_none_once_the_game_is_over():
    s = ready(4)
    assert s.actors == (0,) and s.legal_actions(0)
    assert [s.legal_actions(x) for x in (1, 2, 3)] == [[], [], []]
    s._end(set(), "curse_endures", "a test")
    assert [s.legal_actions(x) for x in range(4)] == [[], [], [], []]
