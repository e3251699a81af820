"""A GROWL bot that plays either team sensibly, from the seat's observation only (the ``bot`` hook).

It keeps a belief ``P(werewolf)`` for every other seat, built from what the observation holds (the Sniff,
Séance and Omen Crow, Truth Serum, Night receipts, Day gifts to it, hands it saw), and then scores the
legal actions: humans hurt suspects and help the trusted; werewolves bite and wound non-wolves and
keep gold among their known pack.
"""

from __future__ import annotations

import math
import random
from itertools import chain
from operator import itemgetter
from types import SimpleNamespace
from typing import Any

from hexbox.core import Action, View

from .cards import IDS, STARTER

HARMFUL = {"wound": 2.0, "cursed_charm": 1.0, "cursed_gold": 0.8, "holy_water": 1.2, "hex": 0.8, "infection": 0.8}
HELPFUL = {"salve": 1.5, "super_salve": 2.5, "charm": 1.2, "gold": 0.6}
GOOD_SPELLS = {"wolfsbane", "charm_bracelet", "healing_draught", "purifying_rite", "scrying_bowl", "owl_feather",
               "moon_watcher", "omen_crow", "banishing_rite", "spirit_leash", "death_rattle"}
BAD_SPELLS = {"tanglevine"}


# ---- the game's advice to ISMCTS (hexbox.agents.ismcts) ----------------------------------------------------

# Rollouts of a few actions played by the bot, each seat from its own view of the sampled world: in the tree every
# seat acts as if it knew the deal, and uniform rollouts give Bites and Wounds away at random, while GROWL's result
# turns on who is believed to be a werewolf. Then the evaluator below judges the position.
ISMCTS_DEFAULTS = {"rollout": 3, "policy": "heuristic"}

# P(the humans win) from a full position is a logistic model over team strength, the icons that are about to
# turn or kill someone, and how many Night passings are still to come. Each weight of what a move changes is the
# move's *effect*, measured by benchmarks/fit_growl_eval.py on experiments: Day gifts given two ways from the same
# position and played out by the heuristic, 3,000 games (held-out log loss of which way the humans won 0.662,
# against 0.678 for weights fitted on positions alone, which said a Bite or a Wound on a human helped the humans,
# so a searching human could not tell a Wound on a werewolf from one on a human; of who wins from a position 0.319
# against 0.328). Refit when the rules or the bot change.
EVAL_FEATURES = ("bias", "humans", "wolves", "humans_bitten_2", "humans_bitten_1", "humans_wounded_2",
                 "humans_wounded_1", "wolves_wounded_2", "wolves_wounded_1", "nights_left", "deck_left",
                 "one_human", "bitten_x_nights")
HUMANS = EVAL_FEATURES.index("humans")
EVAL_WEIGHTS = (2.887, 6.543, -5.076, -4.273, -2.010, -0.972, 0.396, 3.149, 1.885, -0.655, -2.513, 0.021, -1.344)


def features(state) -> list[float]:
    """The evaluator's inputs, from a full (sampled) position; counts are per seat of the table."""
    n = state.n
    humans = wolves = hb2 = hb1 = hw2 = hw1 = ww2 = ww1 = 0
    for s in range(n):
        if state.dead[s]:
            continue
        wounds = state.net_wounds(s)
        if state.wolf[s]:
            wolves += 1
            ww2 += wounds >= 2
            ww1 += wounds == 1
        else:
            humans += 1
            bites = state.net_bites(s)
            hb2 += bites >= 2
            hb1 += bites == 1
            hw2 += wounds >= 2
            hw1 += wounds == 1
    nights_left = 3 - state.nights  # the Final Night's passing counts: it still moves Bites (R69)
    deck_left = len(state.deck) / (len(state.deck) + state.turns)  # a turn takes one card off the deck
    return [1.0, humans / n, wolves / n, hb2 / n, hb1 / n, hw2 / n, hw1 / n, ww2 / n, ww1 / n, nights_left / 3,
            deck_left, float(humans == 1), hb2 / n * nights_left / 3]


def humans_win_chance(state) -> float:
    """The model's P(the humans win); certain when no human is left alive (R71)."""
    x = features(state)
    if x[HUMANS] == 0:
        return 0.0
    z = sum(w * v for w, v in zip(EVAL_WEIGHTS, x))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def win_chances(state) -> list[float]:
    """Each seat's chance of winning: its team's (R71: every member wins, dead or alive)."""
    p = humans_win_chance(state)
    return [1.0 - p if w else p for w in state.wolf]


