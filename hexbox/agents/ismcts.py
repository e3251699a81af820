"""Single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012), generic over every hexbox game.

The agent sees only its :class:`~hexbox.core.View`. Each iteration draws a *determinization* with
``view.sample(rng)`` (a full world re-dealt from what the seat knows; the only clone of the iteration), then:

1. **select**: from the root, descend with UCB1 over the actions available *in this world*. A child's
   exploration term uses its *availability count* (how often it could have been chosen), not its parent's
   visits, because different worlds offer different actions (SO-ISMCTS);
2. **expand**: add one untried action of the current world;
3. **roll out**: play uniformly random actions (or a random kind, then a random action of that kind, or the
   game's own bot acting from each seat's view of the world) up to ``rollout`` actions;
4. **evaluate**: a finished game gives its result; a rollout cut off by the cap asks the game's evaluator
   (the ``win_chances(world)`` of the game's ``advice`` hook: each seat's chance of winning, guessed from the
   position), or counts as a draw when the game has none or ``eval=none``;
5. **back up**: every node on the path adds the reward of the seat that acted into it.

Rewards: with ``reward=win`` (the default) a seat scores 1 if it is among ``result.winners``, else 0. With
``reward=score`` a seat scores its final score normalised over the table ((s - min) / (max - min), 0.5 when
all are equal). A draw is 1/players each (``win``) or 0.5 (``score``).

The game's advice, all optional, is the object its registration names as the ``advice`` hook: ``win_chances`` (above),
``search_actions(world, seat, legal)`` (the moves worth searching, in the tree and in rollouts) and
``ISMCTS_DEFAULTS`` (a spec's parameters override them). Short rollouts with an evaluator are both faster and
stronger where random play says little about a game: a random Voodoo game lasts thousands of actions, random
Werebeasts players accuse each other out within three turns. With ``bias=B`` the bot's own move at the root is
tried first and gets ``B / visits`` on top of its UCB value (progressive bias). With ``focus=kinds`` the root
weighs the bot's own move against every legal action of *another kind* only (of its kind, its move alone): in
a game whose turns are long chains of small steps (Transylvania's walking), the search then decides what the
bot decides by rule (stop, attempt, fight) and leaves the walking to it.

Several seats may act at once (bidding windows, claims): in the tree, who acts next in a multi-actor state
is drawn uniformly from ``state.actors``, as the simulator does. Edges are keyed by
``seat * num_action_ids + game.action_id(action)``, so the same action by two seats is two edges. At the root
the deciding seat is always the view's own.

Budgets (any combination; the first one reached stops the search): ``iters`` (iterations), ``calls``
(forward-model calls, i.e. ``apply``), ``seconds`` (wall clock from the start of ``act``, the game's belief and
advice included; not reproducible, unlike the other two). The search is anytime: whichever budget stops it, it
plays the best move found so far (the clock is read between iterations, from ``clock``, which tests replace).
Parameters of the agent spec: ``ismcts:iters=2000+c=0.7+rollout=100+policy=kind+reward=score+eval=none``.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import Any

from hexbox.core import Action, ConfigError, View, game_info, games

DEFAULT_ITERS = 1000

Evaluator = Callable[[Any], Sequence[float]]


def _advice(game: str) -> Any:
    """The game's advice, or None (also for a game outside the registry, such as the benchmark's Leduc poker)."""
    return game_info(game).hook("advice") if game in games() else None


def evaluator_for(game: str) -> Evaluator | None:
    """The game's advice ``win_chances(world)``: per seat, a chance of winning guessed from a position."""
    return getattr(_advice(game), "win_chances", None)


def pruner_for(game: str) -> Callable[[Any, int, list[Action]], list[Action]] | None:
    """The game's advice ``search_actions(world, seat, legal)``: the legal actions worth searching."""
    return getattr(_advice(game), "search_actions", None)


def own_kinds_for(game: str) -> frozenset[str]:
    """The game's advice ``OWN_KINDS``: the kinds of action a sloppy bot's random decisions leave to the bot."""
    return frozenset(getattr(_advice(game), "OWN_KINDS", ()))


