"""Hidden information: observations, private events, knowledge that follows cards, resample (R23, R31, R38)."""

import json
import random

from prowl_helpers import card, clan, new, play, private, public, random_playout, table

from hexbox.games.prowl import actions as A
from hexbox.games.prowl.cards import CARD_CLAN

CLANS = ["spring_changeling", "summer_duelist", "autumn_garrison", "winter_magistrate"]
HANDS = [["spring_whisperer", "spring_mist_weaver", "summer_hunter"],
         ["autumn_tactician", "winter_ice_wall", "summer_war_horn"],
         ["spring_eclipse_rite", "autumn_drillmaster", "winter_avalanche"],
         ["summer_wanderer", "autumn_peace_envoy", "winter_bribed_official"]]


def four(**kw):
    return table(4, clans=CLANS, hands=[h[:] for h in HANDS], **kw)


def dumps(obj):
    return json.dumps(obj, sort_keys=True)


def test_observations_are_plain_json_and_hide_hands_and_clans():
    st = four()
    spectator = st.observe(None)
    assert spectator["private"] is None and "hand" not in spectator["public"]
    assert all(p["clan_card"] is None for p in spectator["public"]["players_info"])
    assert public(st)["clan_cards"] is None and public(st)["box"] is None
    mine = st.observe(2)["private"]
    assert mine["hand"] == ["spring_eclipse_rite", "autumn_drillmaster", "winter_avalanche"]
    assert mine["clan_card"] == "autumn_garrison"  # R38: one's own clan card, always
    assert "summer_duelist" not in dumps(st.observe(2)) and "winter_ice_wall" not in dumps(st.observe(2))
    assert json.loads(dumps(st.observe(2))) == st.observe(2)


def test_R23_peeked_card_is_seen_by_the_peeker_only_and_stays_known():
    # R23
    st = four()
    play(st, "spring_whisperer", "strengthen", 3, "skip")
    assert private(st, 0)["known_clans"] == {"3": "winter_magistrate"}
    for other in (1, 2, 3, None):
        assert "winter_magistrate" not in dumps(st.observe(other)) or other == 3
    play(st, "summer_war_horn", "strengthen", "spring")
    assert private(st, 0)["known_clans"] == {"3": "winter_magistrate"}  # still known on later turns
    for _ in range(10):
        world = st.resample(0, random.Random(_))
        assert world.clan_card[3] == card("winter_magistrate")


def test_D16_a_change_makes_others_forget():
    st = four(active=3)
    st.hands[3].append(card("spring_mist_weaver"))
    st.hands[0].remove(card("spring_mist_weaver"))
    play(st, "spring_mist_weaver", "strengthen", 0, "skip")
    st.known_clans[3][0] = st.clan_card[0]  # as if also peeked
    assert private(st, 3)["known_hands"] == {"0": ["spring_whisperer", "summer_hunter"]}
    play(st, "summer_hunter", "strengthen", 1, "skip")  # seat 0 Plays a known card: it leaves the knowledge
    assert private(st, 3)["known_hands"] == {"0": ["spring_whisperer"]}
    assert private(st, 0)["known_clans"] == {"1": "summer_duelist"}
    st.apply(1, A.Change("winter_ice_wall"))
    assert private(st, 0)["known_clans"] == {}  # seat 1 changed: its new card is unknown
    st.apply(2, A.Change("winter_avalanche"))
    st.apply(3, A.Change("autumn_peace_envoy"))
    st.apply(0, A.Change("spring_whisperer"))
    assert private(st, 3)["known_hands"] == {} and private(st, 3)["known_clans"] == {}
    # what stays certain: the Whisperer is still seat 0's, in hand or as its clan card
    assert private(st, 3)["known_held"] == {"0": ["spring_whisperer"]}
    for i in range(30):
        world = st.resample(3, random.Random(i))
        assert card("spring_whisperer") in world.hands[0] + [world.clan_card[0]]


