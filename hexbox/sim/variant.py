"""Variants as data: a game's options plus an optional overlay of its own ``cards.toml``, in one small TOML file.

    game = "growl"                      # which game the variant is of
    name = "two-wolves-at-6"            # optional: the file's name without .toml
    players = 6                         # optional: the player count it is meant for
    description = "one more Wolf Zero"  # optional

    [options]                           # the game's options (`hexbox games` lists them)
    holy_water = 1

    [overlay.setup.starter]             # cards.toml, changed value by value
    6 = [2, 4]
    [overlay.card.gold]                 # a list of tables ([[card]]) is changed by entry id
    copies.base = 11

An overlay is validated exactly as the game validates its own data, by the game's own loading code run on the
overlaid data: an overlay the game would refuse is refused here with its one-line reason, and a key the data does
not have, or a value of another type, is refused naming the key.

A game's modules read their data once, when imported, so an overlay is never laid over the data of a running
process: games of a variant with an overlay are played in fresh worker processes that lay it before they import
the game (``hexbox.sim.runner``); the data of every other run, in this process or another, is left as it was.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hexbox.core import ConfigError, DataError, game_info, load_with
from hexbox.core.data import overlaid, overlay, refuse_fixed
from hexbox.core.loading import catalogue_of

KEYS = ("game", "name", "players", "description", "options", "overlay")


@dataclass(frozen=True)
class Variant:
    game: str
    name: str = ""  # "" for the game as printed
    options: dict[str, Any] = field(default_factory=dict)
    overlay: dict[str, Any] = field(default_factory=dict)
    players: int | None = None
    description: str = ""

    @property
    def label(self) -> str:
        return self.name or "as printed"

    @property
    def overlays(self) -> dict[str, dict[str, Any]] | None:
        """package -> overlay, what a worker process lays before it imports the game; None without overlay."""
        return {game_info(self.game).package: self.overlay} if self.overlay else None

    def digest(self) -> str:
        """A short fingerprint of what the variant changes: two files of the same name but other changes differ."""
        text = json.dumps([self.game, self.options, self.overlay], sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:12]

    def changed_paths(self, other: Variant | None = None) -> list[str]:
        """The knobs this variant sets differently from ``other`` (the game as printed when None), as dotted paths:
        ``options.NAME`` and ``overlay.a.b.c``."""
        from hexbox.core.data import leaves

        base_options = other.options if other else {}
        base_overlay = dict(leaves(other.overlay)) if other else {}
        out = [f"options.{k}" for k, v in sorted(self.options.items()) if base_options.get(k) != v]
        out += [f"options.{k}" for k in sorted(set(base_options) - set(self.options))]
        mine = dict(leaves(self.overlay))
        out += [f"overlay.{k}" for k, v in mine.items() if base_overlay.get(k) != v]
        out += [f"overlay.{k}" for k in base_overlay if k not in mine]
        return out

    def with_changes(self, name: str, options: dict[str, Any], over: dict[str, Any]) -> Variant:
        """This variant with more options and overlay values (``tune``'s candidates); validated again."""
        merged = _deep_merge(self.overlay, over)
        v = Variant(self.game, name, {**self.options, **options}, merged, self.players, self.description)
        v.check()
        return v

    def check(self, where: str = "") -> None:
        """ConfigError (one line, naming the key) unless the game can be set up with these options and data."""
        prefix = f"{where}: " if where else ""
        try:
            load_with(self.game, self.players, self.options)
        except ConfigError as exc:
            raise ConfigError(f"{prefix}{exc}") from None
        if self.overlay:
            try:
                validate_overlay(self.game, self.overlay)
            except DataError as exc:
                raise ConfigError(f"{prefix}{exc}") from None


def as_printed(game: str, options: dict[str, Any] | None = None, players: int | None = None) -> Variant:
    game_info(game)
    return Variant(game, "", dict(options or {}), {}, players)


def validate_overlay(game: str, over: dict[str, Any]) -> None:
    """Run the game's own data loading (its ``cards`` module, freshly, not the one in use) on the overlaid data.

    DataError: an unknown key or a value of the wrong type (named), a key the game declares fixed (its words, or a
    value its code cannot play: ``FIXED`` in its cards.py, with the reason), or the reason the game refuses the data.
    """
    package = game_info(game).package
    overlay(_raw_cards(package), over)  # the key-by-key check, with its clear names
    spec = importlib.util.find_spec(f"{package}.cards")
    if spec is None or spec.loader is None:
        raise DataError(f"{game} reads no cards.toml: it has no data to overlay")
    refuse_fixed(over, fixed_keys(game))
    module = importlib.util.module_from_spec(spec)  # a copy of its own: the module in use keeps its data
    with overlaid(package, over):
        try:
            spec.loader.exec_module(module)
        except DataError:
            raise
        except Exception as exc:  # noqa: BLE001 - whatever the data module trips on is a refusal, never a crash
            raise DataError(f"{game} cannot read its data with this overlay: {type(exc).__name__} {exc}") from None


def fixed_keys(game: str) -> dict[str, str]:
    """The keys of a game's cards.toml that an overlay may not change, pattern -> reason (``FIXED`` in its cards.py):
    its words, and the values its code cannot play otherwise."""
    try:
        module = importlib.import_module(f"{game_info(game).package}.cards")
    except ModuleNotFoundError:
        return {}
    return dict(getattr(module, "FIXED", {}))


def _raw_cards(package: str) -> dict[str, Any]:
    return catalogue_of(package)()


def _deep_merge(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    out = dict(a)
    for k, v in b.items():
        out[k] = _deep_merge(out[k], v) if isinstance(v, dict) and isinstance(out.get(k), dict) else v
    return out


def read_toml_file(path: Path) -> dict[str, Any]:
    """A designer's TOML file (a variant, a search space), parsed: ConfigError in one line if it cannot be."""
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ConfigError(f"cannot read {path}: {exc.strerror}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path} is not TOML: {exc}") from None


def read_variant(path: Path, game: str | None = None) -> Variant:
    """A variant file, checked: ConfigError (one line, naming the file and the key) for anything unusable."""
    raw = read_toml_file(path)
    unknown = sorted(set(raw) - set(KEYS))
    if unknown:
        raise ConfigError(f"{path}: unknown key {unknown[0]!r}; a variant has {', '.join(KEYS)}")
    name_of_game = raw.get("game", game)
    if not isinstance(name_of_game, str):
        raise ConfigError(f"{path}: say which game it is a variant of: game = \"werebeasts\"")
    if game is not None and name_of_game != game:
        raise ConfigError(f"{path} is a variant of {name_of_game}, not of {game}")
    try:
        game_info(name_of_game)
    except ConfigError as exc:
        raise ConfigError(f"{path}: {exc}") from None
    options, over = raw.get("options", {}), raw.get("overlay", {})
    if not isinstance(options, dict) or not isinstance(over, dict):
        raise ConfigError(f"{path}: [options] and [overlay] are tables")
    players = raw.get("players")
    if players is not None and (not isinstance(players, int) or isinstance(players, bool)):
        raise ConfigError(f"{path}: players is a whole number, not {players!r}")
    name = raw.get("name", path.stem)
    if not isinstance(name, str) or not name:
        raise ConfigError(f"{path}: name is a non-empty string")
    v = Variant(name_of_game, name, dict(options), dict(over), players, str(raw.get("description", "")))
    v.check(str(path))
    return v

