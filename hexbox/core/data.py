"""Reading a game's data file (TOML) from inside its package. Each game validates what it reads."""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any

from .errors import ConfigError


class DataError(ConfigError):
    """A game's data file is malformed: the game cannot be set up from it."""


def read_toml(package: str, filename: str) -> dict[str, Any]:
    try:
        text = resources.files(package).joinpath(filename).read_text(encoding="utf-8")
        return tomllib.loads(text)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise DataError(f"{package}/{filename}: {exc}") from None


def require(condition: bool, where: str, message: str) -> None:
    if not condition:
        raise DataError(f"{where}: {message}")
