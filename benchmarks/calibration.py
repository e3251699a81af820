"""Calibration of the bots' suspicions: what a bot's belief said about the seat it acted against, and what was true.

    python benchmarks/calibration.py growl [--games 300] [--players 6] [--curses] [--spells]
        # every decision of a human seat aimed at a suspected werewolf, binned by the Mind's P(werewolf) of its
        # target, against whether the target was a werewolf; then every (human, other living seat) pair at
        # each human decision: the belief as a whole
    python benchmarks/calibration.py growl --belief fitted
        # the same decisions and pairs, judged by hexbox/games/growl/belief.py (the fitted belief ISMCTS draws
        # worlds from with worlds=belief) instead of the Mind's P(werewolf)
    python benchmarks/calibration.py prowl [--games 300] [--players 4]
        # every accusation (Accuse, and the Duelist's guess), binned by the weighted share of the bot's own
        # sampled worlds where it is right, against whether it was right

Both play heuristic self-play in this process, seed 2026 + game index, one decision at a time (seat drawn as
``hexbox simulate`` does when several may act), every seat ``heuristic``. Only this script reads the true state;
the bots' code is not changed.

GROWL (hexbox/games/growl/heuristic.py). The bot builds ``Mind(observation)`` at each decision with two or more
legal actions; the script builds the same Mind from the same observation at that moment. A human seat is one
that is not a werewolf then (it knows: the observation says so). A decision counts as aimed at a suspect when
the bot's score for it grows with ``foe(target) = 2p - 1`` (or with ``p``) of one seat:

- ``give``: the top card is a Bite or a harmful card (Wound, and with Curses: Cursed Charm, Cursed Gold, Holy
  Water, Hex, Infection; with Spells: Tanglevine) and goes to that seat;
- ``vote``: every vote (The Accused, The Purge), except under The Trusted (a vote for the most trusted);
- ``pick``: the victim (The Trusted's most trusted, or after The Unwanted's empty rounds) and a tie break,
  except a tie under The Trusted (the most trusted again);
- ``target``: Silver Bullet and Caged (the bot cages a suspect);
- ``point`` (The Unwanted): the closest living neighbour on that side, as the bot reckons it;
- ``death_rattle`` with a harmful card, and ``leash`` of Silver Bullet or Tanglevine (Spells only).

Not counted: Night passes and All Hallows' Eve (the receivers are fixed by the seating; only the cards are
chosen), saves (The Unsaved: the trusted), The Gift, spells paid for, and the targets of Blood Hound, Truth
Serum, Séance, Hypnosis and the Scrying Bowl (chosen for uncertainty, not suspicion). The bot makes a random
legal move with chance ``noise`` (0.05); the script reads that draw from a copy of the bot's generator and
leaves such moves out of the first table (their count is printed). A decision with one legal action is no
decision. "Is a werewolf" is the true state at that moment (a human bitten to three net Bites turns, R30).

Prowl (hexbox/games/prowl/heuristic.py). The bot draws ``samples`` worlds from its view, weights them by
``plausibility`` and picks the action of best weighted value; the P(right) an accusation rests on is the weighted
share of those worlds where the accused's clan card is of the named clan. The script draws the same worlds again
from a copy of the bot's generator taken before it acted (tests/test_calibration_script.py checks that they are
the bot's), and also a reference P from 200
fresh worlds weighted the same way, from a generator of its own (the belief itself, without the noise of six
samples). An accusation the seat had no choice about (one legal action: no worlds drawn) is counted apart.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from hexbox.agents import make_agent
from hexbox.core import View, load

SEED = 2026
BINS = ((0.0, 0.0), (0.0, 0.3), (0.3, 0.5), (0.5, 0.7), (0.7, 0.9), (0.9, 1.0), (1.0, 1.0))


def bin_label(low: float, high: float) -> str:
    return f"{low:.2f}" if low == high else f"{low:.2f}–{high:.2f}"


def in_bin(p: float, low: float, high: float) -> bool:
    """Exactly 0 and exactly 1 (facts the bot holds as certain) are bins of their own; else [low, high)."""
    if low == high:
        return p == low
    return low < p < high if low == 0.0 else low <= p < high


def table(pairs: Sequence[tuple[float, bool]], head: str, what: str, bins=BINS) -> list[str]:
    """Markdown rows: bin | count | mean p | share true, an "all" row, and the Brier score against the base rate."""
    rows = [f"| {head} | {what} | mean p | actually true |", "|---|---|---|---|"]
    for low, high in bins:
        inside = [(p, y) for p, y in pairs if in_bin(p, low, high)]
        if inside:
            rows.append(f"| {bin_label(low, high)} | {len(inside)} | {sum(p for p, _ in inside) / len(inside):.3f} | "
                        f"{sum(y for _, y in inside) / len(inside):.3f} |")
    if pairs:
        n = len(pairs)
        base = sum(y for _, y in pairs) / n
        rows.append(f"| all | {n} | {sum(p for p, _ in pairs) / n:.3f} | {base:.3f} |")
        brier = sum((p - y) ** 2 for p, y in pairs) / n
        flat = sum((base - y) ** 2 for _, y in pairs) / n
        rows += ["", f"Brier score {brier:.4f}; a constant at the base rate {base:.3f} scores {flat:.4f}."]
    return rows


def by_kind(records: Sequence[tuple[str, float, bool]], what: str, head: str = "kind") -> list[str]:
    """Markdown rows: label | count | mean p | share true, one row per label of ``records`` (label, p, true)."""
    rows = [f"| {head} | {what} | mean p | actually true |", "|---|---|---|---|"]
    for kind in sorted({k for k, _, _ in records}):
        inside = [(p, y) for k, p, y in records if k == kind]
        rows.append(f"| {kind} | {len(inside)} | {sum(p for p, _ in inside) / len(inside):.3f} | "
                    f"{sum(y for _, y in inside) / len(inside):.3f} |")
    return rows


def play(game, seed: int, agent: str, decide: Callable) -> None:
    """One game, every seat ``agent``; ``decide(state, seat, view, rng, bot)`` makes each decision (and may look
    at it): it returns the action to apply, or None when it applied it itself."""
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    bots = [make_agent(agent, game.name) for _ in range(game.players)]
    while not state.is_over:
        actors = state.actors
        seat = actors[0] if len(actors) == 1 else rng.choice(actors)
        action = decide(state, seat, View.of(state, seat), rng, bots[seat])
        if action is not None:
            state.apply(seat, action)


def copy_of(rng: random.Random) -> random.Random:
    twin = random.Random()
    twin.setstate(rng.getstate())
    return twin


# ---- GROWL -----------------------------------------------------------------------------------------------------


@dataclass
class GrowlRun:
    acted: list[tuple[str, float, bool]] = field(default_factory=list)  # (kind, p of the target, target a wolf)
    believed: list[tuple[str, float, bool]] = field(default_factory=list)  # (Nights passed, p, a wolf): every
    # (human, other living seat) pair
    decisions: int = 0  # human decisions with two or more legal actions
    noise: int = 0  # of those, aimed at a seat but random (the bot's noise)


def suspect_of(mind, action) -> int | None:
    """The seat a human's action is aimed at as a suspected werewolf (see the module docstring), or None."""
    from hexbox.games.growl.heuristic import BAD_SPELLS, HARMFUL

    kind, pub = action.kind, mind.pub
    night = pub["night_card"]
    if kind == "give":
        card = pub["top_card"]
        return action.target if card == "bite" or card in HARMFUL or card in BAD_SPELLS else None
    if kind == "vote":
        return None if night == "the_trusted" else action.target
    if kind == "pick":
        return None if pub["window"]["why"] == "tie" and night == "the_trusted" else action.target
    if kind == "target":
        return action.target if night in ("silver_bullet", "caged") else None
    if kind == "point":
        return mind.neighbour(mind.me, 1 if action.side == "left" else -1)
    if kind == "death_rattle":
        return action.target if action.card in HARMFUL else None
    if kind == "leash":
        return action.target if action.spell in ("silver_bullet", "tanglevine") else None
    return None


