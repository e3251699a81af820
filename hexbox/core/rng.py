"""The one source of chance inside a state: a seeded generator whose clones cost nothing until they draw.

Copying a Mersenne Twister's state takes tens of microseconds, more than cloning a whole game state, and
search clones states far more often than it draws from them. So a clone shares its parent's generator and
the first of them to draw afterwards takes a private copy (copy-on-write).
"""

from __future__ import annotations

import numbers
import random
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

from .errors import ConfigError

T = TypeVar("T")


class Rng:
    """A seeded ``random.Random`` behind copy-on-write clones; a state owns one and draws only in ``apply``."""

    __slots__ = ("_box",)

    def __init__(self, seed: int):
        # Every game's new_state(seed) comes here, so this is where a seed is checked: None would seed from the
        # clock (a game no record can replay) and a float or a string would quietly give another game.
        # NumPy's integers are whole numbers too (a PettingZoo user's seed often is one).
        if isinstance(seed, bool) or not isinstance(seed, numbers.Integral):
            raise ConfigError(f"a seed is a whole number, not {seed!r}: the same seed deals the same game")
        # [generator, number of Rng objects sharing it]
        self._box: list[Any] = [random.Random(int(seed)), 1]

    def clone(self) -> Rng:
        twin = Rng.__new__(Rng)
        self._box[1] += 1
        twin._box = self._box
        return twin

    def _own(self) -> random.Random:
        box = self._box
        if box[1] > 1:
            box[1] -= 1
            mine = random.Random()
            mine.setstate(box[0].getstate())
            self._box = box = [mine, 1]
        return box[0]

    # the draws games use; anything else is forwarded by __getattr__
    def random(self) -> float:
        return self._own().random()

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        return self._own().randrange(start, stop, step)

    def randint(self, a: int, b: int) -> int:
        return self._own().randint(a, b)

    def choice(self, seq: Sequence[T]) -> T:
        return self._own().choice(seq)

    def shuffle(self, x: MutableSequence[Any]) -> None:
        self._own().shuffle(x)

    def sample(self, population: Sequence[T], k: int) -> list[T]:
        return self._own().sample(population, k)

    def getrandbits(self, k: int) -> int:
        return self._own().getrandbits(k)

    def getstate(self) -> Any:
        return self._box[0].getstate()

    def __reduce__(self) -> Any:
        # pickled as its generator's state, so that a state can be sent to a worker process
        return (_from_state, (self.getstate(),))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._own(), name)


def _from_state(state: Any) -> Rng:
    rng = Rng.__new__(Rng)
    rng._box = [random.Random(), 1]
    rng._box[0].setstate(state)
    return rng


def derive_seed(master: int, index: int) -> int:
    """A seed for game ``index`` of a run started with ``master``: stable across processes and machines."""
    return random.Random(f"hexbox:{master}:{index}").getrandbits(63)
