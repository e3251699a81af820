"""The compiled build (docs/compiled.md): C extensions for the modules where Cython gains most; all metadata is in
pyproject.toml.

What is compiled, by ``HEXBOX_COMPILE``:

- unset (the default): a regular install (``pip install .``, a wheel) compiles ``DEFAULT``, the modules whose
  compiled build gains at least 1.5x: none since Transylvania's pure Python got leaner (its modules gained 1.68x
  when they were chosen, 1.32-1.40x now); an editable install (``pip install -e .``) compiles nothing, since an
  extension module beside a .py file would shadow every edit of it. Without a C compiler the build goes on
  without the extensions: the pure-Python package is always complete.
- ``1``: every module of ``COMPILED`` (or the subset in ``HEXBOX_COMPILE_ONLY``), and a failure stops the build.
- ``0``: nothing, the pure-Python package.

Cython compiles the unchanged .py files (its pure-Python mode), only when a build runs; the .py files stay in the
wheel beside the extensions, and Python imports an extension before a source file of the same name.
"""

from __future__ import annotations

import os
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

# The modules that the playout loop (actors, legal_actions, apply) runs through: what HEXBOX_COMPILE=1 compiles.
# core's own, and each registered game's (``GameInfo.compiled``): setup.py lists no game of its own.
CORE = [
    "hexbox/core/game.py",
    "hexbox/core/actions.py",
    "hexbox/core/rng.py",
    "hexbox/core/view.py",
]


def registered() -> list[str]:
    """Every registered game's compiled modules, read from the registry. Registering a game imports only
    hexbox.core, which needs nothing but the standard library, so this runs before any dependency is installed."""
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, here)
    try:
        import hexbox.games  # noqa: F401  (registers every game)
        from hexbox.core.registry import game_info, games
    finally:
        sys.path.remove(here)
    # the games of this package (hexbox.games): a game registered from elsewhere (a test session's toy) is not built
    return [f"{game_info(name).package.replace('.', '/')}/{module}.py"
            for name in games() if game_info(name).builtin for module in game_info(name).compiled]


COMPILED = CORE + registered()


# Compiled by default where the compiled build gains >= 1.5x in CPU time (docs/compiled.md, measured per game):
# no game's modules do now. Transylvania's did (1.68x) until its pure Python got 2.1x leaner; they gain 1.32-1.40x.
DEFAULT: list[str] = []

ON, OFF = ("1", "true", "yes", "on"), ("0", "false", "no", "off")


def editable() -> bool:
    """pip's editable install runs setuptools' ``editable_wheel`` (``develop`` in the older way)."""
    return any(command in sys.argv[1:] for command in ("editable_wheel", "develop"))


def required() -> bool:
    """With HEXBOX_COMPILE=1 a module that does not compile stops the build; by default it is left pure."""
    return os.environ.get("HEXBOX_COMPILE", "").strip().lower() in ON


def chosen() -> list[str]:
    """The modules this build compiles."""
    value = os.environ.get("HEXBOX_COMPILE", "").strip().lower()
    if value in OFF:
        return []
    if value in ON:
        # HEXBOX_COMPILE_ONLY=a.py,b.py (a subset of COMPILED) measures what compiling each set gains
        only = [p.strip() for p in os.environ.get("HEXBOX_COMPILE_ONLY", "").split(",") if p.strip()]
        unknown = sorted(set(only) - set(COMPILED))
        if unknown:
            raise SystemExit(f"HEXBOX_COMPILE_ONLY names modules that setup.py does not compile: {unknown}")
        return only or COMPILED
    if value:
        raise SystemExit(f"HEXBOX_COMPILE={value!r}: use 1 (compile every module of COMPILED), 0 (none), or leave "
                         "it unset (the default: DEFAULT, in a regular install)")
    return [] if editable() else DEFAULT


def ext_modules() -> list[Extension]:
    """One extension per chosen module, its .py file as the source: Cython translates it when a build runs."""
    return [Extension(path[:-3].replace("/", "."), [path]) for path in chosen()]


class CythonBuildExt(build_ext):
    """Translates the modules with Cython when the extensions are built (build_ext runs; not when pip only reads the
    metadata), and in the default build leaves a module pure where Cython or a C compiler is missing."""

    def finalize_options(self) -> None:
        # translated here, before setuptools finalizes the extensions: it gives each one attributes that its
        # build_extension reads (an extension made by cythonize afterwards lacks them, and the build then fails)
        self.distribution.ext_modules = self.translated(self.distribution.ext_modules or [])
        super().finalize_options()

    @staticmethod
    def translated(extensions: list[Extension]) -> list[Extension]:
        if not extensions:
            return []
        try:
            from Cython.Build import cythonize
        except ImportError:
            if required():
                raise SystemExit("HEXBOX_COMPILE=1 needs Cython: pip install cython") from None
            print("hexbox: Cython is not installed; installing the pure-Python package", file=sys.stderr)
            return []
        return cythonize(
            extensions,
            build_dir="build/cython",  # the generated .c files stay out of the source tree
            # annotation_typing=False: Cython would otherwise turn `seat: int` into a check that refuses None or a
            # float with a TypeError before the gate can say IllegalAction; the annotations stay hints, as in Python
            compiler_directives={"language_level": "3", "annotation_typing": False},
            nthreads=int(os.environ.get("HEXBOX_COMPILE_JOBS", "0")),
            quiet=True,
        )

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as exc:  # the compiler's errors come in several classes; all mean the same here
            if required():
                raise
            print(f"hexbox: {ext.name} was not compiled ({exc}); it stays pure Python", file=sys.stderr)


setup(ext_modules=ext_modules(), cmdclass={"build_ext": CythonBuildExt})