KILLING = frozenset({"pick", "save"})  # the decisions that may kill a seat on their own (Night cards, R62-R68)
SELF_DEFEAT = -100.0  # below any other score: a kill that hands the game to the other team, when it can tell
_UNKNOWN = object()
_ALIVE, _POSITION = itemgetter("alive"), itemgetter("position")
# the kinds of log entry a reading learns from, by team (a werewolf learns nothing from gifts and receipts): one
# test skips the rest ("turn", "ready", ...: bot_speed's 20 games, the reading 24.1k -> 22.3k CPU instructions a
# decision, valgrind; picking them out in C by compress/map/itemgetter cost 3k more instead)
_READS = {False: frozenset({"gave", "received", "hand_seen", "hypnosis"}), True: frozenset({"hand_seen", "hypnosis"})}


# ---- what the bot read from its log, kept -----------------------------------------------------------------
# Mind's beliefs nudge seats for what the log says (gifts to the seat, Night receipts, hands seen, Hypnosis). The
# log only grows, so what it said up to a seat's last decision is kept (a _Reading): the nudges in the log's order
# and the seats it proved werewolves, with where the reading stopped, and the beliefs last worked out from it. A
# log entry is made once (views.log_json) and sits at one index of one list: the entry at the last index read, the
# same object in a longer log, shows that log goes on from the reading (a clone or a resampled world has entries
# of its own, a log from JSON too). Mind(observation) over the decisions of bot_speed's 20 games, reading the whole
# log and working the beliefs out each time against this: 104k -> 50k CPU instructions a decision (valgrind, the
# same moves replayed without the bot subtracted).


class _Reading:
    """What one seat's log said, read up to some point (see above)."""

    __slots__ = ("first", "public_at", "public_last", "private_at", "private_last", "nudges", "certain",
                 "night_bites", "beliefs", "said", "fixed", "sums", "sums_base", "summed")

    def __init__(self, first: Any) -> None:
        self.first = first  # the log's first public entry: which log this is a reading of
        self.public_at = self.private_at = 0  # how many public and private entries were read, and the last of each
        self.public_last = self.private_last = None
        self.nudges: list[tuple[int, float]] = []  # (seat, amount) in the log's order; seat -1: both neighbours
        self.certain: set[int] = set()  # the seats the log proved werewolves (R26, three net Bites seen)
        self.night_bites = False  # whether a nudge goes to the neighbours (found at each decision: deaths move them)
        self.beliefs: Any = None  # (the facts besides the log, (p, pack, foes)) last worked out from this reading
        self.said = (0, 0)  # how many nudges and certain seats the beliefs were worked out from
        self.fixed: set[int] = set()  # the seats whose belief the facts or the log fixed then (not from the nudges)
        self.sums: list[float] | None = None  # without nudges to the neighbours: each seat's base plus its nudges
        self.sums_base = 0.0  # that base
        self.summed = 0  # how many of the nudges are in the sums


_READINGS: dict[tuple[int, int, bool], _Reading] = {}
# readings kept (a search reads many worlds, each a few times): emptied when it reaches this many. A quarter of
# the 1,024 of before: the readings emptied at once are fewer and of games played more lately (bot_speed's 1,500
# games: the emptying 0.9% -> 0.7% of act's CPU time)
_KEPT = 1 << 8


def _reading(public: Any, private: Any, me: int, wolf: bool) -> _Reading:
    """The reading of the log whose public and private halves are ``public`` and ``private`` for viewer ``me`` of
    team ``wolf``, read on from the reading kept for the same log and viewer, else from the start (a log without
    public entries is read, not kept)."""
    ends = len(public), len(private)  # measured once and handed on (bot_speed's 20 games, valgrind: 1k fewer
    # CPU instructions a decision)
    if not public:
        return _read_on(_Reading(None), public, private, me, wolf, ends)  # type: ignore[return-value]
    first = public[0]
    key = (id(first), me, wolf)  # the reading holds ``first``: its id is not reused while the reading is kept
    kept = _READINGS.get(key)
    if kept is not None and kept.first is first:
        at, done = kept.public_at, kept.private_at
        if ends[0] >= at and ends[1] >= done and public[at - 1] is kept.public_last and \
                (not done or private[done - 1] is kept.private_last):
            if ends == (at, done):
                return kept
            if _read_on(kept, public, private, me, wolf, ends):
                return kept
    if len(_READINGS) >= _KEPT:
        _READINGS.clear()
    kept = _READINGS[key] = _Reading(first)
    return _read_on(kept, public, private, me, wolf, ends)  # type: ignore[return-value]


