"""The observation (docs/games/prowl.md): its public part, its private part and its schema; and the terminal
rendering."""

import random

import pytest
from prowl_helpers import card, clan, new, play, private, public, table

from hexbox.core.schema import validate
from hexbox.games.prowl.render import render

CLANS = ["spring_changeling", "summer_duelist", "autumn_garrison", "winter_magistrate"]
HANDS = [["spring_whisperer", "winter_ice_wall"], ["autumn_tactician", "summer_war_horn"],
         ["spring_eclipse_rite", "autumn_drillmaster"], ["summer_wanderer", "autumn_peace_envoy"]]


def test_public_observation_lists_what_the_rules_call_public():
    st = table(4, clans=CLANS, hands=[h[:] for h in HANDS], track=("winter", "spring", "autumn", "summer"))
    st.attach(3, card("spring_bramble_snare"), clan("autumn"))
    st.constraint[2] = 1
    obs = st.observe(None)
    assert obs["phase"] == "turn" and obs["actors"] == [0] and obs["seat"] is None and obs["private"] is None
    pub = obs["public"]
    assert pub["track"] == ["winter", "spring", "autumn", "summer"]
    assert pub["dominance"] == 0 and pub["active"] == 0 and pub["start"] == 0
    info = pub["players_info"]
    assert [p["hand_size"] for p in info] == [2, 2, 2, 2] and [p["turns_left"] for p in info] == [2, 2, 2, 2]
    assert info[3]["attachments"] == [{"card": "spring_bramble_snare", "target": None, "clan": "autumn"}]
    assert info[2]["constraint"] == "must_change"
    assert pub["box_size"] == 32 - 12


def test_public_part_is_the_same_for_every_viewer_and_private_is_ones_own():
    st = table(4, clans=CLANS, hands=[h[:] for h in HANDS])
    views = [st.observe(s) for s in (0, 1, 2, 3, None)]
    assert all(v["public"] == views[-1]["public"] for v in views)
    for s in range(4):
        mine = views[s]["private"]
        assert mine["clan_card"] == CLANS[s] and mine["hand"] == sorted(HANDS[s], key=lambda c: card(c))
        assert mine["known_clans"] == {} and mine["chosen_card"] is None


def test_mist_weaver_offer_is_private_to_its_player():
    st = table(4, clans=CLANS, hands=[["spring_mist_weaver", "spring_whisperer"], ["autumn_tactician"],
                                      ["spring_eclipse_rite", "autumn_drillmaster"], ["summer_wanderer"]])
    play(st, "spring_mist_weaver", "strengthen", 2, "spring_whisperer")
    assert st.observe(None)["public"]["prompt"]["step"] == "theirs"
    assert private(st, 0)["chosen_card"] == "spring_whisperer"
    assert all(private(st, s)["chosen_card"] is None for s in (1, 2, 3))


@pytest.mark.parametrize("setup", [{"players": 2}, {"players": 3}, {"players": 5},
                                   {"players": 4, "leaders": False},
                                   {"players": 2, "two_player_deck": False, "hand_size": 8}])
def test_every_observation_matches_the_published_schema(setup):
    options = dict(setup)
    players = options.pop("players")
    for seed in range(3):
        st = new(players, seed=seed, **options)
        rng = random.Random(seed)
        while True:
            for viewer in [*range(players), None]:
                validate(st.observe(viewer), "prowl")
            if st.is_over:
                break
            seat = rng.choice(st.actors)
            st.apply(seat, rng.choice(st.legal_actions(seat)))
        assert public(st)["clan_cards"] is not None


def test_render_shows_track_clan_hand_discards_and_attachments():
    st = table(4, clans=CLANS, hands=[h[:] for h in HANDS], track=("winter", "spring", "autumn", "summer"))
    play(st, "winter_ice_wall")
    st.discards[2].append(card("summer_hunter"))
    text = render(st.observe(0))
    assert "1. [bold]Winter[/bold]" in text and "4. [bold]Summer[/bold]" in text
    assert "Your clan card: Changeling" in text and "Your hand: Whisperer (Spring)" in text
    assert "attachments: Ice Wall" in text and "discards: Hunter" in text
    assert "Changeling" not in render(st.observe(1)).split("seat 0")[1]
    spectator = render(st.observe(None))
    assert "Your hand" not in spectator and "Winter" in spectator
