"""Play a variant's games and keep their lines: what ``compare`` and ``tune`` run (``simulate`` streams instead)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hexbox.core import ConfigError, game_info

from .runner import jobs_for, run
from .variant import Variant


def agents_for(game: str, players: int, agents: str | None) -> list[str]:
    """One spec per seat from "random" or "heuristic,random,…"; ConfigError if the count is wrong."""
    from hexbox.agents import make_agent

    specs = [s.strip() for s in (agents or "random").split(",")]
    if len(specs) == 1:
        specs *= players
    if len(specs) != players:
        raise ConfigError(f"--agents: give one agent or one per seat ({players}), not {len(specs)}")
    for s in set(specs):
        make_agent(s, game)
    return specs


def players_for(variant: Variant, players: int | None) -> int:
    info = game_info(variant.game)
    return players or variant.players or info.default_players or info.min_players


def play_variant(variant: Variant, players: int, agents: list[str], games: int, seed: int, workers: int = 1,
                 rotate: bool = False, first_index: int = 0, save: Path | None = None,
                 ray_address: str | None = None) -> list[dict[str, Any]]:
    """Games ``first_index`` .. ``first_index + games - 1`` of the variant's plan (the seeds depend on ``seed`` and
    the index alone, so every variant run with one seed meets the same deals); written to ``save`` if given. On
    Ray (``ray_address``) the variant's overlay travels with the tasks."""
    plan = jobs_for(variant.game, players, agents, first_index + games, seed, variant.options, rotate,
                    variant.name or None)
    lines = list(run(plan[first_index:], workers=workers, stats=True, overlays=variant.overlays,
                     ray_address=ray_address))
    if save is not None:
        write_lines(save, lines)
    return lines


def replay_on(variant: Variant, lines: list[dict[str, Any]], workers: int = 1,
              ray_address: str | None = None) -> list[dict[str, Any]]:
    """The variant's games on the seeds, seats and agents of another run's lines: paired with them."""
    from .runner import GameJob

    todo = [GameJob(variant.game, line["players"], tuple(line["agents"]), line["seed"], line["index"],
                    dict(variant.options), variant.name or None) for line in lines]
    return list(run(todo, workers=workers, stats=True, overlays=variant.overlays, ray_address=ray_address))


def write_lines(path: Path, lines: list[dict[str, Any]]) -> None:
    """A results file of these lines (ConfigError in one line if it cannot be written)."""
    try:
        with path.open("w", encoding="utf-8") as f:
            f.writelines(json.dumps(line) + "\n" for line in lines)
    except OSError as exc:
        raise ConfigError(f"cannot write {path}: {exc.strerror}") from None
