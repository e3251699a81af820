"""Words per viewer (the describe hook) and the events behind them: data and audience kept apart."""

import random

from growl_helpers import hold, night, start, table, wolves

import hexbox
from hexbox.games.growl import actions as A
from hexbox.games.growl.cards import INDEX
from hexbox.games.growl.words import sentence


def np(left, right):
    return A.NIGHT_PASS[INDEX[left]][INDEX[right]]


def passing_table():
    s = table(4)
    for p in range(4):
        hold(s, p, gold=1, salve=1)
    hold(s, 1, hex=1, gold=1)
    night(s, "insomnia", seat=0)
    s.apply(0, A.TARGET[3])  # seat 3 will learn who sent what (R56)
    return s


def told(s, events):
    return {v: s.describe(events, v) for v in [*range(s.n), None]}


def test_R25_the_table_is_told_only_that_a_seat_has_chosen_its_two_cards():
    # R25, R28: the known leak of the terminal ("seat 1: pass Hex to the left and Gold to the right" for all)
    s = passing_table()
    events = s.apply(1, np("hex", "gold"))
    words = told(s, events)
    assert words[1] == ["You are ready to pass.", "You pass Hex to seat 2 on your left and Gold to seat 0 on your "
                                                  "right."]
    for v in (0, 2, 3, None):
        assert words[v] == ["Seat 1 is ready to pass."]
    # a seat with nothing to pass is told so, and the table hears the very same sentence (R27)
    s2 = passing_table()
    hold(s2, 2, bite=3, charm=1)
    s2.pass_opts = s2.pass_table(s2.window)  # by hand: seat 2's hand changed after Night fell
    events = s2.apply(2, A.PASS_NONE)
    assert told(s2, events)[0] == ["Seat 2 is ready to pass."]
    assert told(s2, events)[2][1].startswith("You hold no two cards you may pass")


def test_R28_R56_receivers_learn_their_cards_and_the_passer_what_it_sent():
    # R28, R56: each receiver learns its cards (with the senders under Insomnia); the passer what went where
    s = passing_table()
    events = s.apply(1, np("hex", "gold"))
    for seat in (0, 2, 3):
        events += s.apply(seat, s.default_action(seat))
    words = told(s, events)
    assert "Your Hex reaches seat 2 on your left." in words[1] and "Your Gold reaches seat 0 on your right." in words[1]
    assert "You receive Hex and Salve." in words[2]  # an unordered multiset: no sender named (D16)
    assert "You receive Gold ×2." in words[0]
    assert "You receive Salve from seat 0 and Gold from seat 2." in words[3]  # the insomniac (R56)
    for v in (0, 2, 3, None):
        assert not any("Hex reaches" in w for w in words[v])
    assert all("Hex" not in w for w in words[None])


def test_D16_a_viewer_is_told_the_same_whatever_it_cannot_know():
    # D16: two passes that differ only in their cards give the table the same words (until the cards arrive)
    a, b = passing_table(), passing_table()
    ea, eb = a.apply(1, np("hex", "gold")), b.apply(1, np("gold", "hex"))
    for v in (0, 2, 3, None):
        assert a.describe(ea, v) == b.describe(eb, v)
    assert a.describe(ea, 1) != b.describe(eb, 1)


def test_R18_day_gifts_are_told_to_everyone_with_you_for_the_viewer():
    # R18: the card and the receiver are public
    s = table(4, deck=("wound", "gold"))
    start(s, 0)
    events = s.apply(0, A.GIVE[2])
    assert s.describe(events, 2)[0] == "Seat 0 gives you Wound."
    assert s.describe(events, 0)[0] == "You give Wound to seat 2."
    assert s.describe(events, None)[0] == "Seat 0 gives Wound to seat 2."
    assert s.describe(events, None)[1] == "It is seat 1's turn."


def test_private_events_keep_their_own_to_apart_from_their_audience():
    # the card sent at Night names its receiver in its data; its audience is the sender alone (R28)
    s = passing_table()
    events = []
    for seat in (0, 1, 2, 3):
        events += s.apply(seat, s.default_action(seat))
    sent = [e.to_json() for e in events if e.kind == "sent"]
    assert sent and all(set(j) == {"kind", "data", "to"} for j in sent)
    for j in sent:
        assert j["to"] == [j["data"]["from"]] and j["data"]["to"] != j["data"]["from"]
    assert {(j["data"]["from"], j["data"]["to"]) for j in sent} == {(0, 1), (0, 3), (1, 2), (1, 0), (2, 3), (2, 1),
                                                                     (3, 0), (3, 2)}


