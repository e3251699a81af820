"""Spells (R41-R52): the spell step of a turn and the gold-triggered Spells (table 2.6).

A mixin of GrowlState (rules.py). Ongoing Spells (Wolfsbane, Tanglevine, Charm Bracelet) are read where
they matter; triggered ones (Moon Watcher, Owl Feather, Omen Crow, Death Rattle) fire in night.py and
rules.py. Paying N Gold discards N hand cards with a gold icon, in public (R52).
"""

from __future__ import annotations

from typing import Any

from hexbox.core import Event

from . import actions as A
from .cards import (
    BANISHING_RITE,
    BITE,
    GOLD_CARDS,
    HEALING_DRAUGHT,
    IDS,
    INDEX,
    PURIFYING_RITE,
    SCRYING_BOWL,
    SILVER_BULLET,
    SPELLS,
    SPIRIT_LEASH,
    TANGLEVINE,
    hand_json,
)
from .phases import SPELL_STEP


def _bit(spell: int) -> int:
    return 1 << (spell - SPELLS[0])


class SpellsMixin:
    __slots__ = ()

    def activations(self, seat: int) -> list[A.Action]:
        """R17, R43, R48: each gold-triggered spell of the active player, once on its own turn."""
        if not self.game.spells or self.dead[seat]:
            return []
        mine = self.front[self.pos_of[seat]]
        if not mine:
            return []
        h = self.hands[seat]
        pays = [p for p in GOLD_CARDS if h[p]]
        if not pays:
            return []
        used = self.used
        out: list[A.Action] = []
        if TANGLEVINE in mine:
            out += [A.ESCAPE[p] for p in pays]
        living = self.living()
        if SCRYING_BOWL in mine and not used & _bit(SCRYING_BOWL):
            out += [A.SCRY[(p, t)] for p in pays for t in living if t != seat]
        if HEALING_DRAUGHT in mine and not used & _bit(HEALING_DRAUGHT):  # R46, D21
            for p in pays:
                for d in A.HEAL_DISCARDS:
                    if (SILVER_BULLET in mine) if d == SILVER_BULLET else h[d] - (d == p) > 0:
                        out.append(A.HEAL[(p, d)])
        if PURIFYING_RITE in mine and not used & _bit(PURIFYING_RITE) and h[BITE]:
            out += [A.PURIFY[p] for p in pays]
        banish = BANISHING_RITE in mine and not used & _bit(BANISHING_RITE)
        leash = SPIRIT_LEASH in mine and not used & _bit(SPIRIT_LEASH)
        if banish or leash:
            lying = {c: self.seat_at[p] for p, f in enumerate(self.front) for c in f if not self.dead[self.seat_at[p]]}
            if banish:
                out += [A.BANISH[(p, s)] for p in pays for s in A.BANISHABLE if s in lying]
            if leash:
                for a, b in A.PAY2:
                    if h[a] >= 2 if a == b else h[a] and h[b]:
                        out += [A.LEASH[(a, b, s, t)] for s in A.LEASHABLE if s in lying
                                for t in living if t != lying[s]]
        return out

    def _pay(self, seat: int, cards: tuple[int, ...]) -> None:
        for c in cards:
            self.hands[seat][c] -= 1
            self.ver[seat] += 1
            self.discards.append(c)  # R47, D20
            self.know_public_remove(seat, c)

    def _discard_front(self, card: int) -> None:
        p = self.holder(card)
        self.front[p].remove(card)
        self.ver[self.seat_at[p]] += 1
        self.discards.append(card)

    def _activated(self, seat: int, spell: int, pay: tuple[int, ...], data: dict[str, Any]) -> list[Event]:
        self.used |= _bit(spell)
        event = Event("spell", {"seat": seat, "spell": IDS[spell], "paid": [IDS[c] for c in pay], **data})
        return [event] + self.settle("spell_step_continue")

    def spell_step_continue(self) -> list[Event]:
        me = self.active
        if self.dead[me]:
            return self._end_turn()
        if self.activations(me):
            self.phase = SPELL_STEP
            return []
        return self._take_top()

    def _end_spells(self, seat: int, action: A.EndSpells) -> list[Event]:
        return [Event("spells_done", {"seat": seat})] + self._take_top()

    def _escape(self, seat: int, action: A.Escape) -> list[Event]:
        pay = (INDEX[action.pay],)
        self._pay(seat, pay)
        self._discard_front(TANGLEVINE)
        return self._activated(seat, TANGLEVINE, pay, {"discarded": "tanglevine"})

    def _scry(self, seat: int, action: A.Scry) -> list[Event]:
        pay, t = (INDEX[action.pay],), action.target
        self._pay(seat, pay)
        self.know_exact(seat, t)
        seen = Event("hand_seen", {"seat": t, "hand": hand_json(self.hands[t])}, to=(seat,))
        return [seen] + self._activated(seat, SCRYING_BOWL, pay, {"target": t})

    def _heal(self, seat: int, action: A.Heal) -> list[Event]:
        pay, d = (INDEX[action.pay],), INDEX[action.discard]
        self._pay(seat, pay)
        if d == SILVER_BULLET:
            self._discard_front(SILVER_BULLET)
        else:
            self._pay(seat, (d,))
        return self._activated(seat, HEALING_DRAUGHT, pay, {"discarded": action.discard})

    def _purify(self, seat: int, action: A.Purify) -> list[Event]:
        pay = (INDEX[action.pay],)
        self._pay(seat, pay + (BITE,))
        return self._activated(seat, PURIFYING_RITE, pay, {"discarded": "bite"})

    def _banish(self, seat: int, action: A.Banish) -> list[Event]:
        pay, s = (INDEX[action.pay],), INDEX[action.spell]
        owner = self.seat_at[self.holder(s)]
        self._pay(seat, pay)
        self._discard_front(s)
        return self._activated(seat, BANISHING_RITE, pay, {"discarded": action.spell, "from": owner})

    def _leash(self, seat: int, action: A.Leash) -> list[Event]:
        pay, s, t = (INDEX[action.pay1], INDEX[action.pay2]), INDEX[action.spell], action.target
        p = self.holder(s)
        self._pay(seat, pay)
        self.front[p].remove(s)
        self.front[self.pos_of[t]].append(s)  # D27: it acts at once
        self.ver[self.seat_at[p]] += 1
        self.ver[t] += 1
        return self._activated(seat, SPIRIT_LEASH, pay, {"moved": action.spell, "from": self.seat_at[p], "to": t})
