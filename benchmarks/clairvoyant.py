"""The ceiling of the bots: an omniscient search against hard, normal and easy, in the same seat of the same deals.

The omniscient bot is the game's ``hard`` search (its spec, budget and evaluator) with one change: every world it
searches is the true state (hands, goals, decks: everything the seat cannot see), with a fresh random generator
for what no one knows yet (dice). It is what ``hard`` would play if its beliefs were perfect, so
``omniscient − normal`` is the room that better beliefs could win, and ``(hard − normal) / (omniscient − normal)``
the share of it ``hard`` already closes (issue 47). That bound also knows the order of the undealt piles, which
no belief can give; ``--subjects ...,informed`` adds the perfect-beliefs bound: the same search whose worlds are the
true state for everything dealt or chosen, with the undealt piles (each game's ``UNDEALT`` function) shuffled
afresh in each world; ``(hard − normal) / (informed − normal)`` is then the share of what perfect beliefs are worth.

Each deal (seed) is played four times: the subject seat (rotated one seat per deal) by the omniscient bot, then by
``hard``, ``normal`` and ``easy``, every other seat by ``normal``. Wins are the subject seat's (a shared win counts
as a win). Differences are paired by deal: mean ± 1.96 standard errors; the share's interval is a bootstrap over
deals (2,000 resamples). ``--json`` also gives how each subject's deals ended (``endings``: in Werebeasts won, lost on
points, accused out, or out by its own wrong accusation, and its ``accusations`` right and wrong), which says where
``hard`` loses what the bound wins. ``--subjects hard`` plays only that subject (the others' deals do not change with
``hard``: each deal is seeded, and every other seat is ``normal``). ``--hard SPEC`` puts another search in the
level's place, for the hard subject and the bounds alike (the bound is that search given the truth).

    nice -n 10 python benchmarks/clairvoyant.py --games 20 [--game werebeasts] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from typing import Any

import hexbox  # noqa: F401  (registers the games)
from hexbox.agents import make_agent
from hexbox.agents.ismcts import ISMCTS, pruner_for
from hexbox.core import View, games, load
from hexbox.core.report import wilson

PLAYERS = {"werebeasts": 5, "prowl": 4, "growl": 6, "voodoo": 4, "transylvania": 4}
SUBJECTS = ("omniscient", "hard", "normal", "easy")
EXTRA = ("informed",)  # played only when asked for: the perfect-beliefs bound
HARD = "hard"  # what the hard subject and the bounds search with (--hard: a spec tried in the level's place)


class Omniscient:
    """The game's hard search, searching the true state only. ``truth`` is set by the caller before each move."""

    name = "omniscient"

    def __init__(self, game: str):
        hard = make_agent(HARD, game)
        assert isinstance(hard, ISMCTS), f"{game}'s hard level is no search"
        self.search, self.game = hard, game
        self.truth: Any = None
        hard._belief = self._worlds  # type: ignore[method-assign]
        hard.worlds = "belief"  # so act() asks _belief for its worlds and its root moves

    def _worlds(self, view: View):
        truth = self.truth

        def draw(rng: random.Random):
            world = truth.clone()
            world.rng = world.reseeded(rng)  # the future no one knows (dice, new shuffles) stays unknown
            return world

        legal = view.legal_actions
        prune = pruner_for(self.game) if self.search.prune == "game" else None
        roots = list(prune(truth.clone(), view.seat, legal)) if prune is not None else list(legal)
        if self.game == "werebeasts":  # the advice leaves accusations out for uniform worlds: here, the right ones
            from hexbox.games.werebeasts.cards import GOAL_INDEX

            roots += [a for a in legal if a.kind == "accuse" and GOAL_INDEX[a.goal] in truth.goals_of(a.target)]
        return draw, set(roots or legal)

    def act(self, view: View, rng: random.Random):
        return self.search.act(view, rng)


