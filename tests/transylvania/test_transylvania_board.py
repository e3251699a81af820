"""The land as laid: which spaces are on the board, where each is drawn, and the grid it is drawn on (R27: a tile
is laid against the exit stepped off; the terminal's map and the browser's draw every laid space once)."""

from __future__ import annotations

from hexbox.games.transylvania.board import NODES, Board
from hexbox.games.transylvania.cards import CARDS


def laid(*tiles: tuple[int, int, int, int]) -> Board:
    board = Board()
    for tile, x, y, rotation in tiles:
        board.place(tile, x, y, rotation)
    return board


def test_a_space_is_on_the_board_only_once_its_tile_is_laid():  # R27
    board = laid((0, 0, 0, 0))
    first = min(CARDS.tiles[0].nodes)
    assert board.on_board(first), "the first space of the first tile is on the board (slot numbers start at 0)"
    other = next(t for t in range(len(CARDS.tiles)) if t != 0)
    assert not any(board.on_board(s) for s in CARDS.tiles[other].nodes), "an unlaid tile's spaces are off the board"
    assert not board.on_board(-1) and not board.on_board(256)


def test_every_laid_space_is_drawn_in_its_own_cell_of_its_tiles_five_by_five_square():  # R27
    board = laid((0, 0, 0, 0), (1, 1, 0, 0), (2, 0, 1, 1))
    places = {s: board.where(s) for s in board.slots()}
    assert len(set(places.values())) == len(places), "two spaces drawn in the same cell"
    for s, (col, row) in places.items():
        x, y, _ = board.placed[NODES[s].tile]
        assert 5 * x <= col < 5 * x + 5 and 5 * y <= row < 5 * y + 5, (s, col, row, x, y)


def test_a_node_that_is_no_exit_faces_no_side_and_no_cell():
    board = laid((0, 0, 0, 0))
    inner = next(s for s in CARDS.tiles[0].nodes if NODES[s].exit < 0)
    assert board.side(inner) == -1 and board.beyond(inner) is None and not board.open_exit(inner)


def test_a_board_is_the_same_whatever_order_its_tiles_are_laid_in():
    """The bot lays the tiles an observation lists in the listing's order, or one more on the board it had
    (heuristic.Walks.grown): both must be the game's board, joins and open exits alike. A tile has at most one exit
    a side, so a join is the same pair of exits from either tile, and a space's neighbours are kept sorted."""
    import random

    from hexbox.agents import make_agent
    from hexbox.core import View, load
    from hexbox.games.transylvania import heuristic as H

    for tile in CARDS.tiles:
        sides = [NODES[s].exit for s in tile.nodes if NODES[s].exit >= 0]
        assert len(sides) == len(set(sides)), f"{tile.id}: two exits on one side"
    grown = 0
    for seed in range(3):
        state = load("transylvania", players=4).new_state(seed=seed)
        bot, rng = make_agent("normal", "transylvania"), random.Random(seed)
        walks = None
        while not state.is_over and state.turns < 120:
            seat = state.actors[0]
            tiles = state.observe(seat)["public"]["board"]["tiles"]
            key = tuple((t["tile"], t["at"][0], t["at"][1], t["rotation"]) for t in tiles)
            if walks is None or walks.tiles != key:
                bigger = walks.grown(key) if walks is not None else None
                walks = bigger or H.Walks(key, laid(*((H.TILE[t], x, y, r) for t, x, y, r in key)))
                if bigger is not None:
                    grown += 1
                assert walks.board.adj == state.board.adj
                assert walks.exits == {x for x in state.board.slots() if state.board.open_exit(x)}
            state.apply(seat, bot.act(View.of(state, seat), rng))
    assert grown >= 10
