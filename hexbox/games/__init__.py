"""The built-in games. Each package's __init__ only registers (name, players, options); rules load lazily.

A game is added by its package and the one line below that imports it (docs/adding-a-game.md): nothing else in
hexbox lists the games.

`hexbox.games()` is the public way to list the games (docs/design.md §2), and `hexbox.games` is also this package.
A function of that name would hide the package (`import hexbox.games.prowl.rules as r` would fail), so the
package itself is made callable instead.
"""

import sys
import types

from hexbox.core.registry import games as _registered

from . import growl, prowl, transylvania, voodoo, werebeasts  # noqa: F401


class _GamesPackage(types.ModuleType):
    def __call__(self) -> list[str]:
        """The sorted names of the registered games."""
        return _registered()


sys.modules[__name__].__class__ = _GamesPackage