class Informed(Omniscient):
    """The perfect-beliefs bound: hard's search whose worlds are the true state for all that is dealt or chosen
    (every hand, goal, role, team, clan card, what anyone has seen), with the order of the undealt piles (which
    no player can know, so no belief can give) shuffled afresh in each world, and fresh dice. The omniscient
    bound also knows that order: in GROWL most of its lead over hard came from it (issue 47)."""

    name = "informed"

    def _worlds(self, view: View):
        _, roots = super()._worlds(view)
        truth, undealt = self.truth, UNDEALT[self.game]

        def draw(rng: random.Random):
            world = truth.clone()
            world.rng = world.reseeded(rng)
            if not truth.is_over:
                undealt(truth, world, rng)
            return world

        return draw, roots


def _werebeasts_undealt(state: Any, world: Any, rng: random.Random) -> None:
    rng.shuffle(world.deck)  # the auction deck


def _prowl_undealt(state: Any, world: Any, rng: random.Random) -> None:
    # the draw (strengthening) deck and the cards left in the box: nobody has seen either
    # (past two players there is no deck and the box, a set, follows from the true hands: its worlds are the
    # omniscient ones, so a Prowl 4p informed row is a replicate of the omniscient row, differing by noise only)
    pool = world.box + world.deck
    rng.shuffle(pool)
    world.box, world.deck = sorted(pool[: len(state.box)]), pool[len(state.box) :]


def _growl_undealt(state: Any, world: Any, rng: random.Random) -> None:
    # the deck below its face-up top: its cards, the Night cards' cut points within R13 and which Night cards,
    # which Spells are in it; dealt hands, teams and what anyone knows stay true
    from hexbox.games.growl.cards import HAND
    from hexbox.games.growl.resample import _fill_deck, _redeal_deck_shape

    if state.deck:
        _redeal_deck_shape(state, world, rng)
        _fill_deck(state, world, [c for c in state.deck[:-1] if c < HAND], rng)


def _voodoo_undealt(state: Any, world: Any, rng: random.Random) -> None:
    # each deck's cards that no seat has seen (the public bottom keeps its place), and the third deck
    for deck, seen in ((world.cdeck, world.cseen), (world.adeck, world.aseen)):
        places = [i for i, c in enumerate(deck) if not seen[c]]
        cards = [deck[i] for i in places]
        rng.shuffle(cards)
        for i, c in zip(places, cards):
            deck[i] = c
    rng.shuffle(world.pdeck)


def _transylvania_undealt(state: Any, world: Any, rng: random.Random) -> None:
    # the Discovery deck below its public top (cards no seat knows), the Event deck, the tile stack below what
    # any Surveillance saw, and the face-down tokens (on the board and in the stack: nobody has seen them)
    from hexbox.games.transylvania.hidden import _remap, redeal_unseen

    places = [i for i in range(len(world.deck) - world.deck_public) if not state.known[world.deck[i]]]
    old = [world.deck[i] for i in places]
    new = old[:]
    rng.shuffle(new)
    for i, c in zip(places, new):
        world.deck[i] = c
    mapping = dict(zip(old, new))
    if mapping:
        world.drawn = {mapping.get(c, c) for c in state.drawn}
        world.pending = [_remap(p, mapping) for p in state.pending]
    redeal_unseen(world, max(world.tiles_known), rng)


UNDEALT = {
    "werebeasts": _werebeasts_undealt,
    "prowl": _prowl_undealt,
    "growl": _growl_undealt,
    "voodoo": _voodoo_undealt,
    "transylvania": _transylvania_undealt,
}


BOUNDS = {"omniscient": Omniscient, "informed": Informed}


def ending(game: str, state: Any, seat: int) -> str:
    """How the subject's deal ended for it: ``won``, else in Werebeasts what lost it — ``wrong_accusation`` (its
    own, R18), ``accused_out`` (a right accusation of it, R15), ``points`` (it lasted to the end, R30-R35) —
    and ``lost`` in the other games."""
    if seat in state.result.winners:
        return "won"
    if game != "werebeasts":
        return "lost"
    if any(a["accuser"] == seat and not a["correct"] for a in state.accusations):
        return "wrong_accusation"
    if any(a["target"] == seat and a["correct"] for a in state.accusations):
        return "accused_out"
    return "points"