def growl_run(games: int, players: int = 6, options: dict | None = None, belief: str = "mind") -> GrowlRun:
    from hexbox.games.growl import belief as fitted
    from hexbox.games.growl.heuristic import Mind

    game = load("growl", players=players, **(options or {}))
    run = GrowlRun()

    def decide(state, seat, view, rng, bot):
        legal = view.legal_actions
        if state.wolf[seat] or len(legal) < 2:
            return bot.act(view, rng)
        noisy = copy_of(rng).random() < bot.noise  # the bot's first draw: a random move?
        mind = Mind(view.observation)
        p = mind.p if belief == "mind" else fitted.posterior(view.observation)
        action = bot.act(view, rng)
        run.decisions += 1
        nights = f"after {state.nights} Night{'s' if state.nights != 1 else ''}"
        run.believed += [(nights, p[t], state.wolf[t]) for t in range(state.n) if t != seat and not state.dead[t]]
        t = suspect_of(mind, action)
        if t is not None:
            if noisy:
                run.noise += 1
            else:
                run.acted.append((action.kind, p[t], state.wolf[t]))
        return action

    for i in range(games):
        play(game, SEED + i, "heuristic", decide)
    return run


def growl_report(run: GrowlRun, games: int, players: int, options: dict, belief: str = "mind") -> str:
    who = "Mind's" if belief == "mind" else "fitted belief's"
    opts = "".join(f", {k}" for k, v in options.items() if v)
    acted = [(p, y) for _, p, y in run.acted]
    lines = [f"GROWL, heuristic self-play, {games} games of {players} players{opts} (seed {SEED} + game); "
             f"{run.decisions} decisions of human seats with a choice.", "",
             f"What it acts on: {len(acted)} decisions aimed at a suspect ({run.noise} more were the bot's random "
             "moves, left out), by the P(werewolf) the " + ("Mind" if belief == "mind" else "fitted belief") +
             " gave the target:", ""]
    lines += table(acted, f"{who} P(werewolf) of the target", "decisions")
    lines += ["", "The same decisions by kind:", ""]
    lines += by_kind(run.acted, "decisions")
    lines += ["", f"What it believes: every (human seat, other living seat) pair at those {run.decisions} decisions:",
              ""]
    lines += table([(p, y) for _, p, y in run.believed], f"{who} P(werewolf)", "pairs")
    lines += ["", "The same pairs by the Nights passed (a human with three net Bites turns, by Day or "
              "by Night, so the share of werewolves grows):", ""]
    lines += by_kind(run.believed, "pairs", "when")
    return "\n".join(lines)


