"""The built-in games. Each package's __init__ only registers (name, players, options); rules load lazily."""

from . import prowl, werebeasts  # noqa: F401
from . import voodoo  # noqa: F401
from . import growl  # noqa: F401
