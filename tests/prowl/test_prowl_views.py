"""The observation's public part (spec §7) and the terminal rendering."""

from prowl_helpers import card, clan, play, table

from hexbox.games.prowl.views import render

CLANS = ["spring_changeling", "summer_duelist", "autumn_garrison", "winter_magistrate"]
HANDS = [["spring_whisperer", "winter_ice_wall"], ["autumn_tactician", "summer_war_horn"],
         ["spring_eclipse_rite", "autumn_drillmaster"], ["summer_wanderer", "autumn_peace_envoy"]]


def test_public_observation_lists_what_the_spec_calls_public():
    st = table(4, clans=CLANS, hands=[h[:] for h in HANDS], track=("winter", "spring", "autumn", "summer"))
    st.attach(3, card("spring_bramble_snare"), clan("autumn"))
    st.constraint[2] = 1
    obs = st.observe(None)
    assert obs["track"] == ["winter", "spring", "autumn", "summer"]
    assert obs["dominance"] == 0 and obs["active"] == 0 and obs["start"] == 0 and obs["phase"] == "turn"
    info = obs["players_info"]
    assert [p["hand_size"] for p in info] == [2, 2, 2, 2] and [p["turns_left"] for p in info] == [2, 2, 2, 2]
    assert info[3]["attachments"] == [{"card": "spring_bramble_snare", "clan": "autumn"}]
    assert info[2]["constraint"] == "must_change"
    assert obs["box_size"] == 32 - 12


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
