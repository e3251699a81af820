"""What each seat knows about other hands: the pins of resample (docs/games/growl.md, Hidden information).

pub_known[o] holds the cards everyone knows ``o`` holds (public Day gifts and Hypnosis counts, since ``o``
last gave cards away unseen); priv_known[o][v] what seat ``v`` knows ``o`` holds (its own Night passes,
Blood Hound, Scrying Bowl, Truth Serum), always a superset of pub_known[o]. Both are lower bounds.
priv_known is indexed by the holder ``o`` because every update concerns one holder: a public gift to ``o``
touches only what others know of ``o``, without scanning the whole table's knowledge.
exact[(o, c)] is a public exact count of card c in o's hand (Hypnosis), kept while o's hand changes in public.
"""

from __future__ import annotations

from .cards import HAND


class KnowledgeMixin:
    __slots__ = ()

    def know_public_add(self, o: int, c: int, k: int = 1) -> None:
        self.pub_known[o][c] += k
        self.ver[o] += 1
        if self.exact and (o, c) in self.exact:
            self.exact[(o, c)] += k
        for known in self.priv_known[o].values():
            known[c] += k

    def know_public_count(self, o: int, c: int, k: int) -> None:
        """Everyone learnt that ``o`` holds exactly ``k`` copies of ``c`` (R55)."""
        self.exact[(o, c)] = k
        if self.pub_known[o][c] < k:
            self.pub_known[o][c] = k
            self.ver[o] += 1
        for known in self.priv_known[o].values():
            if known[c] < k:
                known[c] = k

    def know_public_remove(self, o: int, c: int) -> None:
        if (o, c) in self.exact:
            self.exact[(o, c)] -= 1
        if self.pub_known[o][c]:
            self.pub_known[o][c] -= 1
            self.ver[o] += 1
        for known in self.priv_known[o].values():
            if known[c]:
                known[c] -= 1

    def know_reset(self, o: int) -> None:
        """``o`` gave away cards nobody else saw: only what o will be seen to receive is known again."""
        self.pub_known[o] = [0] * HAND
        self.ver[o] += 1
        if self.exact:
            self._forget_counts(o)
        if self.priv_known[o]:
            self.priv_known[o] = {}

    def _priv(self, v: int, o: int) -> list[int]:
        known = self.priv_known[o].get(v)
        if known is None:
            known = self.priv_known[o][v] = self.pub_known[o][:]
        return known

    def _forget_counts(self, o: int) -> None:
        for key in [k for k in self.exact if k[0] == o]:
            del self.exact[key]

    def know_private_add(self, v: int, o: int, c: int) -> None:
        """``v`` alone saw ``o`` receive ``c``: the table no longer knows exact counts of o's hand."""
        if self.exact:
            self._forget_counts(o)
        if v != o:
            self._priv(v, o)[c] += 1

    def know_private_at_least(self, v: int, o: int, c: int) -> None:
        if v != o:
            known = self._priv(v, o)
            known[c] = max(known[c], 1)

    def know_exact(self, v: int, o: int) -> None:
        if v != o:
            self.priv_known[o][v] = self.hands[o][:]

    def known_hand(self, v: int | None, o: int) -> list[int]:
        if v == o:
            return self.hands[o]
        if v is None:
            return self.pub_known[o]
        return self.priv_known[o].get(v, self.pub_known[o])
