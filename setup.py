"""The optional compiled build (docs/compiled.md); without HEXBOX_COMPILE=1 this is exactly the pure-Python wheel.

All of the project's metadata is in pyproject.toml; this file only adds C extensions, and only when asked::

    pip install cython && HEXBOX_COMPILE=1 pip install --no-build-isolation .

Cython compiles the unchanged .py files (its pure-Python mode); the .py files stay in the wheel beside the
extensions, and Python imports an extension before a source file of the same name. Without the variable Cython is
never imported, so the default build needs neither Cython nor a C compiler.
"""

from __future__ import annotations

import os

from setuptools import setup

# The modules that the playout loop (actors, legal_actions, apply) runs through: the one list of what is compiled.
COMPILED = [
    "hexbox/core/game.py",
    "hexbox/core/actions.py",
    "hexbox/core/rng.py",
    "hexbox/core/view.py",
    "hexbox/games/werebeasts/rules.py",
    "hexbox/games/prowl/rules.py",
    "hexbox/games/prowl/effects.py",
    "hexbox/games/prowl/scoring.py",
    "hexbox/games/growl/rules.py",
    "hexbox/games/growl/night.py",
    "hexbox/games/growl/spells.py",
    "hexbox/games/voodoo/rules.py",
    "hexbox/games/voodoo/curses.py",
    "hexbox/games/voodoo/artefacts.py",
    "hexbox/games/transylvania/rules.py",
    "hexbox/games/transylvania/play.py",
    "hexbox/games/transylvania/legal.py",
    "hexbox/games/transylvania/board.py",
    "hexbox/games/transylvania/abilities.py",
]


def wanted() -> bool:
    return os.environ.get("HEXBOX_COMPILE", "").strip().lower() in ("1", "true", "yes", "on")


def ext_modules() -> list:
    if not wanted():
        return []
    from Cython.Build import cythonize  # only here: the default build never needs Cython

    # HEXBOX_COMPILE_ONLY=a.py,b.py (a subset of COMPILED) measures what compiling each set gains
    only = [p.strip() for p in os.environ.get("HEXBOX_COMPILE_ONLY", "").split(",") if p.strip()]
    unknown = sorted(set(only) - set(COMPILED))
    if unknown:
        raise SystemExit(f"HEXBOX_COMPILE_ONLY names modules that setup.py does not compile: {unknown}")
    return cythonize(
        only or COMPILED,
        build_dir="build/cython",  # the generated .c files stay out of the source tree
        # annotation_typing=False: Cython would otherwise turn `seat: int` into a check that refuses None or a
        # float with a TypeError before the gate can say IllegalAction; the annotations stay hints, as in Python
        compiler_directives={"language_level": "3", "annotation_typing": False},
        nthreads=int(os.environ.get("HEXBOX_COMPILE_JOBS", "0")),
    )


setup(ext_modules=ext_modules())
