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