# ---- Prowl -----------------------------------------------------------------------------------------------------

REFERENCE_WORLDS = 200


@dataclass
class ProwlRun:
    # (how: "Accuse" or "Duelist's guess", the bot's P, the reference P, right)
    accusations: list[tuple[str, float, float, bool]] = field(default_factory=list)
    forced: int = 0  # accusations the seat had no choice about (one legal action: no worlds drawn)


def share_right(view: View, seat: int, target: int, clan: int, rng: random.Random, worlds: int) -> float:
    """The weighted share of ``worlds`` worlds drawn from ``view`` (as the bot draws and weights them) where
    ``target``'s clan card is of ``clan``."""
    from hexbox.games.prowl.heuristic import plausibility, public_clues

    drawn = [view.sample(rng) for _ in range(worlds)]
    clues = public_clues(view.observation, seat)
    weights = [plausibility(w, clues) for w in drawn]
    return sum(wt for w, wt in zip(drawn, weights) if w.clan_of(target) == clan) / sum(weights)


def prowl_run(games: int, players: int = 4) -> ProwlRun:
    from hexbox.games.prowl.cards import CLAN_INDEX

    game = load("prowl", players=players)
    run = ProwlRun()

    def decide(state, seat, view, rng, bot):
        legal = view.legal_actions
        before = copy_of(rng)
        action = bot.act(view, rng)
        if action.kind not in ("accuse", "choose_clan"):
            return action
        pre = state.clone()  # the accusation is known once applied; the worlds are drawn from the view before
        seen = len(state.history)
        state.apply(seat, action)
        new = [h for h in state.history[seen:] if h["kind"] == "accuse" and h["seat"] == seat]
        if new:
            h = new[0]
            if len(legal) < 2:
                run.forced += 1
            else:
                target, clan, past = h["target"], CLAN_INDEX[h["clan"]], View.of(pre, seat)
                p = share_right(past, seat, target, clan, before, bot.samples)
                ref = share_right(past, seat, target, clan, random.Random(SEED * 1000 + len(run.accusations)),
                                  REFERENCE_WORLDS)
                how = "Duelist's guess" if h["card"] is None else "Accuse"  # R32: the Duelist discards nothing
                run.accusations.append((how, p, ref, h["right"]))
        return None  # already applied

    for i in range(games):
        play(game, SEED + i, "heuristic", decide)
    return run


PROWL_BINS = BINS  # a P of exactly 0 or 1: no sampled world, or every one, has the accusation right


def prowl_report(run: ProwlRun, games: int, players: int) -> str:
    acc = run.accusations
    lines = [f"Prowl, heuristic self-play, {games} games of {players} players (seed {SEED} + game): {len(acc)} "
             f"accusations with a choice ({run.forced} more forced).", "",
             "By the bot's own P(right) (the weighted share of its sampled worlds where the accusation is right):", ""]
    lines += table([(p, y) for _, p, _, y in acc], "bot's P(right)", "accusations", PROWL_BINS)
    lines += ["", f"By the reference P(right) ({REFERENCE_WORLDS} worlds, same weighting):", ""]
    lines += table([(r, y) for _, _, r, y in acc], "reference P(right)", "accusations", PROWL_BINS)
    lines += ["", "| how | accusations | bot's mean P | reference mean P | actually right |", "|---|---|---|---|---|"]
    for how in sorted({a[0] for a in acc}):
        inside = [a for a in acc if a[0] == how]
        n = len(inside)
        lines.append(f"| {how} | {n} | {sum(a[1] for a in inside) / n:.3f} | {sum(a[2] for a in inside) / n:.3f} | "
                     f"{sum(a[3] for a in inside) / n:.3f} |")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=("growl", "prowl"))
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int)
    parser.add_argument("--curses", action="store_true", help="GROWL: with the Curses cards")
    parser.add_argument("--spells", action="store_true", help="GROWL: with Spells")
    parser.add_argument("--belief", choices=("mind", "fitted"), default="mind",
                        help="GROWL: judge the Mind's P(werewolf) or the fitted belief (hexbox/games/growl/belief.py)")
    args = parser.parse_args(argv)
    if args.game == "growl":
        players = args.players or 6
        options = {"curses": args.curses, "spells": args.spells}
        print(growl_report(growl_run(args.games, players, options, args.belief), args.games, players, options,
                           args.belief))
    else:
        players = args.players or 4
        print(prowl_report(prowl_run(args.games, players), args.games, players))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
