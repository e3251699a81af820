"""The Game Board Tiles: laid tiles on an integer grid, joined where exits face each other (R27, D12).

A tile keeps its printed node graph; rotation only changes where its exits point and where its nodes are drawn.
The Church sits at (0, 0), rotation 0. Across side N of (x, y) lies (x, y - 1), E (x + 1, y), S (x, y + 1),
W (x - 1, y). Facing exits of neighbouring tiles are joined by an edge of cost 1; an exit facing a side without
one, or an empty cell once the stack is gone, is a dead end.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from .cards import CARDS, rotate

NODES = CARDS.nodes
STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))  # N E S W
EXITS = frozenset(slot for slot, node in NODES.items() if node.exit >= 0)  # the spaces open_exit may be true of


class Board:
    __slots__ = ("placed", "cells", "adj", "view")

    def __init__(self) -> None:
        self.placed: dict[int, tuple[int, int, int]] = {}  # tile -> (x, y, rotation)
        self.cells: dict[tuple[int, int], int] = {}
        self.adj: list[tuple[int, ...]] = [()] * 256
        # the public listing of the laid tiles (views.tiles_view), read-only and shared with the clones and every
        # observation until the next tile is laid; None until asked
        self.view: list[dict] | None = None

    def clone(self) -> Board:
        b = Board.__new__(Board)
        b.placed, b.cells, b.adj, b.view = dict(self.placed), dict(self.cells), self.adj[:], self.view
        return b

    # ---- geometry ---------------------------------------------------------------------------------------

    def side(self, slot: int) -> int:
        """The side an exit node points to as laid, or -1."""
        node = NODES[slot]
        if node.exit < 0:
            return -1
        return (node.exit + self.placed[node.tile][2]) % 4

    def beyond(self, slot: int) -> tuple[int, int] | None:
        """The grid cell an exit node faces, or None for a node that is no exit."""
        s = self.side(slot)
        if s < 0:
            return None
        x, y, _ = self.placed[NODES[slot].tile]
        dx, dy = STEP[s]
        return x + dx, y + dy

    def open_exit(self, slot: int) -> bool:
        """An exit facing an empty cell: stepping off it lays a tile (R27)."""
        node = NODES[slot]  # beyond() written out: Exploration asks this on every step
        if node.exit < 0:
            return False
        x, y, r = self.placed[node.tile]
        dx, dy = STEP[(node.exit + r) % 4]
        return (x + dx, y + dy) not in self.cells

    def where(self, slot: int) -> tuple[int, int]:
        """A node's place on the whole board, in node units (5 per tile), for drawing."""
        node = NODES[slot]
        x, y, r = self.placed[node.tile]
        c, row = rotate(node.at, r)
        return x * 5 + c, y * 5 + row

    # ---- laying (R27, R28) ------------------------------------------------------------------------------

    @staticmethod
    def rotations(tile: int, facing: int) -> list[int]:
        """Rotations that put an exit of ``tile`` on side ``facing`` (the side toward the mover)."""
        return [r for r in range(4) if any((e + r) % 4 == facing for e in CARDS.tiles[tile].exits)]

    @staticmethod
    def entry(tile: int, rotation: int, facing: int) -> int:
        t = CARDS.tiles[tile]
        return next(s for s in t.nodes if NODES[s].exit >= 0 and (NODES[s].exit + rotation) % 4 == facing)

    def place(self, tile: int, x: int, y: int, rotation: int) -> None:
        self.view = None
        self.placed[tile] = (x, y, rotation)
        self.cells[(x, y)] = tile
        adj: dict[int, list[int]] = {s: [] for s in CARDS.tiles[tile].nodes}
        for a, b in CARDS.tiles[tile].edges:
            adj[a].append(b)
            adj[b].append(a)
        for s, out in adj.items():
            self.adj[s] = tuple(sorted(out))
        for s in CARDS.tiles[tile].nodes:
            if NODES[s].exit < 0:
                continue
            cell = self.beyond(s)
            other = self.cells.get(cell)  # type: ignore[arg-type]
            if other is None:
                continue
            back = (self.side(s) + 2) % 4
            partner = next((o for o in CARDS.tiles[other].nodes if NODES[o].exit >= 0 and self.side(o) == back), None)
            if partner is not None:
                self.adj[s] = tuple(sorted({*self.adj[s], partner}))
                self.adj[partner] = tuple(sorted({*self.adj[partner], s}))

    # ---- distances --------------------------------------------------------------------------------------

    def distances(self, start: int, ok: Callable[[int], bool] | None = None) -> dict[int, int]:
        """Steps from ``start`` to every node reachable through nodes that ``ok`` allows."""
        dist = {start: 0}
        todo = deque([start])
        while todo:
            x = todo.popleft()
            for y in self.adj[x]:
                if y not in dist and (ok is None or ok(y)):
                    dist[y] = dist[x] + 1
                    todo.append(y)
        return dist

    def on_board(self, slot: int) -> bool:
        return 0 <= slot < 256 and slot in NODES and NODES[slot].tile in self.placed

    def slots(self) -> list[int]:
        return sorted(s for t in self.placed for s in CARDS.tiles[t].nodes)