def test_held_cards_become_certain_again_after_a_peek():
    st = four(active=3)
    st.known_held[3][0] = (card("spring_whisperer"), card("summer_hunter"))
    st.clan_card[0], st.hands[0] = card("spring_whisperer"), [card("spring_mist_weaver"), card("summer_hunter")]
    st.box.append(card("spring_changeling"))
    st.peek_clan(3, 0)  # the clan card is one of them: the other is in the hand
    assert st.known_clans[3][0] == card("spring_whisperer") and st.known_hand[3][0] == (card("summer_hunter"),)
    assert st.known_held[3][0] == ()
    st.known_clans[3][0], st.known_hand[3][0] = -1, ()
    st.known_held[3][0] = (card("spring_whisperer"),)
    st.peek_hand(3, 0)  # not in the hand: it must be the clan card
    assert st.known_clans[3][0] == card("spring_whisperer") and st.known_held[3][0] == ()


def test_R31_resample_respects_denials():
    # R31
    st = four()
    st.apply(0, A.Accuse("summer_hunter", 1, "autumn"))
    st.apply(1, A.Accuse("summer_war_horn", 2, "winter"))
    st.apply(2, A.Accuse("spring_eclipse_rite", 1, "spring"))
    assert public(st)["players_info"][1]["denied"] == ["spring", "autumn"]
    rng = random.Random(5)
    seen = set()
    for _ in range(300):
        world = st.resample(3, rng)
        assert CARD_CLAN[world.clan_card[1]] not in (clan("spring"), clan("autumn"))
        assert CARD_CLAN[world.clan_card[2]] != clan("winter")
        seen.add(world.clan_card[1])
    assert len(seen) > 3


def test_resample_keeps_what_the_seat_knows_and_redeals_the_rest():
    st = four()
    play(st, "spring_mist_weaver", "strengthen", 2, "spring_whisperer", "autumn_drillmaster")
    views = [dumps(st.observe(s)) for s in (0, 1, 2, 3, None)]
    rng = random.Random(1)
    moved = 0
    for _ in range(50):
        world = st.resample(0, rng)
        assert dumps(world.observe(0)) == views[0] and dumps(world.observe(None)) == views[4]
        assert world.hands[2] == st.hands[2]  # seat 0 saw that whole hand
        everything = sorted([c for h in world.hands for c in h] + world.clan_card + world.box)
        assert everything == sorted([c for h in st.hands for c in h] + st.clan_card + st.box)
        moved += world.hands[1] != st.hands[1]
        # other seats' knowledge is renamed with the cards: still true in the new world
        for o in range(4):
            for p in range(4):
                k = world.known_clans[o][p]
                assert k < 0 or world.clan_card[p] == k
                assert set(world.known_hand[o][p]) <= set(world.hands[p])
    assert moved > 30
    assert dumps(st.observe(2)) == views[2]


def test_resample_renames_an_open_mist_weaver_choice():
    st = four()
    st.apply(0, A.Play("spring_mist_weaver", "strengthen"))
    st.apply(0, A.CHOOSE_PLAYER[2])
    st.apply(0, A.CHOOSE_CARD[card("summer_hunter")])
    for i in range(20):
        world = st.resample(3, random.Random(i))
        assert world.prompt[3] in world.hands[0]  # the offered card is still in seat 0's hand
        assert world.legal_actions(0)  # and the answer is still possible


def test_bribed_official_prompt_tells_the_table_nothing():
    above = four(track=("spring", "summer", "winter", "autumn"), active=3)
    play(above, "winter_bribed_official", "effect", 1)  # Summer, directly above Winter
    below = four(track=("spring", "summer", "winter", "autumn"), active=3)
    play(below, "winter_bribed_official", "effect", 2)
    assert above.legal_actions(3) == [A.CONFIRM, A.SKIP] and below.legal_actions(3) == [A.SKIP]
    strip = {"history", "prompt"}
    pa, pb = above.observe(None), below.observe(None)
    assert pa["phase"] == pb["phase"] == "prompt"
    assert {k: v for k, v in pa["public"].items() if k not in strip} == {
        k: v for k, v in pb["public"].items() if k not in strip}


def test_private_events_reach_only_their_seats():
    st = new(4, first_player=0)
    events = []
    for s in range(4):
        events += st.apply(s, st.default_action(s))
    for e in events:
        if e.kind == "your_clan":
            assert e.to == {e.data["seat"]}
    st = four()
    events = play(st, "spring_whisperer", "strengthen", 1, 2)
    assert [e.to for e in events if e.kind == "peeked"] == [{0}, {0}]