def test_R60_shown_card_and_R44_death_rattle_card_name_the_receiver_in_their_data():
    # R60: Truth Serum: the card is seen by the target and the active player only, and its data says to whom
    s = table(6)
    for p in range(6):
        hold(s, p, gold=2)
    hold(s, 2, bite=1, gold=1)
    wolves(s, 2)
    night(s, "truth_serum", seat=0)
    s.apply(0, A.TARGET[2])
    shown = next(e for e in s.apply(2, A.SHOW[INDEX["bite"]]) if e.kind == "shown_card")
    assert shown.to_json() == {"kind": "shown_card", "data": {"seat": 2, "to": 0, "card": "bite"}, "to": [0, 2]}
    assert s.describe([shown], 0) == ["Seat 2 shows you Bite."] and s.describe([shown], 3) == []
    # R44, D22: a Death Rattle's card goes to a living seat of the owner's choice
    t = table(4, deck=("wound", "gold"), spells=True)
    hold(t, 1, wound=2, salve=0, gold=1)
    t.front[1] = [INDEX["death_rattle"]]
    start(t, 0)
    t.apply(0, A.GIVE[1])
    events = t.apply(1, A.DEATH_RATTLE[INDEX["gold"]][3])
    card = next(e for e in events if e.kind == "death_rattle_card")
    assert card.to_json() == {"kind": "death_rattle_card", "data": {"seat": 1, "to": 3, "card": "gold"},
                              "to": [1, 3]}
    public = next(e for e in events if e.kind == "death_rattle")
    assert public.to is None and public.data == {"seat": 1, "to": 3}
    assert t.describe(events, 3)[:2] == ["Seat 1's Death Rattle gives a card to you.",
                                         "Seat 1's Death Rattle gives you Gold."]
    assert t.describe(events, 2)[0] == "Seat 1's Death Rattle gives a card to seat 3."


def test_R61_all_hallows_cards_say_whom_they_go_to():
    # R61: the dead player's two cards: each is seen by the sender and its receiver, and names its receiver
    s = table(6)
    for p in range(6):
        hold(s, p, gold=2)
    s.dead[3] = True
    hold(s, 3, bite=1, wound=1)
    night(s, "all_hallows_eve", seat=0, then=())
    s.apply(0, A.TARGET[3])
    events = s.apply(3, A.HALLOWS[INDEX["bite"]][INDEX["wound"]])
    cards = [e.to_json() for e in events if e.kind == "hallows_card"]
    assert cards == [{"kind": "hallows_card", "data": {"seat": 3, "to": 4, "card": "bite"}, "to": [3, 4]},
                     {"kind": "hallows_card", "data": {"seat": 3, "to": 2, "card": "wound"}, "to": [2, 3]}]
    assert s.describe(events, 3)[1:3] == ["You send Bite to seat 4.", "You send Wound to seat 2."]
    assert s.describe(events, 4)[1] == "Dead seat 3 sends you Bite."


def test_every_event_of_random_games_has_words_for_every_viewer():
    # every kind of event the game emits reads as a sentence, never as the raw kind; every move has a public event
    seen = set()
    for options in ({}, {"curses": True, "spells": True}, {"curses": True, "spells": True, "cant_pass": "die"}):
        for players in (4, 7, 10):
            game = hexbox.load("growl", players=players, **options)
            for seed in range(12):
                s = game.new_state(seed)
                rng = random.Random(seed)
                events = list(s.log)
                while not s.is_over:
                    seat = rng.choice(s.actors)
                    move = s.apply(seat, rng.choice(s.legal_actions(seat)))
                    assert any(e.public for e in move), "every move tells the table something"
                    events += move
                for e in events:
                    seen.add(e.kind)
                    for v in {None, *(e.to or ())}:
                        text = sentence(e.kind, e.data, v)
                        assert text and text[0].isupper() and text.endswith("."), (e, text)
                        assert e.kind.replace("_", " ").capitalize() + "." != text, f"no words for {e.kind}"
    assert len(seen) >= 40
