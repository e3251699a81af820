"""Train MaskablePPO (sb3-contrib) in seat 0 of a hexbox game against bots, then measure it (docs/learning/).

    pip install -e '.[learn]'
    python examples/train_ppo.py --game prowl --players 2 --opponents mixed --minutes 15 --out runs/prowl

The learner sees only what hexbox.adapters.pettingzoo gives a seat: the encoder's vector of ``observe(0)`` and
the action mask. The other seats are hexbox bots that act, as in ``hexbox play``/``simulate``, from their own
``View.of(state, seat)`` (their observation and legal actions, never the state). Writes to --out: policy.zip
(``MaskablePPO.load``), curve.csv and curve.png (win rate of recent training episodes), eval.json (win rates
with 95% Wilson intervals against random and heuristic opponents, for the policy and for a uniform-random
policy in the same seat; the policy's masked choices are counted: ``mask_violations`` must be 0).
"""

from __future__ import annotations

import argparse
import csv
import json
import random
import sys
import time
from collections import deque
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np

from hexbox.adapters.pettingzoo import env as aec_env
from hexbox.agents import make_agent
from hexbox.core import View
from hexbox.core.report import rate

LEARNER = "seat_0"
OPPONENT_KINDS = ("random", "heuristic")


class SeatZeroEnv(gym.Env):
    """One seat of the AEC env as a gymnasium env: the bots play every other seat between the learner's turns.

    ``opponents``: "random", "heuristic" or "mixed" (each opponent seat drawn anew every game, heuristic with
    probability ``heuristic_share``). The reward is the
    adapter's, +1 a win and -1 otherwise, given at the learner's last step of the game.
    """

    metadata = {"render_modes": []}

    def __init__(self, game: str, players: int, opponents: str = "random", seed: int = 0, max_steps: int = 2000,
                 heuristic_share: float = 0.5):
        super().__init__()
        if opponents not in (*OPPONENT_KINDS, "mixed"):
            raise ValueError(f"opponents must be random, heuristic or mixed, not {opponents!r}")
        self.aec = aec_env(game, players=players, max_steps=max_steps)
        self.raw = self.aec.unwrapped
        self.players = players
        self.opponents = opponents
        self.heuristic_share = heuristic_share
        self.bots = {kind: make_agent(kind, game) for kind in OPPONENT_KINDS}
        self.deals = random.Random(seed)  # the deals and the opponents: the same sequence whoever sits in seat 0
        self.rng = random.Random(seed + 1)  # the bots' own chance
        self.games = 0
        space = self.aec.observation_space(LEARNER)
        self.observation_space = space["observation"]
        self.action_space = self.aec.action_space(LEARNER)
        self._mask = np.zeros(self.action_space.n, np.int8)
        self.seat_bots: dict[int, str] = {}

    # ---- gymnasium -----------------------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None):
        super().reset(seed=seed)
        if seed is not None:
            self.deals, self.rng = random.Random(seed), random.Random(seed + 1)
        self.aec.reset(seed=self.deals.randrange(1 << 31))
        self.games += 1
        self.seat_bots = {s: self._draw() for s in range(1, self.players)}
        obs, _, done = self._advance()
        if done:  # a game over before seat 0 ever acts (never in these games): deal again
            return self.reset()
        return obs, {"opponents": self.opponent_label()}

    def step(self, action):
        mask = self._mask
        if not mask[int(action)]:
            raise ValueError(f"seat 0 was handed a masked action {int(action)}")
        self.aec.step(int(action))
        obs, reward, done = self._advance()
        info: dict[str, Any] = {"opponents": self.opponent_label()}
        if done:
            info["won"] = reward > 0
        truncated = done and bool(self.raw.truncations[LEARNER]) and not self.raw.state.is_over
        return obs, reward, done and not truncated, truncated, info

    def action_masks(self) -> np.ndarray:
        """What sb3-contrib's MaskablePPO asks for: the legal action ids of seat 0 now."""
        return self._mask.astype(bool)

    # ---- between the learner's turns ---------------------------------------------------------------------

    def _draw(self) -> str:
        if self.opponents == "mixed":
            return "heuristic" if self.deals.random() < self.heuristic_share else "random"
        return self.opponents

    def opponent_label(self) -> str:
        kinds = set(self.seat_bots.values())
        return kinds.pop() if len(kinds) == 1 else "mixed"

    def _advance(self) -> tuple[np.ndarray, float, bool]:
        """Let the bots act until it is seat 0's turn or the game is over: (observation, reward, over)."""
        raw = self.raw
        while True:
            if raw.terminations[LEARNER] or raw.truncations[LEARNER]:
                obs = self.aec.observe(LEARNER)
                self._mask = np.zeros_like(self._mask)
                return obs["observation"], float(raw.rewards[LEARNER]), True
            agent = self.aec.agent_selection
            seat = int(agent.removeprefix("seat_"))
            if agent == LEARNER:
                obs = self.aec.observe(LEARNER)
                self._mask = obs["action_mask"]
                return obs["observation"], 0.0, False
            bot = self.bots[self.seat_bots[seat]]
            state = raw.state
            action = bot.act(View.of(state, seat), self.rng)  # the bot's own view: observe(seat), legal actions
            self.aec.step(raw.game.action_id(action))