def test_resample_of_random_positions_keeps_every_seat_view_and_the_public():
    for seed in range(6):
        st = new(3, seed=seed)
        rng = random.Random(seed)
        while not st.is_over:
            for seat in range(3):
                world = st.resample(seat, rng)
                assert dumps(world.observe(seat)) == dumps(st.observe(seat))
                assert dumps(world.observe(None)) == dumps(st.observe(None))
            seat = rng.choice(st.actors)
            st.apply(seat, rng.choice(st.legal_actions(seat)))


def test_end_reveals_box_and_deck():
    st = random_playout(new(3, seed=4), 4)
    obs = public(st)
    assert len(obs["box"]) == obs["box_size"] == 14 and len(obs["clan_cards"]) == 3


def knowledge_is_true(st):
    for o in range(st.n):
        for p in range(st.n):
            if o == p:
                continue
            k = st.known_clans[o][p]
            assert k < 0 or st.clan_card[p] == k
            assert set(st.known_hand[o][p]) <= set(st.hands[p])
            held = set(st.known_held[o][p])
            places = set(st.hands[p]) - set(st.known_hand[o][p])
            if not st.face_up[p] and k < 0:
                places.add(st.clan_card[p])
            assert held <= places, (o, p)


def test_knowledge_stays_true_and_resample_keeps_it_in_random_games():
    # R23, R38: everything a seat was shown stays true, and a resampled world agrees with it
    from hexbox.core.conformance import random_step

    for players in (2, 3, 4, 5):
        for seed in range(8):
            st = new(players, seed=seed)
            rng = random.Random(seed)
            step = 0
            while not st.is_over:
                knowledge_is_true(st)
                if step % 3 == 0:
                    seat = rng.randrange(players)
                    world = st.resample(seat, rng)
                    knowledge_is_true(world)
                    assert dumps(world.observe(seat)) == dumps(st.observe(seat))
                st.apply(*random_step(st, rng))
                step += 1


def test_R23_D16_a_mist_weaver_exchange_updates_what_each_seat_knows():
    # seat 0 exchanges its Whisperer for seat 2's Drillmaster: seat 0 has seen seat 2's hand, seat 2 knows what it
    # gave and got; the others saw cards cross but not which, so they forget both hands (and nothing else)
    st = four()
    c = card
    st.hands_seen = True
    st.known_hand[1][0], st.known_held[1][0] = (c("summer_hunter"),), (c("summer_hunter"),)
    st.known_hand[1][2] = (c("winter_avalanche"),)
    st.known_hand[3][1] = (c("winter_ice_wall"),)  # between two seats the exchange does not touch
    st.known_hand[2][0] = (c("spring_whisperer"), c("summer_hunter"))  # seat 2 had seen seat 0's hand before
    st.known_held[2][0] = (c("spring_whisperer"), c("autumn_drillmaster"), c("spring_changeling"))
    play(st, "spring_mist_weaver", "strengthen", 2, "spring_whisperer", "autumn_drillmaster")
    assert st.hands[0] == sorted([c("summer_hunter"), c("autumn_drillmaster")])
    assert st.known_hand[0][2] == tuple(st.hands[2])  # the whole hand, after the exchange
    assert st.known_hand[2][0] == (c("summer_hunter"), c("autumn_drillmaster"))  # gave one, got one
    assert st.known_held[2][0] == (c("spring_changeling"),)  # the two cards that crossed are placed now
    assert st.known_hand[1][0] == st.known_held[1][0] == st.known_hand[1][2] == ()
    assert st.known_hand[3][1] == (c("winter_ice_wall"),)
    assert private(st, 1)["known_hands"] == {} and private(st, 3)["known_hands"] == {"1": ["winter_ice_wall"]}


def test_R23_peeking_at_a_clan_card_places_the_other_held_cards_in_the_hand():
    st = four(active=3)
    st.known_hand[3][0] = (card("summer_hunter"),)
    st.known_held[3][0] = (card("spring_whisperer"), card("spring_changeling"))
    st.peek_clan(3, 0)  # the clan card is the Changeling: the Whisperer is in the hand, next to the Hunter
    assert st.known_clans[3][0] == card("spring_changeling")
    assert st.known_hand[3][0] == (card("summer_hunter"), card("spring_whisperer")) and st.known_held[3][0] == ()