def play(game: str, seed: int, subject: str) -> tuple[bool, int, str, tuple[int, int]]:
    """One deal with ``subject`` in the rotated seat and normal bots elsewhere: (the subject won, its decisions,
    how the deal ended for it, its (right, wrong) accusations in Werebeasts)."""
    n = PLAYERS[game]
    seat = seed % n
    state = load(game, players=n).new_state(seed=seed)
    me = BOUNDS[subject](game) if subject in BOUNDS else make_agent(HARD if subject == "hard" else subject, game)
    others = make_agent("normal", game)
    rng = random.Random(seed)
    decisions = 0
    while not state.is_over:
        actors = state.actors
        s = actors[0] if len(actors) == 1 else rng.choice(actors)
        if s == seat:
            if isinstance(me, Omniscient):
                me.truth = state
            action = me.act(View.of(state, s), rng)
            decisions += 1
        else:
            action = others.act(View.of(state, s), rng)
        state.apply(s, action)
    made = [a["correct"] for a in state.accusations if a["accuser"] == seat] if game == "werebeasts" else []
    return seat in state.result.winners, decisions, ending(game, state, seat), (sum(made), len(made) - sum(made))


def paired(a: list[float], b: list[float]) -> tuple[float, float, float]:
    d = [x - y for x, y in zip(a, b)]
    mean = statistics.fmean(d)
    half = 1.96 * statistics.stdev(d) / len(d) ** 0.5 if len(d) > 1 else float("nan")
    return mean, mean - half, mean + half


def share(
    wins: dict[str, list[float]], resamples: int = 2000, bound: str = "omniscient"
) -> tuple[float | None, float | None, float | None]:
    """(hard − normal) / (bound − normal), with a bootstrap interval over deals; None where the gap is 0."""

    def ratio(idx: list[int]) -> float | None:
        o = sum(wins[bound][i] for i in idx)
        h = sum(wins["hard"][i] for i in idx)
        m = sum(wins["normal"][i] for i in idx)
        return (h - m) / (o - m) if o != m else None

    n = len(wins["normal"])
    point = ratio(list(range(n)))
    rng = random.Random(47)
    draws = sorted(r for r in (ratio([rng.randrange(n) for _ in range(n)]) for _ in range(resamples)) if r is not None)
    if point is None or len(draws) < resamples // 2:
        return point, None, None
    return point, draws[int(0.025 * len(draws))], draws[int(0.975 * len(draws)) - 1]


def measure(game: str, count: int, first_seed: int = 0, subjects: tuple[str, ...] = SUBJECTS) -> dict[str, Any]:
    """``subjects``: a subset of SUBJECTS to play (the others' rows are left out, and so are the differences and
    the share that need them): a change to ``hard`` alone leaves the other subjects' deals as they were, since
    each deal is seeded and the bots other than the subject are ``normal``."""
    wins: dict[str, list[float]] = {s: [] for s in subjects}
    decisions = dict.fromkeys(subjects, 0)
    cpu = dict.fromkeys(subjects, 0.0)
    endings: dict[str, dict[str, int]] = {s: {} for s in subjects}
    accusations = {s: [0, 0] for s in subjects}
    for seed in range(first_seed, first_seed + count):
        for subject in subjects:
            t0 = time.process_time()
            won, k, how, (right, wrong) = play(game, seed, subject)
            accusations[subject][0] += right
            accusations[subject][1] += wrong
            endings[subject][how] = endings[subject].get(how, 0) + 1
            cpu[subject] += time.process_time() - t0
            wins[subject].append(float(won))
            decisions[subject] += k
    out: dict[str, Any] = {"game": game, "players": PLAYERS[game], "games": count, "first_seed": first_seed}
    for subject in subjects:
        w = sum(wins[subject])
        low, high = wilson(w, count)
        out[subject] = {
            "wins": w,
            "rate": w / count,
            "ci": [low, high],
            "decisions": decisions[subject],
            "cpu_s": round(cpu[subject], 1),
            "endings": endings[subject],
            "accusations": dict(zip(("right", "wrong"), accusations[subject])),
        }
    for a, b in (
        ("omniscient", "normal"),
        ("omniscient", "hard"),
        ("hard", "normal"),
        ("informed", "normal"),
        ("informed", "hard"),
        ("omniscient", "informed"),
    ):
        if a in wins and b in wins:
            mean, low, high = paired(wins[a], wins[b])
            out[f"{a}-{b}"] = {"mean": mean, "ci": [low, high]}
    for bound, key in (("omniscient", "share_closed"), ("informed", "share_closed_informed")):
        if {bound, "hard", "normal"} <= set(subjects):
            point, low, high = share(wins, bound=bound)
            out[key] = {"point": point, "ci": [low, high]}
    out["wins_by_deal"] = wins
    return out


