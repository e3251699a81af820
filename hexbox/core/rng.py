"""The one source of chance inside a state: a seeded generator that clones with its state."""

from __future__ import annotations

import random


class Rng(random.Random):
    """``random.Random`` with a cheap :meth:`clone`; a state owns exactly one and advances it only in ``apply``."""

    def clone(self) -> Rng:
        twin = Rng.__new__(Rng)
        twin.setstate(self.getstate())
        return twin


def derive_seed(master: int, index: int) -> int:
    """A seed for game ``index`` of a run started with ``master``: stable across processes and machines."""
    return random.Random(f"hexbox:{master}:{index}").getrandbits(63)