def _read_on(kept: _Reading, public: Any, private: Any, me: int, wolf: bool,
             ends: tuple[int, int]) -> _Reading | None:
    """``kept`` read on to the end of both halves of the log (``ends``: their lengths), merged back in order
    (views.merged_events); None if the log does not go on from it after all (a private entry placed before the
    reading's end)."""
    at, done = kept.public_at, kept.private_at
    reads = _READS[wolf]
    entries: Any = None
    if done == ends[1]:  # no private event since (most moves): the public ones alone
        entries = public[at:]
    else:
        # the private events since checked to go on from the reading: none that a reading reads (most), the public
        # ones alone again, without merging the halves (bot_speed's 600 games: 27.7k -> 28.0k decisions a second;
        # benchmarks/growl_mind_replay.py, bot_speed's 40 games: 73.9k -> 72.8k CPU instructions a decision, valgrind)
        last = at
        for e in private[done:]:
            after = e["after"]
            if after < last:
                return None
            last = after
            if e["kind"] in reads:
                break
        else:
            entries = public[at:]
    if entries is None:
        runs: list[Any] = []
        for e in private[done:]:
            after = e["after"]
            if after < at:
                return None
            if after > at:
                runs.append(public[at:after])
                at = after
            runs.append((e,))
        runs.append(public[at:])
        entries = chain.from_iterable(runs)
    nudges, certain = kept.nudges, kept.certain
    for e in entries:
        kind = e["kind"]
        if kind not in reads:  # most of the log ("turn", "ready", for a werewolf the gifts) says nothing to the bot
            continue
        if kind == "gave":
            d = e["data"]
            if d["to"] != me:
                continue
            card = d["card"]
            if card == "bite" or card in HARMFUL:
                nudges.append((d["seat"], 0.12))
            elif card in HELPFUL or card in GOOD_SPELLS:
                nudges.append((d["seat"], -0.08))
        elif kind == "received":
            d = e["data"]
            if d["senders"] is not None:
                for c in d["senders"]:
                    if c["card"] == "bite":
                        certain.add(c["from"])  # a human never passes a Bite (R26)
            else:
                for c in d["cards"]:
                    if c == "bite":
                        nudges.append((-1, 0.3))
                        kept.night_bites = True
        elif kind == "hand_seen":
            d = e["data"]
            bites = d["hand"].get("bite", 0)
            charms = d["hand"].get("charm", 0) + d["hand"].get("cursed_charm", 0)
            if bites - charms >= 3:
                certain.add(d["seat"])
            nudges.append((d["seat"], 0.1 * bites))
        elif kind == "hypnosis":
            d = e["data"]
            if d["card"] == "bite":
                for s, k in d["counts"].items():
                    nudges.append((int(s), 0.1 * k))
    kept.public_at, kept.private_at = ends
    kept.public_last = public[-1] if public else None
    kept.private_last = private[-1] if private else None
    return kept


def send_weight(card: str, wolf: bool) -> float | None:
    """``Mind.send``'s factor of the receiver's ``foe`` for ``card``; None for a human's Bite, which it never passes
    whoever the receiver (-5.0). Halving is exact in floating point, so a helpful card's ``-h * 0.5 * foe`` is the
    same float as ``-h * foe * 0.5``."""
    if card == "bite":
        return 1.5 if wolf else None
    if card in HARMFUL:
        return HARMFUL[card]
    return -HELPFUL.get(card, 0.3) * 0.5


class Heuristic:
    """``noise`` is the chance of a random legal move (a difficulty knob)."""

    name = "heuristic"

    def __init__(self, noise: float = 0.05):
        self.noise = noise

    def act(self, view: View, rng: random.Random) -> Action:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        if rng.random() < self.noise:
            return rng.choice(legal)
        return legal[Mind(view.observation).choose(legal, rng.random)]


