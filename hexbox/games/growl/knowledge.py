"""What each seat knows about other hands: the pins of resample (spec §8, step 3).

pub_known[o] holds the cards everyone knows ``o`` holds (public Day gifts and Hypnosis counts, since ``o``
last gave cards away unseen); priv_known[(v, o)] what seat ``v`` knows ``o`` holds (its own Night passes,
Blood Hound, Scrying Bowl, Truth Serum), always a superset of pub_known[o]. Both are lower bounds.
"""

from __future__ import annotations

from .cards import HAND


class KnowledgeMixin:
    __slots__ = ()

    def know_public_add(self, o: int, c: int, k: int = 1) -> None:
        self.pub_known[o][c] += k
        for (_v, x), known in self.priv_known.items():
            if x == o:
                known[c] += k

    def know_public_at_least(self, o: int, c: int, k: int) -> None:
        if self.pub_known[o][c] < k:
            self.pub_known[o][c] = k
        for (_v, x), known in self.priv_known.items():
            if x == o and known[c] < k:
                known[c] = k

    def know_public_remove(self, o: int, c: int) -> None:
        if self.pub_known[o][c]:
            self.pub_known[o][c] -= 1
        for (_v, x), known in self.priv_known.items():
            if x == o and known[c]:
                known[c] -= 1

    def know_reset(self, o: int) -> None:
        """``o`` gave away cards nobody else saw: only what o will be seen to receive is known again."""
        self.pub_known[o] = [0] * HAND
        for key in [k for k in self.priv_known if k[1] == o]:
            del self.priv_known[key]

    def _priv(self, v: int, o: int) -> list[int]:
        known = self.priv_known.get((v, o))
        if known is None:
            known = self.priv_known[(v, o)] = self.pub_known[o][:]
        return known

    def know_private_add(self, v: int, o: int, c: int) -> None:
        if v != o:
            self._priv(v, o)[c] += 1

    def know_private_at_least(self, v: int, o: int, c: int) -> None:
        if v != o:
            known = self._priv(v, o)
            known[c] = max(known[c], 1)

    def know_exact(self, v: int, o: int) -> None:
        if v != o:
            self.priv_known[(v, o)] = self.hands[o][:]

    def known_hand(self, v: int | None, o: int) -> list[int]:
        if v == o:
            return self.hands[o]
        if v is None:
            return self.pub_known[o]
        return self.priv_known.get((v, o), self.pub_known[o])
