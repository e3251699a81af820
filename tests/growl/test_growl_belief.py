"""The fitted belief over teams (belief.py) and the worlds ISMCTS draws from it (worlds=belief).

Histories are built by hand on a seeded table (events appended to the log as the game writes them) and read
through the observation a seat really gets (``View.of``), never the true state.
"""

from __future__ import annotations

import math
import random

import pytest
from growl_helpers import new

from hexbox.core import Event, View, load
from hexbox.games.growl import belief
from hexbox.games.growl.advice import ADVICE
from hexbox.games.growl.heuristic import Heuristic
from hexbox.games.growl.resample import redeal_teams

ME, TARGET, OTHER = 0, 3, 4


def human_table():
    state = new(players=6, seed=1)
    state.wolf = [False, True, False, False, False, True]
    state.zero = state.wolf[:]
    return state


def p_of(state, seat=ME):
    return belief.posterior(View.of(state, seat).observation)


def test_the_weights_are_checked_at_load(tmp_path, monkeypatch):
    bad = tmp_path / "belief.toml"
    bad.write_text('features = ["bias"]\nhuman = [0.0]\nwolf = [0.0]\n')
    monkeypatch.setattr(belief, "PATH", bad)
    belief.weights.cache_clear()
    try:
        with pytest.raises(ValueError, match="features"):
            belief.weights()
    finally:
        monkeypatch.undo()
        belief.weights.cache_clear()
    assert set(belief.weights()) == {"human", "wolf"}


def test_the_posterior_concentrates_on_a_seat_bitten_again_and_again():
    state = human_table()
    seen = []
    for _ in range(4):
        seen.append(p_of(state)[TARGET])
        state.log.append(Event("gave", {"seat": 1, "card": "bite", "to": TARGET, "spell": False}))
    seen.append(p_of(state)[TARGET])
    assert seen == sorted(seen) and seen[-1] > 0.8 and seen[0] < 0.5
    assert p_of(state)[OTHER] < 0.5  # the evidence is about the bitten seat only


def test_night_bites_of_unknown_sender_raise_both_neighbours():
    state = human_table()
    before = p_of(state)
    state.log.append(Event("received", {"cards": ["bite", "gold"], "senders": None}, to=(ME,)))
    after = p_of(state)
    left, right = 1, 5  # seat 0's living neighbours at six seats
    assert after[left] > before[left] and after[right] > before[right]
    assert after[TARGET] == pytest.approx(before[TARGET])


def test_facts_stay_exact_whatever_the_evidence():
    state = human_table()
    state.log.append(Event("received", {"cards": ["bite", "gold"],
                                        "senders": [{"from": 1, "card": "bite"}, {"from": 5, "card": "gold"}]},
                           to=(ME,)))
    state.seance = ((TARGET, False),)
    for _ in range(4):
        state.log.append(Event("gave", {"seat": 1, "card": "bite", "to": TARGET, "spell": False}))
    p = p_of(state)
    assert p[ME] == 0.0 and p[1] == 1.0 and p[TARGET] == 0.0
    assert 0.0 < p[5] < 1.0  # a Gold from a neighbour says nothing certain


def gave(state, seat, card, to):
    state.log.append(Event("gave", {"seat": seat, "card": card, "to": to, "spell": False}))


def test_a_seat_that_hurts_back_reads_as_human_and_one_that_hurts_a_friend_as_a_werewolf():
    # seat 2 was wounded by seat 1 and helped by seat 4, both in public; a human hurts its suspect back
    table = {}
    for aim in (1, 4):
        state = human_table()
        gave(state, 1, "wound", 2)
        gave(state, 4, "salve", 2)
        before = p_of(state)[2]
        gave(state, 2, "wound", aim)
        table[aim] = p_of(state)[2]
    assert table[1] < before < table[4]
    row = belief.evidence(View.of(state, ME).observation)[0][2]
    x = dict(zip(belief.FEATURES, row))
    assert (x["harm_as_human"], x["harm_unlike_human"], x["harm_back"]) == (0, 1, 0)
    assert x["human_llr"] < 0


def test_weighing_the_gifts_likelihood_more_takes_weight_from_the_team_an_observed_gift_contradicts(monkeypatch):
    # seat 2 hurts seat 4, who helped it, not seat 1, who hurt it: unlike the normal bot's human
    state = human_table()
    gave(state, 1, "wound", 2)
    gave(state, 4, "salve", 2)
    gave(state, 2, "wound", 4)
    obs = View.of(state, ME).observation
    base, more = belief.posterior(obs), belief.posterior(obs, 0.6)
    assert more[2] > base[2]  # "seat 2 is human" lost weight
    assert [p for s, p in enumerate(more) if s != 2] == [p for s, p in enumerate(base) if s != 2]
    # a gift that fits the human policy moves the other way
    fits = human_table()
    gave(fits, 1, "wound", 2)
    gave(fits, 4, "salve", 2)
    gave(fits, 2, "wound", 1)
    obs = View.of(fits, ME).observation
    assert belief.posterior(obs, 0.6)[2] < belief.posterior(obs)[2]
    # epsilon -> 1 (the human aims anywhere, like a werewolf): the aims say nothing, the belief is the prior's
    monkeypatch.setattr(belief, "AS_HUMAN", 0.0)
    obs = View.of(state, ME).observation
    assert belief.posterior(obs, 0.6) == pytest.approx(belief.posterior(obs))


