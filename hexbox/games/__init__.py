"""The built-in games. Each package's __init__ only registers (name, players, options); rules load lazily."""

from . import werebeasts  # noqa: F401
