"""The observation vector (encoder.py): read from the observation alone, and its fields mean what the layout says."""

import pytest
from transylvania_helpers import SLOT, bare, examined, give, lay_tile, put

from hexbox.core import conformance as kit
from hexbox.games.transylvania.cards import CARDS
from hexbox.games.transylvania.encoder import ADVENTURERS, COPY, ND_KINDS, SPACE, TILE_SIZE, TILES, encoder


@pytest.mark.parametrize("players", [3, 6])
def test_the_kit_finds_the_vector_read_from_the_observation_alone(players):
    kit.check_vector("transylvania", players, {"max_rounds": 10}, seed=7)


def part(enc, name: str, block: int = 0) -> slice:
    """The places of a field ("spaces") or of a part of block ``block`` of a blocked field ("seats.status")."""
    return enc.where(name, block)


def vector(s, seat):
    enc = encoder(s.game)
    return enc, enc.encode(s.observe(seat))


def kind(card: str) -> int:
    return COPY[card][0]


def test_my_hand_card_is_hot_and_another_seats_hidden_card_is_not():
    s = bare(4)
    give(s, 0, "i_necronomicon#0")
    give(s, 1, "i_broadsword#0")
    enc, vec = vector(s, 0)
    hand = vec[part(enc, "my_cards")][:ND_KINDS]
    assert hand[kind("i_necronomicon#0")] == 1.0  # the only copy: 1.0
    assert hand[kind("i_broadsword#0")] == 0.0  # seat 1's, hidden from seat 0
    assert vec[part(enc, "seats.glimpsed", 1)] == [0.0] * ND_KINDS
    assert vec[part(enc, "seats.status", 1)][6] == pytest.approx(1 / 8)  # but its hand size is public
    # two copies of a three-copy kind count 2/3
    give(s, 0, "zk_field_notes#0", "zk_field_notes#2")
    enc, vec = vector(s, 0)
    assert vec[part(enc, "my_cards")][kind("zk_field_notes#0")] == pytest.approx(2 / 3)
    # the broadsword, once examined, is public in seat 1's row
    examined(s, 1, "i_broadsword#0")
    enc, vec = vector(s, 0)
    assert vec[part(enc, "seats.examined", 1)][1 + kind("i_broadsword#0")] == 1.0
    assert vec[part(enc, "seats.examined", 0)][1 + kind("i_broadsword#0")] == 0.0


def test_seats_are_encoded_from_the_viewers_chair():
    s = bare(4)
    s.health[3] = 3
    s.health[2] = 5
    enc, vec = vector(s, 2)
    health = lambda block: vec[part(enc, "seats.status", block)][1]
    assert health(0) == pytest.approx(0.5)  # the viewer itself, seat 2
    assert health(1) == pytest.approx(0.3)  # seat 3, on its left
    adventurer = ADVENTURERS[CARDS.adventurers[s.adv[3]].id]
    assert vec[part(enc, "seats.role", 1)][0] == 1.0 and vec[part(enc, "seats.role", 1)][4 + adventurer] == 1.0
    actors = vec[part(enc, "actors")]
    assert actors == [0.0, 0.0, 1.0, 0.0]  # seat 0 acts: two seats to the viewer's left


def test_a_laid_tile_shows_with_its_rotation_and_place():
    s = bare(4)
    enc, vec = vector(s, 0)
    tile = lambda name, what: vec[part(enc, f"tiles.{what}", TILES[name])]
    assert tile("church", "laid") == [1.0] and tile("church", "rotation") == [1.0, 0.0, 0.0, 0.0]
    assert tile("church", "column").index(1.0) == 7 and tile("church", "row").index(1.0) == 7  # at 0, 0
    assert tile("graveyard", "laid") == [0.0]
    lay_tile(s, "graveyard", 1, -2, rotation=3)
    enc, vec = vector(s, 0)
    assert tile("graveyard", "laid") == [1.0]
    assert tile("graveyard", "rotation") == [0.0, 0.0, 0.0, 1.0]  # three quarter turns
    assert tile("graveyard", "column").index(1.0) == 7 + 1  # column 1
    assert tile("graveyard", "row").index(1.0) == 7 - 2  # row -2
    block = TILES["graveyard"] * TILE_SIZE + part(enc, "tiles").start
    assert sum(vec[block:block + TILE_SIZE]) == 4.0


def test_pieces_tokens_and_locks_show_on_their_spaces():
    s = bare(4)
    put(s, 1, "church.d")
    put(s, 0, "church.d")
    put(s, 2, "church.a")
    put(s, 3, "church.a")
    s.minions[3] = SLOT["church.e"]
    enc, vec = vector(s, 1)
    space = lambda node, what: vec[part(enc, f"spaces.{what}", SPACE[node])]
    assert space("church.d", "standups") == [1.0, 0.0, 0.0, 1.0]  # the viewer (seat 1) at chair 0, seat 0 at 3
    assert space("church.e", "minions") == [0.0, 0.0, 0.0, 1.0, 0.0]  # minion 3
    assert space("church.a", "standups") == [0.0, 1.0, 1.0, 0.0]
    assert space("church.e", "standups") == [0.0] * 4
    # a laid tile gets face-down tokens on its token spaces and locks on its lock icons
    lay_tile(s, "graveyard", 1, 0)
    enc, vec = vector(s, 1)
    board = s.observe(1)["public"]["board"]
    down = [x["node"] for x in board["tokens"] if x["node"].startswith("graveyard.") and x["trait"] is None]
    locks = [x for x in board["locks"] if x.startswith("graveyard.")]
    assert down and locks
    for node in down:
        assert space(node, "token") == [1.0, 0.0, 0.0, 0.0, 0.0, 0.0]  # face down: no trait, no target
    for node in locks:
        assert space(node, "lock") == [1.0]
    # a token turned face up (R38) shows its trait and its target
    x = SLOT[down[0]]
    s.faceup.add(x)
    enc, vec = vector(s, 1)
    trait, target = CARDS.tokens[s.tokens[x]]
    token = space(down[0], "token")
    assert token[0] == 0.0 and token[2 + trait] == 1.0 and token[5] == pytest.approx(target / 6)