# ---- evaluation --------------------------------------------------------------------------------------------


def evaluate(policy, game: str, players: int, opponents: str, games: int, seed: int,
             deterministic: bool = True) -> dict[str, Any]:
    """Seat 0 played by ``policy`` (a MaskablePPO, or None: uniform over the legal actions) for ``games`` games.

    Every choice of the policy is checked against the mask; a masked choice is counted (it must never happen)
    and replaced by a random legal action so that the game goes on."""
    env = SeatZeroEnv(game, players, opponents, seed=seed)
    rng = np.random.default_rng(seed)
    wins = decisions = violations = 0
    for _ in range(games):
        obs, _ = env.reset()
        done = False
        while not done:
            mask = env.action_masks()
            if policy is None:
                action = int(rng.choice(np.flatnonzero(mask)))
            else:
                action, _ = policy.predict(obs, action_masks=mask, deterministic=deterministic)
                action = int(action)
                if not mask[action]:
                    violations += 1
                    action = int(rng.choice(np.flatnonzero(mask)))
            decisions += 1
            obs, reward, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        wins += bool(info.get("won"))
    out = rate(wins, games)
    out.update(decisions=decisions, mask_violations=violations)
    return out


# ---- training ------------------------------------------------------------------------------------------


def make_callback(minutes: float | None, every: int, rows: list[dict[str, Any]], window: int):
    from stable_baselines3.common.callbacks import BaseCallback

    class Progress(BaseCallback):
        """Stops at the wall-time limit; every ``every`` steps, a row of recent training win rates."""

        def _on_training_start(self) -> None:
            self.start = time.monotonic()
            self.recent: dict[str, deque] = {k: deque(maxlen=window) for k in ("all", *OPPONENT_KINDS)}
            self.episodes = 0
            self.next_row = every

        def _on_step(self) -> bool:
            for done, info in zip(self.locals["dones"], self.locals["infos"]):
                if done and "won" in info:
                    self.episodes += 1
                    self.recent["all"].append(info["won"])
                    if info.get("opponents") in OPPONENT_KINDS:
                        self.recent[info["opponents"]].append(info["won"])
            elapsed = time.monotonic() - self.start
            if self.num_timesteps >= self.next_row:
                self.next_row += every
                self._row(elapsed)
            return minutes is None or elapsed < minutes * 60

        def _on_training_end(self) -> None:
            if not rows or rows[-1]["timesteps"] != self.num_timesteps:
                self._row(time.monotonic() - self.start)

        def _row(self, elapsed: float) -> None:
            row = {"timesteps": self.num_timesteps, "seconds": round(elapsed, 1), "episodes": self.episodes}
            for k, q in self.recent.items():
                row[f"win_rate_{k}"] = round(sum(q) / len(q), 4) if q else ""
            rows.append(row)
            print(f"  {row}", flush=True)

    return Progress()