def test_R44_a_clan_card_turned_face_up_places_the_other_held_cards_in_the_hand():
    # a right accusation shows seat 1's clan card to all: whoever knew two cards "in hand or clan" of seat 1
    # now knows the other one is in the hand, and keeps what it knew of that hand
    st = four()
    st.hands_seen = True
    st.known_hand[2][1] = (card("summer_war_horn"),)
    st.known_held[2][1] = (card("winter_ice_wall"), card("summer_duelist"))
    st.known_held[3][1] = (card("autumn_tactician"),)
    st.apply(0, A.Accuse("summer_hunter", 1, "summer"))
    assert st.face_up[1]
    assert st.known_hand[2][1] == (card("summer_war_horn"), card("winter_ice_wall")) and st.known_held[2][1] == ()
    assert st.known_hand[3][1] == (card("autumn_tactician"),) and st.known_held[3][1] == ()


def test_knowledge_is_always_true_along_random_games():
    # whatever a seat is said to know of another's clan card or hand holds at every step, in every game
    for seed in range(40):
        st = table(4 + seed % 2, seed=seed)
        rng = random.Random(seed)
        while not st.is_over:
            n = st.n
            for o in range(n):
                for p in range(n):
                    k = st.known_clans[o][p]
                    assert k < 0 or (o != p and st.clan_card[p] == k), (seed, o, p)
                    assert set(st.known_hand[o][p]) <= set(st.hands[p])
                    assert set(st.known_held[o][p]) <= set(st.hands[p]) | {st.clan_card[p]}
            seat = st.actors[0] if len(st.actors) == 1 else rng.choice(st.actors)
            st.apply(seat, rng.choice(st.legal_actions(seat)))


def test_a_clone_keeps_following_knowledge_after_a_mist_weaver():
    st = four()
    play(st, "spring_mist_weaver", "strengthen", 2, "spring_whisperer", "autumn_drillmaster")
    twin = st.clone()
    for s in (st, twin):
        s.apply(1, A.Change("winter_ice_wall"))
        play(s, "spring_whisperer", "strengthen", 3, "skip")  # seat 2 Plays the card seat 0 gave it
    assert twin.observe(0) == st.observe(0)
    assert "spring_whisperer" not in private(twin, 0)["known_hands"]["2"]


def _knowledge(st):
    return (json.dumps(st.known_clans), json.dumps(st.known_hand), json.dumps(st.known_held), st.hands_seen)


def test_playing_on_a_clone_never_changes_the_original_or_its_other_clones():
    # clones share the three knowledge tables until one of them writes (state.py, clone): whatever a clone's game
    # does next (Mist Weavers, Changes, Changelings, Hooded Figures), the original and its other clones keep theirs
    mist_weavers = 0
    for seed in range(40):
        st, rng = new(players=3 + seed % 3, seed=seed), random.Random(seed)
        while not st.is_over:
            if st.turns % 2 == 0:
                before, twin = _knowledge(st), st.clone()
                other = st.clone()
                other_before = _knowledge(other)
                ahead = random_playout(twin, seed + st.turns)
                mist_weavers += ahead.hands_seen and not st.hands_seen
                assert _knowledge(st) == before and _knowledge(other) == other_before, (seed, st.turns)
            seat = st.actors[0] if len(st.actors) == 1 else rng.choice(st.actors)
            before, twin = _knowledge(st.clone()), st.clone()
            st.apply(seat, rng.choice(st.legal_actions(seat)))
            assert _knowledge(twin) == before, (seed, st.turns)  # nor does playing on the original change a clone
    assert mist_weavers > 10  # the playouts did show hands that were not shown in the original


def test_a_quiet_position_moves_exactly_as_a_loud_one_and_builds_no_events():
    # ``quiet`` (state.py) is for a bot's trial positions: no events, and every seat sees the same position after
    # each move (the public history included), over whole games with every kind of card
    for seed in range(30):
        st, rng = new(players=2 + seed % 4, seed=seed), random.Random(seed)
        twin = None
        while not st.is_over:
            if twin is None and st.phase_name != "setup":
                twin = st.clone()
                twin.quiet = True
            seat = st.actors[0] if len(st.actors) == 1 else rng.choice(st.actors)
            action = rng.choice(st.legal_actions(seat))
            loud = st.apply(seat, action)
            if twin is not None:
                assert twin.apply(seat, action) == [] and loud, (seed, action)
                for s in (*range(st.n), None):
                    assert twin.observe(s) == st.observe(s), (seed, action, s)
        assert twin is not None and twin.is_over and twin.result == st.result