def heuristic_of(game: str):
    """The game's bot, for heuristic rollouts and progressive bias."""
    bot = game_info(game).hook("bot") if game in games() else None
    if bot is None:
        raise ConfigError(f"ismcts: {game} has no heuristic bot for policy=heuristic or bias")
    return bot()


def defaults_for(game: str) -> dict[str, Any]:
    """The game's own ISMCTS defaults (its advice's ``ISMCTS_DEFAULTS``), e.g. a short rollout."""
    return dict(getattr(_advice(game), "ISMCTS_DEFAULTS", {}))


class Node:
    """One edge of the tree and the node below it: who acted, how often, for how much, and how often available."""

    __slots__ = ("seat", "visits", "avail", "total", "children")

    def __init__(self, seat: int):
        self.seat = seat
        self.visits = 0
        self.avail = 1
        self.total = 0.0
        self.children: dict[int, Node] = {}


class ISMCTS:
    """``act(view, rng)`` searches a fresh tree of determinized worlds and plays the most visited root action."""

    name = "ismcts"
    clock: Callable[[], float] = staticmethod(time.perf_counter)  # the wall clock of ``seconds``
    PARAMS: dict[str, type] = {"iters": int, "calls": int, "seconds": float, "c": float, "rollout": int,
                               "policy": str, "reward": str, "eval": str, "prune": str, "bias": float,
                               "worlds": str, "focus": str}

    def __init__(self, iters: int | None = None, calls: int | None = None, seconds: float | None = None,
                 c: float = 0.7, rollout: int = 200, policy: str = "uniform", reward: str = "win",
                 eval: str = "game", prune: str = "game", bias: float = 0.0, worlds: str = "uniform",
                 focus: str = "all"):
        if iters is None and calls is None and seconds is None:
            iters = DEFAULT_ITERS
        for key, value in (("iters", iters), ("calls", calls), ("seconds", seconds)):
            if value is not None and value <= 0:
                raise ConfigError(f"ismcts: {key} must be positive, not {value}")
        if c < 0:
            raise ConfigError(f"ismcts: c must be at least 0, not {c}")
        if rollout < 0:
            raise ConfigError(f"ismcts: rollout must be at least 0, not {rollout}")
        if policy not in ("uniform", "kind", "heuristic"):
            raise ConfigError(f"ismcts: policy must be uniform, kind or heuristic, not {policy!r}")
        if reward not in ("win", "score"):
            raise ConfigError(f"ismcts: reward must be win or score, not {reward!r}")
        if eval not in ("game", "none"):
            raise ConfigError(f"ismcts: eval must be game (the game's evaluator) or none, not {eval!r}")
        if bias < 0:
            raise ConfigError(f"ismcts: bias must be at least 0, not {bias}")
        if prune not in ("game", "none"):
            raise ConfigError(f"ismcts: prune must be game (the game's advice) or none, not {prune!r}")
        if worlds not in ("uniform", "belief"):
            raise ConfigError(f"ismcts: worlds must be uniform (view.sample) or belief (the game's advice), "
                              f"not {worlds!r}")
        if focus not in ("all", "kinds"):
            raise ConfigError(f"ismcts: focus must be all or kinds (the bot's move against other kinds), "
                              f"not {focus!r}")
        self.iters, self.calls, self.seconds = iters, calls, seconds
        self.c, self.rollout, self.policy, self.reward = c, rollout, policy, reward
        self.eval, self.prune, self.bias, self.worlds = eval, prune, bias, worlds
        self.focus = focus
        self.last_iterations = 0  # of the latest act(), for benchmarks and tests
        self.last_calls = 0
        self._started: float | None = None  # when the running act() began: ``seconds`` counts from there

    @classmethod
    def from_params(cls, params: dict[str, str], game: str | None = None) -> ISMCTS:
        """From a spec's parameters (strings), over the game's own defaults when a game is named."""
        kwargs: dict[str, Any] = defaults_for(game) if game else {}
        for key, text in params.items():
            kind = cls.PARAMS.get(key)
            if kind is None:
                raise ConfigError(f"ismcts has no parameter {key!r}; its parameters: {', '.join(cls.PARAMS)}")
            try:
                kwargs[key] = kind(text)
            except ValueError:
                raise ConfigError(f"ismcts: {key} expects a{'n integer' if kind is int else ' number'}, "
                                  f"not {text!r}") from None
        return cls(**kwargs)

    # ---- the search -----------------------------------------------------------------------------------

    def _belief(self, view: View) -> tuple[Callable[[random.Random], Any], set[Action] | None]:
        """With ``worlds=belief``: the game's ``determinizer(view)`` (worlds drawn from the seat's belief, not
        uniformly) and its ``root_actions(view, legal)`` (the moves worth searching at the root, which may
        include moves the game's ``search_actions`` leaves out of uniform worlds, such as accusations)."""
        advice = _advice(view.game.name)
        make = getattr(advice, "determinizer", None)
        if make is None:
            raise ConfigError(f"ismcts: {view.game.name} gives no belief to draw worlds from (worlds=belief)")
        roots = getattr(advice, "root_actions", None)
        return make(view), (set(roots(view, view.legal_actions)) if roots is not None else None)

    def act(self, view: View, rng: random.Random) -> Action:
        self._started = self.clock() if self.seconds is not None else None
        try:
            return self._act(view, rng)
        finally:
            self._started = None

    def _act(self, view: View, rng: random.Random) -> Action:
        legal = view.legal_actions
        belief = self._belief(view) if self.worlds == "belief" and len(legal) > 1 else None
        if belief is not None and belief[1] is not None:
            legal = [a for a in legal if a in belief[1]] or legal
        elif len(legal) > 1 and self.prune == "game":
            prune = pruner_for(view.game.name)
            if prune is not None:  # the game's advice leaves one move worth making: no search needed
                worth = prune(view.sample(rng), view.seat, legal)
                if len(worth) == 1 or self.focus == "kinds":
                    legal = worth
        hint = None
        if len(legal) > 1 and (self.bias > 0 or self.focus == "kinds"):  # the move the game's own bot would make
            hint = heuristic_of(view.game.name).act(view, rng)
            if self.focus == "kinds":
                legal = [a for a in legal if a.kind != hint.kind] + [hint]
                belief = (belief[0] if belief is not None else view.sample, set(legal))
        if len(legal) == 1:
            self.last_iterations = self.last_calls = 0
            return legal[0]
        root = self.search(view, rng, hint, belief)
        aid = view.game.action_id
        base = view.seat * view.game.num_action_ids
        best, best_key = legal[0], (-1, 0.0)
        for a in legal:
            child = root.children.get(base + aid(a))
            if child is not None:
                key = (child.visits, child.total / child.visits if child.visits else 0.0)
                if key > best_key:
                    best, best_key = a, key
        if best_key[0] < 0:  # nothing searched (a budget too small for one iteration)
            return rng.choice(legal)
        return best

    def search(self, view: View, rng: random.Random, hint: Action | None = None,
               belief: tuple[Callable[[random.Random], Any], set[Action] | None] | None = None) -> Node:
        """The tree after the budget is spent; root.children are the deciding seat's actions.

        ``hint``, a root action, is tried first and gets a bonus of ``bias / visits`` (progressive bias,
        Chaslot et al. 2008): the search starts from a known good move and leaves it only for one that proves
        better in the sampled worlds."""
        root = Node(view.seat)
        game = view.game
        players = game.players
        ids = game.action_space.ids
        index = game.action_space.index  # by id() of the shared instances legal_actions gives: this is the hot loop
        width = game.num_action_ids
        me = view.seat
        c = self.c
        cap = self.rollout
        by_kind = self.policy == "kind"
        bot = heuristic_of(game.name) if self.policy == "heuristic" else None
        kind_of = attrgetter("kind")
        evaluate = evaluator_for(game.name) if self.eval == "game" else None
        prune = pruner_for(game.name) if self.prune == "game" else None
        clock = self.clock
        if self.seconds is not None:
            deadline = (self._started if self._started is not None else clock()) + self.seconds
        else:
            deadline = None
        max_iters = self.iters
        max_calls = self.calls
        log, sqrt = math.log, math.sqrt
        hint_key = me * width + ids[hint] if hint is not None else -1
        if belief is None and self.worlds == "belief":
            belief = self._belief(view)
        draw, root_moves = belief if belief is not None else (view.sample, None)
        bias = self.bias
        iterations = calls = 0
        while True:
            if max_iters is not None and iterations >= max_iters:
                break
            if max_calls is not None and calls >= max_calls:
                break
            if deadline is not None and iterations and clock() >= deadline:
                break
            world = draw(rng)
            node = root
            path = []
            seat = me
            # select and expand
            while not world.is_over:
                if node is not root:
                    actors = world.actors
                    seat = actors[0] if len(actors) == 1 else rng.choice(actors)
                legal = world.legal_actions(seat)
                if node is root and root_moves is not None:
                    legal = [a for a in legal if a in root_moves] or legal
                elif prune is not None:
                    legal = prune(world, seat, legal)
                children = node.children
                base = seat * width
                untried = []
                best = None
                best_action = None
                best_value = -1.0
                for a in legal:
                    child = children.get(base + index[id(a)])
                    if child is None:
                        untried.append(a)
                    else:
                        child.avail += 1
                        if not untried:
                            value = child.total / child.visits + c * sqrt(log(child.avail) / child.visits)
                            if node is root and base + index[id(a)] == hint_key:
                                value += bias / child.visits
                            if value > best_value:
                                best, best_action, best_value = child, a, value
                if untried:
                    if node is root and hint in untried:
                        action = hint
                    else:
                        action = untried[0] if len(untried) == 1 else rng.choice(untried)
                    child = Node(seat)
                    children[base + index[id(action)]] = child
                    world.apply(seat, action)
                    calls += 1
                    path.append(child)
                    break
                world.apply(seat, best_action)
                calls += 1
                path.append(best)
                node = best
            # roll out
            steps = 0
            while steps < cap and not world.is_over:
                actors = world.actors
                seat = actors[0] if len(actors) == 1 else rng.choice(actors)
                if bot is not None:
                    world.apply(seat, bot.act(View.of(world, seat), rng))
                    steps += 1
                    continue
                legal = world.legal_actions(seat)
                if prune is not None:
                    legal = prune(world, seat, legal)
                if by_kind:
                    kinds = list(dict.fromkeys(map(kind_of, legal)))  # in order of first appearance: reproducible
                    if len(kinds) > 1:
                        kind = kinds[rng.randrange(len(kinds))]
                        legal = [a for a in legal if a.kind == kind]
                world.apply(seat, legal[0] if len(legal) == 1 else rng.choice(legal))
                steps += 1
            calls += steps
            if evaluate is not None and not world.is_over:
                rewards = evaluate(world)
            else:
                rewards = self._rewards(world, players)
            for n in path:
                n.visits += 1
                n.total += rewards[n.seat]
            iterations += 1
        self.last_iterations, self.last_calls = iterations, calls
        return root

    def _rewards(self, world, players: int) -> list[float]:
        result = world.result
        if result is None:  # cut off by the rollout cap: nobody is known to be ahead
            return [1.0 / players if self.reward == "win" else 0.5] * players
        if self.reward == "win":
            winners = result.winners
            return [1.0 if s in winners else 0.0 for s in range(players)]
        scores = [float(result.scores.get(s, 0.0)) for s in range(players)]
        low, high = min(scores), max(scores)
        if high == low:
            return [0.5] * players
        return [(x - low) / (high - low) for x in scores]

    def __repr__(self) -> str:
        budget = "+".join(f"{k}={v}" for k, v in (("iters", self.iters), ("calls", self.calls),
                                                  ("seconds", self.seconds)) if v is not None)
        return (f"ismcts:{budget}+c={self.c}+rollout={self.rollout}+policy={self.policy}+reward={self.reward}"
                f"+eval={self.eval}+prune={self.prune}+bias={self.bias}+worlds={self.worlds}+focus={self.focus}")