def write_curve(rows: list[dict[str, Any]], out: Path) -> None:
    fields = ["timesteps", "seconds", "episodes", "win_rate_all", *(f"win_rate_{k}" for k in OPPONENT_KINDS)]
    with (out / "curve.csv").open("w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=fields)
        w.writeheader()
        w.writerows(rows)


def plot(out: Path) -> None:
    """curve.png from curve.csv and eval.json in ``out``: the training curve, the final evaluation with its 95%
    intervals, and the random-policy baseline."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    with (out / "curve.csv").open() as f:
        rows = list(csv.DictReader(f))
    report = json.loads((out / "eval.json").read_text())
    fig, ax = plt.subplots(figsize=(7.5, 4.5))
    colours = {"random": "tab:blue", "heuristic": "tab:red", "all": "grey"}
    mixed = report["train_opponents"] == "mixed"
    for k in ("all", *OPPONENT_KINDS) if mixed else OPPONENT_KINDS:
        pts = [(int(r["timesteps"]), float(r[f"win_rate_{k}"])) for r in rows if r[f"win_rate_{k}"]]
        if pts:
            xs, ys = zip(*pts)
            ax.plot(xs, ys, color=colours[k], lw=1.5 if k != "all" else 1, ls="-" if k != "all" else ":",
                    label=f"training games vs {k} (last 1,000, sampled actions)")
    end = report["timesteps"]
    n = report["eval_games_per_opponent"]
    how = "argmax" if "argmax" in report["eval_policy"] else "sampled"
    for k in OPPONENT_KINDS:
        r, b = report["policy"][k], report["random_policy_baseline"][k]
        ax.errorbar([end], [r["rate"]], yerr=[[r["rate"] - r["low"]], [r["high"] - r["rate"]]], fmt="o",
                    color=colours[k], capsize=4, label=f"final policy vs {k}: {r['rate']:.2f} ({n} games, {how})")
        ax.axhline(b["rate"], color=colours[k], ls="--", lw=1, label=f"random policy vs {k}: {b['rate']:.2f}")
    ax.set_xlabel("timesteps (seat 0's decisions)")
    ax.set_ylabel("win rate of seat 0")
    ax.set_ylim(0, 1)
    ax.set_title(f"MaskablePPO, {report['game']} {report['players']} players, seat 0, "
                 f"trained vs {report['train_opponents']}")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7.5, loc="upper left")
    fig.tight_layout()
    fig.savefig(out / "curve.png", dpi=120)
    plt.close(fig)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="prowl")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--opponents", choices=("random", "heuristic", "mixed"), default="mixed",
                   help="who plays the other seats during training")
    p.add_argument("--heuristic-share", type=float, default=0.5,
                   help="mixed: the chance that an opponent seat is the heuristic bot in a training game")
    p.add_argument("--timesteps", type=int, default=2_000_000, help="at most this many of seat 0's decisions")
    p.add_argument("--minutes", type=float, default=None, help="stop training after this wall time")
    p.add_argument("--eval-games", type=int, default=500, help="games against each kind of opponent")
    p.add_argument("--out", type=Path, default=Path("runs/ppo"))
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--envs", type=int, default=8, help="games played side by side (one process)")
    p.add_argument("--n-steps", type=int, default=256, help="rollout length per env between updates")
    p.add_argument("--batch-size", type=int, default=256)
    p.add_argument("--epochs", type=int, default=4)
    p.add_argument("--lr", type=float, default=3e-4)
    p.add_argument("--ent-coef", type=float, default=0.01)
    p.add_argument("--gamma", type=float, default=0.99)
    p.add_argument("--net", default="256,256", help="hidden layer sizes of the policy and value networks")
    p.add_argument("--threads", type=int, default=1, help="torch threads (the machine is shared)")
    p.add_argument("--sample", action="store_true", help="evaluate with sampled actions instead of the argmax")
    p.add_argument("--evaluate-only", action="store_true",
                   help="no training: evaluate --out's policy.zip again (its eval.json keeps the training facts)")
    p.add_argument("--smoke", action="store_true", help="a short run: a few hundred steps, 20 evaluation games")
    a = p.parse_args(argv)
    if a.smoke:
        a.timesteps, a.eval_games, a.envs, a.n_steps, a.batch_size, a.epochs = 256, 20, 2, 64, 64, 1
        a.net = "64"
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import DummyVecEnv

    torch.set_num_threads(a.threads)
    a.out.mkdir(parents=True, exist_ok=True)
    net = [int(x) for x in a.net.split(",") if x]
    hyper = dict(n_steps=a.n_steps, batch_size=a.batch_size, n_epochs=a.epochs, learning_rate=a.lr,
                 ent_coef=a.ent_coef, gamma=a.gamma, gae_lambda=0.95, clip_range=0.2,
                 policy_kwargs=dict(net_arch=dict(pi=net, vf=net)))
    if a.evaluate_only:
        before = json.loads((a.out / "eval.json").read_text())
        trained = {k: before[k] for k in ("train_opponents", "timesteps", "train_seconds", "hyperparameters")}
    else:
        venv = DummyVecEnv([lambda i=i: SeatZeroEnv(a.game, a.players, a.opponents, seed=a.seed * 1000 + i,
                                                        heuristic_share=a.heuristic_share)
                            for i in range(a.envs)])
        model = MaskablePPO("MlpPolicy", venv, seed=a.seed, verbose=0, device="cpu", **hyper)
        rows: list[dict[str, Any]] = []
        every = max(a.envs * a.n_steps, 256 if a.smoke else 10_000)
        print(f"training MaskablePPO on {a.game} ({a.players} players), seat 0 vs {a.opponents}: "
              f"up to {a.timesteps} steps" + (f" or {a.minutes} min" if a.minutes else ""), flush=True)
        start = time.monotonic()
        model.learn(total_timesteps=a.timesteps, callback=make_callback(a.minutes, every, rows, window=1000))
        train_seconds = time.monotonic() - start
        model.save(a.out / "policy.zip")
        write_curve(rows, a.out)
        print(f"trained {model.num_timesteps} steps in {train_seconds:.0f} s", flush=True)
        trained = {
            "train_opponents": a.opponents, "timesteps": int(model.num_timesteps),
            "train_seconds": round(train_seconds, 1),
            "hyperparameters": {**{k: v for k, v in hyper.items() if k != "policy_kwargs"}, "net_arch": net,
                                "n_envs": a.envs, "seed": a.seed, "torch_threads": a.threads,
                                **({"heuristic_share": a.heuristic_share} if a.opponents == "mixed" else {})},
        }

    start = time.monotonic()
    policy = MaskablePPO.load(a.out / "policy.zip", device="cpu")  # what is measured is what was saved
    deterministic = not a.sample
    results = {k: evaluate(policy, a.game, a.players, k, a.eval_games, 10_000 + a.seed, deterministic)
               for k in OPPONENT_KINDS}
    baseline = {k: evaluate(None, a.game, a.players, k, a.eval_games, seed=10_000 + a.seed)
                for k in OPPONENT_KINDS}
    eval_seconds = time.monotonic() - start
    violations = sum(r["mask_violations"] for r in results.values())
    report = {
        "game": a.game, "players": a.players, "seat": 0, **trained,
        "eval_seconds": round(eval_seconds, 1), "eval_games_per_opponent": a.eval_games,
        "eval_policy": "masked (action_masks=), " + ("argmax (deterministic=True)" if deterministic
                                                     else "sampled (deterministic=False)"),
        "eval_deals": "the same seeded deals (and opponents' draws) for the policy and the baseline",
        "policy": results,
        "random_policy_baseline": baseline,
        "mask_violations": violations,
    }
    (a.out / "eval.json").write_text(json.dumps(report, indent=2) + "\n")
    plot(a.out)
    for k in OPPONENT_KINDS:
        r, b = results[k], baseline[k]
        print(f"vs {k:9}: policy {r['rate']:.3f} [{r['low']:.3f}, {r['high']:.3f}]   "
              f"random policy {b['rate']:.3f} [{b['low']:.3f}, {b['high']:.3f}]   ({a.eval_games} games)")
    print(f"mask violations: {violations}; wrote {a.out}/policy.zip, curve.csv, curve.png, eval.json")
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main())
