"""What the browser shows of a game is what its registration declares: the lobby's bot levels are
`hexbox.agents.LEVELS` (the table is created with the level's name, which the server runs as that game's bot of that
level), its ready-made options are the registration's presets, and a game without a view of its own (the session's
toy, Hunch) is played on the generic board with no file asked for in vain, seats counted from 1 and its registered
title."""

from __future__ import annotations

import re

import httpx

import hexbox
from hexbox.agents import LEVELS
from hexbox.core.texts import texts

from ..waiting import NEVER_MS
from .conftest import new_table
from .test_browser import _play_to_the_end


def test_the_lobby_offers_the_levels_and_presets_of_the_registration_and_creates_with_the_levels_name(server, page_at):
    page = page_at("desktop")
    page.goto(server.url + "/")
    info = hexbox.game_info("prowl")
    page.click(f"text={info.title}")
    page.select_option("#players", "3")
    offered = page.eval_on_selector_all("#seat-1 option", "(os) => os.map((o) => [o.value, o.innerText])")
    bots = [(value, text) for value, text in offered if value not in ("me", "friend", "open")]
    assert bots == [(level, f"Bot · {level}") for level in LEVELS]
    assert page.eval_on_selector("#seat-1", "(s) => s.value") == "normal"  # a new seat's bot: the game's own
    presets = page.locator("[aria-label='ready-made options'] button").all_inner_texts()
    assert presets == ["Standard", *info.presets]
    page.click("text=Quick")
    assert page.eval_on_selector("#option-hand_size", "(e) => e.value") == str(info.presets["Quick"]["hand_size"])
    page.select_option("#seat-1", "hard")
    page.select_option("#seat-2", "easy")
    with page.expect_request(lambda r: r.url.endswith("/api/tables") and r.method == "POST") as asked:
        page.click("text=Create the table")
    body = asked.value.post_data_json
    assert body["bots"] == {"1": "hard", "2": "easy"} and body["options"] == dict(info.presets["Quick"])
    page.wait_for_selector(".made")
    table = re.search(r"Table (\S+)", page.inner_text(".made h2")).group(1)
    seats = httpx.get(f"{server.url}/api/tables/{table}").json()["seats"]
    assert [s.get("level") for s in seats[1:]] == ["hard", "easy"], seats
    assert page.errors == []


def test_a_game_without_a_view_is_played_on_the_generic_board_with_no_404_and_seats_from_one(server, page_at):
    info = hexbox.game_info("hunch")
    assert info.view == ()  # the toy declares no view of its own
    made = new_table(server, game="hunch", players=3, seed=2, names={"0": "Mia"},
                     bots={"1": "normal", "2": "normal"})
    page = page_at("desktop")
    refused = []
    page.on("response", lambda r: refused.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.goto(f"{server.url}/tables/{made['id']}#token={made['seats'][0]['token']}")
    page.wait_for_selector(".board .generic")
    assert page.inner_text("header h1").startswith(info.title)
    page.wait_for_function("(t) => document.title.includes(t)", arg=info.title, timeout=NEVER_MS)
    people = {"You", "Bot 2 · normal", "Bot 3 · normal"}
    shown = page.eval_on_selector_all(".generic dt", "(ds) => ds.map((d) => [d.innerText, d.nextElementSibling"
                                                     "?.innerText])")
    active = [dd for dt, dd in shown if dt == "Active"]
    assert active and active[0] in people, shown  # a seat by its person, never its number from 0
    _play_to_the_end(page)
    page.wait_for_selector(".end")
    shown = dict(page.eval_on_selector_all(".generic dt", "(ds) => ds.map((d) => [d.innerText, "
                                           "d.nextElementSibling?.innerText])"))
    names = {c.id: c.name for c in texts("hunch").cards.values()}
    hands = httpx.get(f"{server.url}/api/tables/{made['id']}").json()["observation"]["public"]["hands"]
    assert shown["Hands"] == ", ".join(names[c] for c in hands)  # cards by their names, not their ids
    pairs = page.eval_on_selector_all(".generic dt", "(ds) => ds.map((d) => [d.innerText, d.nextElementSibling"
                                                     "?.innerText])")
    misses = httpx.get(f"{server.url}/api/tables/{made['id']}").json()["observation"]["public"]["misses"]
    assert [dd for dt, dd in pairs if dt == "Seat"] == [  # each miss's seat by its person, counted from 1
        "You" if m["seat"] == 0 else f"Bot {m['seat'] + 1} · normal" for m in misses]
    page.click("text=Replay the game")
    page.wait_for_selector("nav[aria-label='steps']")
    assert page.inner_text("header h1").startswith(f"Replay of {info.title}")
    assert page.eval_on_selector_all("#as option", "(os) => os.map((o) => o.innerText)") == [
        "a spectator", "seat 1", "seat 2", "seat 3"]
    assert refused == [] and page.errors == []
