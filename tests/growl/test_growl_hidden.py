"""Hidden information: observations, private events, anonymous passes and resample (D16)."""

import json
import random

from growl_helpers import hold, lay, log, mine, new, night, pass_all, start, table, views, wolves

from hexbox.games.growl import actions as A
from hexbox.games.growl.cards import HAND, INDEX
from hexbox.games.growl.phases import PASSING


def test_D16_R1_own_hand_and_team_only_counts_for_the_others():
    # D16, R1: own hand and team only counts for the others
    s = new(6, 4)
    spectator = s.observe(None)
    for seat in range(6):
        obs = s.observe(seat)
        me = obs["private"]
        assert me["werewolf"] == s.wolf[seat] and me["wolf_zero"] == s.zero[seat]
        assert sum(me["hand"].values()) == 4
        assert obs["public"] == spectator["public"]  # the same public half for every viewer
        seats = obs["public"]["seats"]
        assert [p["hand_size"] for p in seats] == [4] * 6
        assert all(set(p) == {"seat", "position", "alive", "hand_size", "front", "pinned"} for p in seats)
    assert spectator["private"] is None
    assert json.loads(json.dumps(spectator)) == spectator


def test_R30_turning_is_told_only_to_the_player():
    # R30: turning is told only to the player
    s = table(6, deck=("bite", "gold"))
    hold(s, 2, bite=2)
    start(s, 0)
    s.apply(0, A.GIVE[2])
    assert s.wolf[2]
    assert any(e["kind"] == "turned" for e in log(s, 2))
    for o in (0, 1, 3, None):
        assert not any(e["kind"] == "turned" for e in log(s, o))


def test_R28_night_passes_are_anonymous_to_the_table():
    # R28: night passes are anonymous to the table
    s = table(4)
    for p in range(4):
        hold(s, p, gold=1, wound=1)
    night(s, "caged", seat=0)
    s.apply(0, A.TARGET[0])
    pass_all(s)
    for o in (None, 0):
        text = json.dumps(log(s, o))
        assert '"sent"' not in text and '"received"' not in text
    mine = [e for e in log(s, 1) if e["kind"] in ("sent", "received")]
    assert len(mine) == 3  # two cards sent, one receipt


def test_resample_keeps_what_the_seat_knows_and_redeals_the_rest():
    s = new(8, 3, curses=True, spells=True)
    rng = random.Random(1)
    for _ in range(40):  # play into the game a little
        seat = s.actors[0]
        s.apply(seat, s.default_action(seat))
    before = views(s)
    changed = 0
    for seat in range(8):
        for _ in range(5):
            world = s.resample(seat, rng)
            after = views(world)
            assert after[seat] == before[seat] and after[-1] == before[-1]
            assert world.actors == s.actors
            assert world.hands[seat] == s.hands[seat] and world.wolf[seat] == s.wolf[seat]
            total = [sum(h[c] for h in world.hands) + world.deck.count(c) for c in range(HAND)]
            assert total == [sum(h[c] for h in s.hands) + s.deck.count(c) for c in range(HAND)]
            assert world.deck[-1] == s.deck[-1] and len(world.deck) == len(s.deck)
            assert sum(world.zero) == sum(s.zero)
            changed += world.hands != s.hands
    assert changed > 0
    assert views(s) == before  # resampling never touches the real state


def test_resample_keeps_pinned_day_gifts_and_known_hands():
    s = table(6, deck=("wound",) + ("gold",) * 20)
    for p in range(6):
        hold(s, p, gold=1, salve=1)
    start(s, 0)
    s.apply(0, A.GIVE[3])  # everyone saw seat 3 get a Wound
    rng = random.Random(5)
    for seat in (0, 1, 4):
        for _ in range(10):
            world = s.resample(seat, rng)
            assert world.hands[3][INDEX["wound"]] >= 1


def test_resample_redraws_others_hidden_submissions():
    s = table(4)
    for p in range(4):
        hold(s, p, gold=1, wound=1, salve=1)
    night(s, "insomnia", seat=0)
    s.apply(0, A.TARGET[0])
    s.apply(1, A.NIGHT_PASS[INDEX["wound"]][INDEX["salve"]])
    assert s.phase == PASSING
    rng = random.Random(3)
    seen = set()
    for _ in range(30):
        world = s.resample(0, rng)
        assert world.actors == s.actors and 1 in world.pending
        left, right = world.pending[1]
        assert world.hands[1][left] >= 1 and world.hands[1][right] >= 1
        seen.add(world.pending[1])
    assert len(seen) > 1
    # and the seat's own choice is kept
    s.apply(0, A.NIGHT_PASS[INDEX["gold"]][INDEX["salve"]])
    assert s.resample(0, rng).pending[0] == (INDEX["gold"], INDEX["salve"])


def test_R14_resample_respects_the_sniff():
    # R14: resample respects the sniff
    s = new(8, 2)
    wolf = next(p for p in range(8) if s.wolf[p])
    rng = random.Random(0)
    for _ in range(10):
        world = s.resample(wolf, rng)
        assert all(world.wolf[p] for p in s.sniffed)