def _gap_cells(gap: dict[str, Any], sh: dict[str, Any]) -> str:
    if sh["point"] is None or not gap["ci"][0] > 0:  # no gap shown at this many deals: a ratio of noise
        shown = "— (no gap measured)"
    else:
        shown = f"{sh['point']:.2f}"
        if sh["ci"][0] is not None:
            shown += f" ({sh['ci'][0]:.2f} to {sh['ci'][1]:.2f})"
    return f"{gap['mean']:+.3f} ({gap['ci'][0]:+.3f} to {gap['ci'][1]:+.3f}) | {shown}"


def row(r: dict[str, Any]) -> str:
    """A row of HEADER, or of HEADER_INFORMED when the report has the informed bound."""
    cells = [f"{r[s]['rate']:.3f}" for s in SUBJECTS]
    line = (
        f"| {r['game']} | {r['players']} | {r['games']} | "
        + " | ".join(cells)
        + f" | {_gap_cells(r['omniscient-normal'], r['share_closed'])} |"
    )
    if "informed" in r:
        line += f" {r['informed']['rate']:.3f} | {_gap_cells(r['informed-normal'], r['share_closed_informed'])} |"
    return line


HEADER = (
    "| game | players | deals | omniscient | hard | normal | easy | omniscient − normal, paired (95% CI) | "
    "share of the gap hard closes (95% bootstrap) |\n|---|---|---|---|---|---|---|---|---|"
)
HEADER_INFORMED = (
    HEADER.split("\n")[0] + " informed | informed − normal, paired (95% CI) | share of that gap hard "
    "closes (95% bootstrap) |\n" + HEADER.split("\n")[1] + "---|---|---|"
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="deals per game")
    parser.add_argument("--game", action="append", help="a game (repeatable; default: every game)")
    parser.add_argument("--seed", type=int, default=0, help="the first deal's seed")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--subjects",
        default=",".join(SUBJECTS),
        help="the subjects to play, comma-separated (default: all four; add informed, the "
        "perfect-beliefs bound, for its columns); with fewer than all four there is no table "
        "row: use --json",
    )
    parser.add_argument(
        "--hard",
        default="hard",
        help="the ISMCTS spec the hard subject and the bounds search with (default: the game's hard level); "
        "a setting tried in its place, e.g. ismcts:iters=1000",
    )
    args = parser.parse_args(argv)
    global HARD
    HARD = args.hard
    subjects = tuple(x for x in SUBJECTS + EXTRA if x in args.subjects.split(","))
    if not set(SUBJECTS) <= set(subjects) and not args.json:
        parser.error("--subjects with fewer than all four needs --json")
    reports = []
    if not args.json:
        print(HEADER_INFORMED if "informed" in subjects else HEADER, flush=True)
    for game in args.game or games():
        r = measure(game, args.games, args.seed, subjects)
        reports.append(r)
        if not args.json:
            print(row(r), flush=True)
    if args.json:
        json.dump(reports, sys.stdout, indent=2)
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