class Mind:
    """What the seat believes, and how much it likes each action."""

    # one Mind a decision: slots, no instance dict made and filled (bot_speed's 20 games: 0.3k fewer CPU
    # instructions a decision, valgrind)
    __slots__ = ("obs", "pub", "mine", "me", "n", "wolf", "hand", "icons", "_passes", "_places", "p", "pack", "foes")

    def __init__(self, obs: dict[str, Any]):
        self.obs = obs
        pub: dict[str, Any] = obs["public"]
        mine: dict[str, Any] = obs["private"]
        self.pub, self.mine = pub, mine
        self.me: int = obs["seat"]
        self.n: int = pub["players"]
        self.wolf: bool = mine["werewolf"]
        self.hand: dict[str, int] = mine["hand"]
        self.icons: dict[str, int] = mine["icons"]
        self._passes: Any = None  # a Night pass's sends and keeps (_night_pass), within this decision
        self._places: Any = None  # (alive, pos, seat_at), made on first use (places)
        self.p, self.pack, self.foes = self._beliefs()

    # ---- beliefs ---------------------------------------------------------------------------------------

    def _beliefs(self) -> tuple[list[float], set[int], list[float]]:
        """(p, pack, foes): ``p`` the seat's P(werewolf) of every seat, ``pack`` the seats a werewolf knows to be
        werewolves, ``foes`` ``foe`` of every seat (read for every action). The same log read the same way (a
        _Reading) and the same facts besides give the same numbers, so they are kept with the reading and handed
        to the next Mind that finds the same: shared, read-only."""
        mine, me = self.mine, self.me
        reading = _reading(self.pub["log"], mine.get("log") or (), me, self.wolf)
        sides = (self.neighbour(me, 1), self.neighbour(me, -1)) if reading.night_bites else None
        facts = (mine["wolf_zero"], mine["sniffed"], mine["told"], self.pub["seance"], sides)
        kept = reading.beliefs
        if kept is not None and kept[0] == facts:
            said, nudges, certain = reading.said, reading.nudges, reading.certain
            if said[1] == len(certain):  # (both only grow)
                if said[0] == len(nudges):  # the log said nothing new
                    return kept[1]
                if sides is None:
                    return self._nudged(reading, kept)
        p = self._suspicions(reading, sides)
        # pack and foes in one plain loop, no comprehension (a comprehension is a function made and called: this
        # CPython, built without PGO, pays as much for that as for a short list; with the sums below, the decisions
        # of bot_speed's 40 games replayed by benchmarks/growl_mind_replay.py: 77.2k -> 73.9k CPU instructions a
        # decision, valgrind)
        n = self.n
        pack: set[int] = set()
        foes: list[float] = []
        append = foes.append
        if self.wolf:  # foe of every seat: wolves hurt non-pack seats
            for s in range(n):
                x = p[s]
                if x >= 0.99 and s != me:
                    pack.add(s)
                    append(-1.0)
                else:
                    append(1.0 - x)
        else:  # humans hurt likely wolves
            for x in p:
                append(2 * x - 1)
        foes[me] = -1.0
        reading.beliefs = (facts, (p, pack, foes))
        reading.said = (len(reading.nudges), len(reading.certain))
        return p, pack, foes

    def _nudged(self, reading: _Reading, kept: Any) -> tuple[list[float], set[int], list[float]]:
        """The kept beliefs with the nudges the log gave since (none to the neighbours, no seat newly certain, the
        same facts): what working them all out again gives, with only the nudged seats worked out. A nudged seat
        that the facts or the log fixed keeps its value; any other is its sum clamped, below 0.99, so in no pack,
        and its foe is worked out from it as in _beliefs (the beliefs were worked out again at 45% of the decisions
        of bot_speed's games, mostly for a nudge or two; this against all of them, the decisions of its 40 games
        replayed by benchmarks/growl_mind_replay.py: 67.3k -> 65.3k CPU instructions a decision, valgrind)."""
        facts, (p, pack, foes) = kept
        p, foes = p[:], foes[:]  # the kept lists are shared, read-only
        nudges, sums, fixed, wolf = reading.nudges, reading.sums, reading.fixed, self.wolf
        new = nudges[reading.summed:]
        for s, x in new:  # the sums read on, as _suspicions does
            sums[s] += x  # type: ignore[index]
        reading.summed = len(nudges)
        for s, _ in new:
            if s not in fixed:
                x = sums[s]  # type: ignore[index]
                if x >= 0.98:
                    x = 0.98
                elif x <= 0.02:
                    x = 0.02
                p[s] = x
                foes[s] = 1.0 - x if wolf else 2 * x - 1
        reading.beliefs = (facts, (p, pack, foes))
        reading.said = (len(nudges), len(reading.certain))
        return p, pack, foes

    def _suspicions(self, reading: _Reading, sides: tuple[int, int] | None) -> list[float]:
        pub, mine, me, n = self.pub, self.mine, self.me, self.n
        zeroes = STARTER[n][0] if not (n == 10 and pub["options"]["starter_bites_10p"] == 4) else 4
        # max(1, n - 1) and min(0.9, base) written out: the same numbers without two calls
        base = (zeroes - (1 if mine["wolf_zero"] else 0) + 0.3) / (n - 1 if n > 1 else 1)
        if not base < 0.9:
            base = 0.9
        nudges = reading.nudges
        if sides is None:
            # no nudge to the neighbours: each seat's sum of its nudges in the log's order kept with the reading and
            # added to as the log goes on, not summed again at each decision (see pack and foes above for the number)
            sums = reading.sums
            if sums is None or reading.sums_base != base or len(sums) != n:
                sums = reading.sums = [base] * n
                reading.sums_base, reading.summed = base, 0
            summed = reading.summed
            if summed < len(nudges):
                for s, x in nudges[summed:]:
                    sums[s] += x
                reading.summed = len(nudges)
            p = sums[:]
        else:
            p = [base] * n
            for s, x in nudges:  # in the log's order, so each seat's sum is the same float
                if s < 0:
                    for t in sides:
                        p[t] += x
                else:
                    p[s] += x
        # min(0.98, max(0.02, x)) of every seat, then the fixed seats' values over it, in the order of precedence
        # of the dict they were once gathered in (later ones win), without the dict or a comprehension
        for s in range(n):
            x = p[s]
            if x >= 0.98:
                p[s] = 0.98
            elif x <= 0.02:
                p[s] = 0.02
        p[me] = 1.0 if self.wolf else 0.0
        fixed = reading.fixed = {me}  # (Mind._nudged leaves them)
        sniffed = mine["sniffed"]
        if sniffed:
            for s in range(n):
                if s != me:
                    p[s] = 1.0 if s in sniffed else 0.1
                    fixed.add(s)
        for s, w in mine["told"].items():
            p[int(s)] = 1.0 if w else 0.0
            fixed.add(int(s))
        for x in pub["seance"]:
            p[x["seat"]] = 1.0 if x["werewolf"] else 0.0
            fixed.add(x["seat"])
        for s in reading.certain:  # the log's facts come after the rest
            p[s] = 1.0
            fixed.add(s)
        return p

    def places(self) -> tuple[list[bool], list[int], list[int]]:
        """(alive, pos, seat_at): whether each seat lives, each seat's position and the seat at each position, from
        the seats' entries, made on first use in a decision and kept in a plain attribute (functools.cached_property
        takes a lock at each first use in Python 3.11: bot_speed's 20 games, the bot 68.9k -> 65.9k CPU instructions a
        decision, valgrind)."""
        places = self._places
        if places is None:
            seats = self.pub["seats"]
            pos = list(map(_POSITION, seats))
            at = [0] * self.n
            for s, p in enumerate(pos):
                at[p] = s
            places = self._places = (list(map(_ALIVE, seats)), pos, at)
        return places

    @property
    def alive(self) -> list[bool]:
        return self.places()[0]

    def neighbour(self, seat: int, step: int) -> int:
        """The closest living seat going left (+1) or right (-1), by position (R2); the seat itself if no other
        lives. core's next_seat written out, without a function called at each position and with the seat at each
        position made once a decision (bot_speed's 20 games: 0.3k fewer CPU instructions a decision, valgrind)."""
        alive, pos, at = self.places()
        n = self.n
        p = pos[seat]
        for _ in range(n - 1):
            p = (p + step) % n
            if alive[at[p]]:
                return at[p]
        return seat

    def foe(self, s: int) -> float:
        """How much this seat wants ``s`` hurt: humans hurt likely wolves, wolves hurt non-pack seats."""
        return self.foes[s]

    # ---- scoring ---------------------------------------------------------------------------------------

    def score(self, a: Action) -> float:
        kind = a.kind
        if kind in KILLING and self.loses_by(a):
            return SELF_DEFEAT
        f = getattr(self, "_" + kind, None)
        return f(a) if f else 0.0

    def choose(self, legal: list[Action], tiebreak: Any) -> int:
        """The index of the action ``act`` plays: the last of the best of the scores, each plus ``tiebreak() *
        1e-3`` drawn in order, as the max of (score, index) pairs picks it, in one pass with nothing made for each
        action (against the scores' list with tiebreaks, reversed and searched: bot_speed's 20 games, the bot
        65.6k -> 62.3k CPU instructions a decision, valgrind). Scoring draws nothing, so a score worked out and its
        tiebreak drawn in turn draw what the scores' list and then the tiebreaks drew: a Day gift's and a Night
        pass's scores are worked out so, in the tiebreaks' loop, no list of them made (the decisions of bot_speed's
        40 games replayed by benchmarks/growl_mind_replay.py: 72.8k -> 70.0k CPU instructions a decision, valgrind;
        bot_speed's 600 games: 26.8k -> 27.3k decisions a second, medians of 3); any other list is scored by
        ``scores`` and drawn for after it. The scores are the scorers' own (``gifts``, ``_pass_tables``), so this and
        ``scores`` say the same."""
        best, at, i = -math.inf, 0, 0
        kind = legal[0].kind
        # a Day gift's and a Night pass's windows list nothing else (state._legal_actions), so a list that starts and
        # ends with one of them holds it alone: each action's kind is not tested again (bot_speed's 20 games: the
        # decision 148.0k -> 146.9k CPU instructions, valgrind)
        if kind == "give" and legal[-1].kind == "give":
            gifts = self.gifts()  # a Day gift's score is its receiver's entry
            for a in legal:
                x = gifts[a.target] + tiebreak() * 1e-3
                if x >= best:
                    best, at = x, i
                i += 1
            return at
        if kind == "night_pass" and legal[-1].kind == "night_pass":
            to_left, to_right, keeps = self._pass_tables()
            for a in legal:
                left = a.left
                right = a.right
                x = to_left[left] + to_right[right] - keeps[left] - keeps[right] + tiebreak() * 1e-3
                if x >= best:
                    best, at = x, i
                i += 1
            return at
        for x in self.scores(legal):
            x += tiebreak() * 1e-3
            if x >= best:
                best, at = x, i
            i += 1
        return at

    def scores(self, legal: list[Action]) -> list[float]:
        """``[self.score(a) for a in legal]``, the same numbers, with each kind's scorer looked up once and a Day
        gift's scores worked out once for every seat (``gifts``). With the Night passes' sends and keeps looked up
        (_night_pass), over the decisions of 40 games of benchmarks/bot_speed.py: 6.6 -> 4.2 µs a decision; with
        a pass's parts worked out once by hand card and summed here (_pass_tables), bot_speed's 20 games: 38k ->
        31k CPU instructions a decision (valgrind)."""
        out = []
        scorers: dict[str, Any] = {}
        gifts = to_left = to_right = keeps = unsure = None
        for a in legal:
            kind = a.kind
            if kind == "give":
                if gifts is None:
                    gifts = self.gifts()
                out.append(gifts[a.target])
                continue
            if kind == "hypnosis":  # _hypnosis, written out, each seat's uncertainty once: some 200 of them
                if unsure is None:
                    unsure = list(map(self.uncertainty, range(self.n)))
                out.append((a.card == "bite") * 2 + unsure[a.first] + unsure[a.second])
                continue
            if kind == "night_pass":  # _night_pass, written out: a Night's window lists some 30 of them
                if keeps is None:
                    to_left, to_right, keeps = self._pass_tables()
                x, y = a.left, a.right
                out.append(to_left[x] + to_right[y] - keeps[x] - keeps[y])
                continue
            if kind in KILLING and self.loses_by(a):
                out.append(SELF_DEFEAT)
                continue
            f = scorers.get(kind, _UNKNOWN)
            if f is _UNKNOWN:
                f = scorers[kind] = getattr(self, "_" + kind, None)
            out.append(f(a) if f else 0.0)
        return out

    # ---- kills that end the game (R70) against the seat's own team ----------------------------------------

    def victim(self, a: Action) -> int | None:
        """The seat this decision alone kills, or None: the victim named (The Trusted, The Unwanted's last
        round), a tie broken in a vote that kills (R62-R63), the last unsaved left by a save (R67)."""
        w = self.pub["window"]
        if a.kind == "pick":
            why = w["why"]
            if why == "victim" or (why == "tie" and self.pub["night_card"] != "the_trusted"):
                return a.target
            return None
        if a.kind == "save":
            left = [s for s in w["unsaved"] if s != a.target]
            return left[0] if len(left) == 1 else None
        return None

    def loses_by(self, a: Action) -> bool:
        """Whether the kill this decision makes ends the game at once (2 or fewer alive, R70) with the seat's
        team losing (R71), as far as the seat can tell: a werewolf leaving a seat it knows to be human alive;
        a human, dead or killed, leaving only seats it knows to be werewolves."""
        victim = self.victim(a)
        if victim is None:
            return False
        living = [s for s in range(self.n) if self.alive[s] and s != victim]
        if len(living) > 2:
            return False
        if self.wolf:
            return any(s != self.me and self.p[s] == 0.0 for s in living)
        return self.me not in living and all(self.p[s] == 1.0 for s in living)

    def gifts(self) -> list[float]:
        """``_give``'s score of the Day card to each seat, in the same numbers."""
        card = self.pub["top_card"]
        foes = self.foes
        if card == "bite":
            return foes if self.wolf else self.p
        # plain loops, no comprehension (a function made and called in this CPython; a Day gift is 3 decisions in 5:
        # bot_speed's 20 games, the decision 152.4k -> 151.8k CPU instructions and 4.24k -> 4.18k L1 cache misses,
        # valgrind --tool=cachegrind --cache-sim=yes)
        out = []
        if card in HARMFUL or card in BAD_SPELLS:
            m = HARMFUL.get(card, 1.0)
            for f in foes:
                out.append(f * m)
        else:
            m = HELPFUL.get(card, 1.0)
            for f in foes:
                out.append(-f * m)
        return out

    def _give(self, a: Action) -> float:
        card = self.pub["top_card"]
        t = a.target
        if card == "bite":
            return self.foe(t) if self.wolf else self.p[t]
        if card in HARMFUL or card in BAD_SPELLS:
            return self.foe(t) * HARMFUL.get(card, 1.0)
        return -self.foe(t) * HELPFUL.get(card, 1.0)

    def keep(self, card: str) -> float:
        """How much the seat wants to keep a hand card."""
        wounds, bites = self.icons["net_wounds"], self.icons["net_bites"]
        if card in ("salve", "super_salve"):
            return (1.0 + max(0, wounds)) * (2 if card == "super_salve" else 1)
        if card == "charm":
            return 0.2 if self.wolf else 1.0 + max(0, bites)
        if card == "gold":
            return 0.4
        if card == "cursed_gold":
            return 0.4 - 0.8 * (wounds >= 1)
        if card == "bite":
            return 0.3 if self.wolf else -1.0
        if card == "holy_water":
            return -3.0 if self.wolf else -0.3
        if card == "hex":
            return -0.5 - self.hand.get("charm", 0) - self.hand.get("cursed_charm", 0)
        if card == "infection":
            return -0.5 - self.hand.get("salve", 0) - 2 * self.hand.get("super_salve", 0)
        return -HARMFUL.get(card, 0.0)

    def send(self, card: str, to: int) -> float:
        """How much the seat likes ``to`` getting ``card`` (from its hand)."""
        w = send_weight(card, self.wolf)
        return -5.0 if w is None else w * self.foes[to]

    def _night_pass(self, a: Action) -> float:
        to_left, to_right, keeps = self._pass_tables()
        return to_left[a.left] + to_right[a.right] - keeps[a.left] - keeps[a.right]

    def _pass_tables(self) -> tuple[dict[str, float], dict[str, float], dict[str, float]]:
        """A Night pass's parts by hand card: sent left, sent right, kept. The same few cards come back in every
        pair of a Night's passes: each part is worked out once a decision (their numbers as they are, so a pass's
        sum is the same float)."""
        memo = self._passes
        if memo is None:
            me, wolf = self.me, self.wolf
            left, right = self.pub["passing"].get(str(me), (me, me))
            to_left, to_right, keeps = {}, {}, {}
            fl, fr = self.foes[left], self.foes[right]
            # each card's send weight and, but for the few that read the icons or the hand, its keep: looked up,
            # not called (with the Day gift's and the passes' scores in a plain loop, each action's kind checked, no
            # comprehension: the decisions of bot_speed's 40 games replayed by benchmarks/growl_mind_replay.py,
            # 81.6k -> 77.2k CPU instructions a decision, valgrind); send(c, left) and send(c, right) from one weight
            # (bot_speed's 20 games: 2.4k fewer CPU instructions a decision, valgrind)
            weights, kept = _SEND_WEIGHTS[wolf], _KEEPS[wolf]
            for c in self.hand:
                w = weights.get(c, _UNKNOWN)
                if w is _UNKNOWN:
                    w = send_weight(c, wolf)
                if w is None:
                    to_left[c] = to_right[c] = -5.0
                else:
                    to_left[c] = w * fl
                    to_right[c] = w * fr
                k = kept.get(c)
                keeps[c] = self.keep(c) if k is None else k
            memo = self._passes = (to_left, to_right, keeps)
        return memo

    def _contribute(self, a: Action) -> float:
        return -self.keep(a.card)

    def _hallows(self, a: Action) -> float:
        left, right = self.neighbour(self.me, 1), self.neighbour(self.me, -1)
        return self.send(a.left, left) + self.send(a.right, right)

    def _death_rattle(self, a: Action) -> float:
        return self.send(a.card, a.target)

    def _decline(self, a: Action) -> float:
        return 0.1

    def _show(self, a: Action) -> float:
        return -self.keep(a.card)

    def uncertainty(self, s: int) -> float:
        return 1 - abs(2 * self.p[s] - 1) if s != self.me else -1

    def _target(self, a: Action) -> float:
        card, t = self.pub["night_card"], a.target
        if card in ("blood_hound", "truth_serum"):
            return self.uncertainty(t)
        if card == "caged":
            return self.foe(t) if not self.wolf else -self.foe(t) * 0.1 + (t == self.me) * 0.5
        if card == "silver_bullet":
            return self.foe(t)
        if card == "seance":
            return (not self.alive[t]) + self.uncertainty(t)
        if card == "insomnia":
            return 1.0 if t == self.me else 0.0
        return 0.0

    def _hypnosis(self, a: Action) -> float:
        return (a.card == "bite") * 2 + self.uncertainty(a.first) + self.uncertainty(a.second)

    def _target2(self, a: Action) -> float:
        if self.pub["night_card"] == "the_sleepwalkers":
            return 0.0
        return -self.foe(a.first) - self.foe(a.second)  # The Gift: let the trusted trade

    def _vote(self, a: Action) -> float:
        if self.pub["night_card"] == "the_trusted":
            return -self.foe(a.target) + (a.target == self.me) * 0.2
        return self.foe(a.target)

    def _pick(self, a: Action) -> float:
        if self.pub["window"]["why"] == "tie" and self.pub["night_card"] == "the_trusted":
            return -self.foe(a.target)
        return self.foe(a.target)

    def _save(self, a: Action) -> float:
        return -self.foe(a.target)

    def _point(self, a: Action) -> float:
        step = 1 if a.side == "left" else -1
        return self.foe(self.neighbour(self.me, step))

    # spells: use them when they help, then end the step
    def _end_spells(self, a: Action) -> float:
        return 0.0

    def _heal(self, a: Action) -> float:
        return 1.0 if self.icons["net_wounds"] >= 1 or a.discard == "silver_bullet" else -0.2

    def _purify(self, a: Action) -> float:
        return 1.0 if not self.wolf and self.icons["net_bites"] >= 1 else -0.5

    def _scry(self, a: Action) -> float:
        return self.uncertainty(a.target) - 0.3

    def _escape(self, a: Action) -> float:
        return -0.5 if self.wolf else 0.5

    def _banish(self, a: Action) -> float:
        owner = next(s for s, p in enumerate(self.pub["seats"]) if a.spell in p["front"])
        if a.spell in ("silver_bullet", "tanglevine"):
            return 1.0 if owner == self.me or self.foe(owner) < 0 else -0.5
        return 0.6 * self.foe(owner) - 0.3

    def _leash(self, a: Action) -> float:
        owner = next(s for s, p in enumerate(self.pub["seats"]) if a.spell in p["front"])
        if a.spell in ("silver_bullet", "tanglevine"):
            return self.foe(a.target) - self.foe(owner) - 0.6
        return -0.5


# send_weight of every card, and Mind.keep of the cards whose keep reads neither the icons nor the hand, by team
_SEND_WEIGHTS = {w: {c: send_weight(c, w) for c in IDS} for w in (False, True)}
_NO_ICONS = {"net_wounds": 0, "net_bites": 0}
_READS_STATE = {"salve", "super_salve", "charm", "cursed_gold", "hex", "infection"}
_KEEPS = {w: {c: Mind.keep(SimpleNamespace(wolf=w, icons=_NO_ICONS, hand=None), c) for c in IDS  # type: ignore[arg-type]
              if c not in _READS_STATE} for w in (False, True)}
_KEEPS[True]["charm"] = 0.2  # a werewolf's keep of a Charm reads nothing else