def test_R57_resample_keeps_public_teams():
    # R57: resample keeps public teams
    s = table(6)
    s.dead[3] = True
    wolves(s, 3)
    lay(s, 3, "seance")
    s.seance = ((3, True),)
    rng = random.Random(0)
    assert all(s.resample(1, rng).wolf[3] for _ in range(10))


def test_R71_the_end_reveals_turning_moments_and_night_passes():
    # R71: at the Growl every team is revealed, and the log shows when humans turned and who passed what
    s = table(4, deck=("bite", "gold"))
    for p in range(4):
        hold(s, p, gold=2)
    hold(s, 2, bite=2, gold=2)
    start(s, 0)
    turn = s.turns
    s.apply(0, A.GIVE[2])
    night(s, "the_tempest", seat=1, then=())
    from growl_helpers import defaults

    defaults(s)
    over = next(e for e in log(s, None) if e["kind"] == "game_over")["data"]
    assert over["turned"] == [{"seat": 2, "turn": turn}]
    assert len(over["night_cards"]) == 3 and over["deck"] == []
    assert len(over["night_passes"]) == 8 and {"from", "to", "card", "side", "night"} <= set(over["night_passes"][0])


def test_R68_R65_points_and_tempest_cards_stay_hidden_until_the_window_closes():
    # R68, R65: simultaneous windows show each seat only its own submission
    from growl_helpers import defaults  # noqa: F401

    s = table(5)
    for p in range(5):
        hold(s, p, gold=1, wound=1)
    night(s, "the_unwanted", seat=0, then=())
    s.apply(0, A.BEGIN)
    s.apply(3, A.POINT_RIGHT)
    assert mine(s, 3)["my_choice"] == "right"
    for o in (0, 1, 2, 4, None):
        obs = s.observe(o)
        assert (obs["private"] or {}).get("my_choice") is None and "right" not in json.dumps(log(s, o))
    t = table(5)
    for p in range(5):
        hold(t, p, gold=1, wound=1)
    night(t, "the_tempest", seat=0, then=())
    t.apply(0, A.BEGIN)
    t.apply(2, A.CONTRIBUTE[INDEX["wound"]])
    assert mine(t, 2)["my_choice"] == "wound"
    assert all('"wound"' not in json.dumps(log(t, o)) for o in (0, 1, 3, 4, None))


def test_R13_resample_reshuffles_the_deck_below_the_top_card():
    # R13: resample reshuffles the deck below the top card
    s = new(6, 9, curses=True, spells=True)
    rng = random.Random(2)
    orders = set()
    for _ in range(20):
        world = s.resample(0, rng)
        assert world.deck[-1] == s.deck[-1]
        orders.add(tuple(world.deck))
        d, cut1, cut2 = world.cuts
        top_down = world.deck[::-1]
        assert top_down[cut1] == world.night_cards[0] and top_down[cut2 + 1] == world.night_cards[1]
        assert top_down[-1] == world.night_cards[2]
    assert len(orders) > 10


def test_R55_resample_keeps_hypnosis_counts_while_they_hold():
    # R55: Hypnosis counts are public facts: a resampled world keeps them until the hand changes unseen
    s = table(6, deck=("hypnosis", "bite") + ("gold",) * 20)
    for p in range(6):
        hold(s, p, gold=1, bite=1, salve=1, wound=1)
    hold(s, 2, gold=2, salve=2)
    start(s, 0)
    s.apply(0, A.HYPNOSIS[(INDEX["bite"], 2, 3)])
    assert s.exact == {(2, INDEX["bite"]): 0, (3, INDEX["bite"]): 1}
    from growl_helpers import pass_all

    s.caged = 2  # surgery: seat 2 sits this Night out, so its hand stays known
    s.night_fall()
    s.update_actors()  # by hand, outside apply
    pass_all(s)
    assert (2, INDEX["bite"]) in s.exact and (3, INDEX["bite"]) not in s.exact
    s.apply(s.active, A.GIVE[2])  # the Bite, in public
    assert s.exact[(2, INDEX["bite"])] == 1
    rng = random.Random(4)
    for seat in (0, 1, 4):
        for _ in range(10):
            assert s.resample(seat, rng).hands[2][INDEX["bite"]] == 1


def test_R26_a_bite_received_at_night_points_at_a_werewolf_neighbour():
    # R26: humans never pass Bites at Night; with Insomnia the receiver knows the sender is a werewolf,
    # without it one of its two senders is, and resample keeps it so
    s = table(5)
    for p in range(5):
        hold(s, p, gold=2, salve=1)
    hold(s, 2, bite=1, gold=2)
    wolves(s, 2, zero=True)
    night(s, "insomnia", seat=0)
    s.apply(0, A.TARGET[3])
    pass_all(s, {2: ("bite", "gold")})
    assert mine(s, 3)["told"] == {"2": True}
    t = table(5)
    for p in range(5):
        hold(t, p, gold=2, salve=1)
    hold(t, 2, bite=1, gold=2)
    wolves(t, 2, zero=True)
    night(t, "caged", seat=0)
    t.apply(0, A.TARGET[0])
    pass_all(t, {2: ("bite", "gold")})
    assert t.clues == ((3, (2, 4)),)
    rng = random.Random(0)
    for _ in range(20):
        world = t.resample(3, rng)
        assert world.wolf[2] or world.wolf[4]
