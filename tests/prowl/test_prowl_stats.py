"""Designer statistics (the ``stats`` hook) and the report sections that read them."""

import json

from prowl_helpers import new, random_playout

import hexbox
from hexbox.games.prowl.report import PROWL_DECIDED, sections
from hexbox.games.prowl.scoring import RESULT_KINDS
from hexbox.games.prowl.stats import game_stats


def finished(players, seed):
    st = random_playout(new(players, seed=seed), seed)
    return st, st.observe(None)


def test_stats_are_plain_json_and_agree_with_the_result():
    for players, seed in [(2, 1), (3, 2), (4, 3), (5, 4), (4, 5)]:
        st, obs = finished(players, seed)
        s = game_stats(obs)
        assert json.loads(json.dumps(s)) == s
        assert s["decided_by"] == st.result.kind  # the code, never parsed from the reason
        assert s["winner"] == (min(st.result.winners) if st.result.winners else None)
        assert sorted(s["final_track"]) == sorted(s["start_track"]) and len(s["clans"]) == players
        if s["decided_by"] in ("sole_control", "dominance_tiebreak"):
            assert s["ladder_step"] == s["final_track"].index(s["winner_clan"]) + 1
        else:
            assert s["ladder_step"] is None


def test_every_result_kind_has_words_in_the_report():
    assert set(PROWL_DECIDED) == set(RESULT_KINDS)


def test_report_sections_from_result_lines():
    class Plot:
        def rates(self, name, *args, **kwargs):
            return name

    lines = []
    for seed in range(6):
        st, obs = finished(4, seed)
        lines.append({"winners": sorted(st.result.winners), "stats": game_stats(obs)})
    out = sections(lines, Plot())
    assert [s.title for s in out] == ["Prowl: win rate by clan and by starting rank", "Prowl: how the game was decided"]
    assert out[1].images == ["prowl_decided_by.png"]


def test_registered_hooks_resolve():
    info = hexbox.game_info("prowl")
    for hook in ("render", "describe", "bot", "stats", "report", "schema"):
        assert info.hook(hook) is not None


def test_start_ranks_and_the_winner_follow_the_track():
    for players, seed in [(2, 1), (3, 2), (4, 3), (5, 4), (4, 5), (4, 6)]:
        st, obs = finished(players, seed)
        s = game_stats(obs)
        clans = {"spring", "summer", "autumn", "winter"}
        assert sorted(s["start_track"]) == sorted(clans) and s["final_track"] == obs["public"]["track"]
        assert set(s["clans"]) <= clans and all(1 <= r <= 4 for r in s["start_ranks"])
        assert [s["start_track"][r - 1] for r in s["start_ranks"]] == s["clans"]
        if st.result.winners:
            assert s["winner_clan"] == s["clans"][s["winner"]]
            assert s["winner_start_rank"] == s["start_ranks"][s["winner"]]
            assert not s["decided_by"].startswith("no_winner")
        else:
            assert s["decided_by"].startswith("no_winner") and s["winner_clan"] is None


def test_the_start_track_is_public_and_fixed_at_setup():  # R5
    st = new(4, seed=7)
    start = st.observe(None)["public"]["start_track"]
    assert start == st.observe(None)["public"]["track"] == st.observe(0)["public"]["start_track"]
    _, obs = finished(4, 7)
    assert obs["public"]["start_track"] == start


def test_random_games_reach_the_ladder_both_ways():  # R45, R46
    kinds = {finished(4, seed)[0].result.kind for seed in range(30)}
    assert {"sole_control", "dominance_tiebreak"} <= kinds