def test_gifts_say_nothing_of_aim_while_a_seat_has_no_reason_to_prefer_anyone():
    state = human_table()
    gave(state, 2, "wound", 3)  # nobody has given seat 2 anything yet
    x = dict(zip(belief.FEATURES, belief.evidence(View.of(state, ME).observation)[0][2]))
    assert x["harm_as_human"] == x["harm_unlike_human"] == x["human_llr"] == 0


def mid_game(seed=5, nights=1, players=6):
    game = load("growl", players)
    state = game.new_state(seed=seed)
    rng, bot = random.Random(seed), Heuristic()
    while not state.is_over and state.nights < nights:
        actors = state.actors
        seat = actors[0] if len(actors) == 1 else rng.choice(actors)
        state.apply(seat, bot.act(View.of(state, seat), rng))
    return state


def shares(draw, seats, rng, worlds):
    counts = dict.fromkeys(seats, 0)
    for _ in range(worlds):
        w = draw(rng)
        for s in seats:
            counts[s] += w.wolf[s]
    return {s: counts[s] / worlds for s in seats}


def test_worlds_drawn_from_the_belief_make_each_seat_a_werewolf_as_often_as_it_says():
    state = mid_game()
    seat = next(s for s in range(state.n) if not state.wolf[s] and not state.dead[s])
    view = View.of(state, seat)
    p = belief.posterior(view.observation)
    seats = [s for s in range(state.n) if s != seat and 0.0 < p[s] < 1.0]
    assert seats
    drawn = shares(ADVICE.determinizer(view), seats, random.Random(1), 600)
    uniform = shares(view.sample, seats, random.Random(2), 600)
    miss = sum(abs(drawn[s] - p[s]) for s in seats) / len(seats)
    # only the teams are tilted, not the hands, and a hand of three net Bites makes a werewolf whatever the
    # belief: where the uniform hands do that often (seat 4 here: 0.64 uniform, 0.18 believed) the worlds fall short
    assert miss < 0.08
    assert miss < sum(abs(uniform[s] - p[s]) for s in seats) / len(seats) / 2
    assert max(abs(drawn[s] - p[s]) for s in seats) < 0.2


def test_a_search_with_worlds_drawn_from_the_belief_plays_a_legal_move():
    from hexbox.agents import make_agent

    state = mid_game(seed=7)
    seat = state.actors[0]
    view = View.of(state, seat)
    agent = make_agent("ismcts:iters=60+worlds=belief", "growl")
    assert agent.act(view, random.Random(0)) in view.legal_actions
    assert ADVICE.root_actions(view, view.legal_actions) == view.legal_actions


def weighted_shares(worlds, theta):
    """Each seat's werewolf share when each world's team deals are weighted by exp(theta) (hands uniform)."""
    share = [0.0] * len(theta)
    for deals in worlds:
        ws = {wolf: n * math.exp(sum(t for t, w in zip(theta, wolf) if w)) for wolf, n in deals.items()}
        total = sum(ws.values())
        for wolf, x in ws.items():
            for s, w in enumerate(wolf):
                share[s] += w * x / total
    return [x / len(worlds) for x in share]


def test_the_tilt_is_fitted_to_dependent_seats_where_seat_by_seat_odds_miss():
    # one Wolf Zero among three seats, dealt uniformly: the seats are not independent
    worlds = [{(True, False, False): 1, (False, True, False): 1, (False, False, True): 1}]
    target = [0.6, 0.3, 0.1]
    theta = belief.fit_tilt(worlds, target)
    assert weighted_shares(worlds, theta) == pytest.approx(target, abs=0.01)
    naive = [belief._logit(p) - belief._logit(1 / 3) for p in target]  # p/q seat by seat
    assert max(abs(a - b) for a, b in zip(weighted_shares(worlds, naive), target)) > 0.05


def test_the_tilt_allows_for_hands_that_fix_a_team():
    # in one world's hands seat 0 holds three net Bites (a werewolf whatever the team deal), in the other not
    worlds = [{(True, False): 2, (True, True): 2}, {(True, False): 1, (False, True): 1}]
    target = [0.8, 0.5]
    theta = belief.fit_tilt(worlds, target)
    assert weighted_shares(worlds, theta) == pytest.approx(target, abs=0.01)


def test_dealing_the_teams_again_keeps_the_hands_and_what_the_seat_knows():
    state = mid_game(seed=3)
    seat = next(s for s in range(state.n) if not state.dead[s])
    view = View.of(state, seat)
    rng = random.Random(4)
    world = view.sample(rng)
    hands, deck, mine = [h[:] for h in world.hands], world.deck[:], (world.wolf[seat], world.zero[seat])
    seen = set()
    for _ in range(200):
        redeal_teams(world, seat, rng)
        assert world.hands == hands and world.deck == deck
        assert (world.wolf[seat], world.zero[seat]) == mine
        assert sum(world.zero) == state.game.starter[0]  # the number of Wolf Zeroes is public
        for s in range(state.n):
            if s != seat and not world.dead[s] and world.net_bites(s) >= 3:
                assert world.wolf[s]  # R30: three net Bites turn a seat
            assert world.wolf[s] or not world.zero[s]
        seen.add(tuple(world.wolf))
    assert len(seen) > 3  # the teams really are dealt again
