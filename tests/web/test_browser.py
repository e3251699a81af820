"""The browser client in a real Chromium: whole games against bots, two players live, no secret in the DOM,
reload, accessibility, phone widths. Screenshots of every game's table go to a temporary folder."""

from __future__ import annotations

import re
import time

import httpx
import pytest

import hexbox

from ..waiting import NEVER, NEVER_MS
from .conftest import DESKTOP, axe_check, new_table, sync_api, tap

# each game at a table that a test can play to its end in a few hundred taps
GAMES = {"werebeasts": (3, {}), "prowl": (3, {}), "growl": (4, {}), "voodoo": (3, {"target_score": 5}),
         "transylvania": (3, {"max_rounds": 10}), "hunch": (3, {})}  # hunch: the session's toy, no view


def test_every_game_is_played_here():
    assert sorted(GAMES) == hexbox.games()



def _play_to_the_end(page, limit=400):
    """The human taps the first choice the page offers (confirming where asked) until the end screen shows."""
    for _ in range(limit):
        if page.locator(".end").count():
            return
        if tap(page):
            continue
        page.wait_for_selector(".actions .choices button:not(.back):not([disabled]), .end, .confirm .primary",
                               timeout=NEVER_MS)
    raise AssertionError("the game did not reach its end screen")


#: each game's key pieces, the first found in view at every decision (the game module's `key`)
KEYS = {"werebeasts": [".wb-sale", ".wb-mine-goals"], "prowl": [".pw-mine"], "growl": [".g-hand"],
        "voodoo": [".v-bag", ".v-track"], "transylvania": [".tv-map"], "hunch": [".generic .mine", ".generic"]}

#: where the key piece is, where the choices are, and the viewport (CSS pixels)
BOXES = """(keys) => {
  const box = (e) => e && (({left, top, right, bottom}) => ({left, top, right, bottom}))(e.getBoundingClientRect());
  const key = keys.map((k) => document.querySelector('.board ' + k)).find((e) => e);
  return {key: box(key), which: key ? keys.find((k) => key.matches(k)) : null,
          mine: !!document.querySelector('.sheet.mine .actions'),
          sheet: box(document.querySelector('.sheet')), width: innerWidth, height: innerHeight};
}"""


#: the same check as _in_view_and_clear, in the page
CLEAR = """(b) => !!b.key && (!b.sheet || b.sheet.top >= b.key.bottom - 0.5 || b.sheet.bottom <= b.key.top + 0.5
  || b.sheet.left >= b.key.right - 0.5 || b.sheet.right <= b.key.left + 0.5) && b.key.top >= -0.5
  && b.key.left >= -0.5 && b.key.bottom <= b.height + 0.5 && b.key.right <= b.width + 0.5"""


#: is the decision still open, and the your-turn signals: the tab's title and icon, the sheet's heading
SIGNALS = """() => [!!document.querySelector('.sheet.mine .actions'), document.title.startsWith('● Your move'),
  document.querySelector("link[rel='icon']").href.includes('f0b429'),
  document.querySelector('.sheet-head').innerText.includes('Your move')]"""


def _in_view_and_clear(boxes):
    """The key piece lies inside the viewport and the choices do not cover it."""
    key, sheet = boxes["key"], boxes["sheet"]
    assert key is not None, "no key piece on the board"
    inside = key["top"] >= -0.5 and key["left"] >= -0.5 and key["bottom"] <= boxes["height"] + 0.5 \
        and key["right"] <= boxes["width"] + 0.5
    covered = sheet is not None and not (sheet["top"] >= key["bottom"] - 0.5 or sheet["bottom"] <= key["top"] + 0.5
                                         or sheet["left"] >= key["right"] - 0.5 or sheet["right"] <= key["left"] + 0.5)
    return inside and not covered


def _painted(page):
    """Wait until what the page shows now is laid out and painted: two animation frames, however long they take
    (a sleep of a fixed time would be too short on a busy machine)."""
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_named_person_plays_a_whole_game_against_bots_on_a_phone(server, page_at, shots, game):
    """Mia plays a whole game on a 360x640 phone against bots: at each of her decisions the game's key piece is in
    view and clear of the choices, the your-turn signals fire, and the end names the winner and the reason. A
    desktop page at the same seat is photographed at the start, mid-game and the end."""
    players, options = GAMES[game]
    made = new_table(server, game=game, players=players, options=options, seed=3, names={"0": "Mia"},
                     bots={str(s): "heuristic" for s in range(1, players)})
    link = f"{server.url}/tables/{made['id']}#token={made['seats'][0]['token']}"
    phone, desktop = page_at("phone"), page_at("desktop")
    for page in (phone, desktop):
        page.goto(link)
        page.wait_for_selector(".board")
    phone.wait_for_selector("body[data-your-turn='1']", timeout=NEVER_MS)
    _painted(phone)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360  # no sideways scrolling
    small = phone.evaluate("""() => [...document.querySelectorAll('button, a.button, select, input')]
        .filter(e => e.offsetParent && (e.getBoundingClientRect().height < 43.5))
        .map(e => e.outerHTML.slice(0, 80))""")
    assert small == [], small  # tap targets of at least 44 px
    assert "Mia" in phone.inner_text("header") and "(seat 1)" in phone.inner_text("header")
    for page, kind in ((phone, "phone"), (desktop, "desktop")):
        page.screenshot(path=str(shots / f"{game}-{kind}-start.png"))
    decisions, checked, mid = 0, 0, False
    for _ in range(600):
        if phone.locator(".end").count():
            break
        if phone.locator(".sheet.mine .actions").count() and not phone.locator(".confirm").count():
            seq = phone.get_attribute("main", "data-seq")
            # the page scrolls the key piece into view by itself (or the decision closed). The boxes checked are the
            # ones the wait saw: measured again later, a bot's move could have re-rendered the board in between
            # (its own scroll two frames away), which made this test fail now and then on a busy machine.
            clear_or_gone = f"(keys) => {{ const b = ({BOXES})(keys); return (!b.mine || ({CLEAR})(b)) && b; }}"
            boxes = phone.wait_for_function(clear_or_gone, arg=KEYS[game], timeout=NEVER_MS).json_value()
            if boxes["sheet"] is None or not boxes["mine"]:  # the game moved on meanwhile (a window closed, the end)
                continue
            assert _in_view_and_clear(boxes), (game, decisions, boxes)
            checked += 1
            # the your-turn signals: the tab's title and icon, the banner or the sheet's heading (taken as the wait saw
            # them, for the same reason)
            settled = f"() => {{ const s = ({SIGNALS})(); return (!s[0] || s.slice(1).every(Boolean)) && s; }}"
            mine, *shown = phone.wait_for_function(settled, timeout=NEVER_MS).json_value()
            if not mine:  # the decision closed meanwhile (a window's clock, another seat's answer)
                continue
            assert all(shown), shown  # the tab's title and icon, the sheet's heading
            decisions += 1
            if decisions == 2 and not mid:
                mid = True
                for page, kind in ((phone, "phone"), (desktop, "desktop")):
                    page.screenshot(path=str(shots / f"{game}-{kind}-mid.png"))
            tap(phone)
            try:
                phone.wait_for_selector(f"main:not([data-seq='{seq}']), .end, .actions .back, .confirm", timeout=3_000)
            except sync_api.TimeoutError:
                pass
            continue
        if phone.locator(".confirm").count():
            tap(phone)
            continue
        # not her decision when looked at (it may have opened since: a fast game's bots move at once, and a decision
        # tapped here would go unchecked): wait for one, or the end
        phone.wait_for_selector(".sheet.mine .actions, .confirm, .end", timeout=NEVER_MS)
    else:
        raise AssertionError("the game did not reach its end screen")
    # two of Mia's decisions checked at least, where she had as many (the toy's right guess may end a game at once)
    actions = httpx.get(f"{server.url}/api/tables/{made['id']}/record").json()["actions"]
    assert checked >= min(2, sum(seat == 0 for seat, _ in actions)) >= 1, (checked, actions)
    assert phone.evaluate("window.hexboxSignals.turns") >= 1
    phone.wait_for_function("document.title.endsWith('· hexbox')")  # the signal is gone at the end
    result = httpx.get(f"{server.url}/api/tables/{made['id']}").json()["result"]
    end = phone.inner_text(".end")
    names = {0: "Mia", **{s: "Bot" for s in range(1, players)}}
    assert ("You win" in end) if 0 in result["winners"] else any(names[w] in end for w in result["winners"]) \
        if result["winners"] else "Nobody wins" in end, (result, end)
    # the reason in words, with people's names where the server's sentence has seat numbers
    words = [w for w in re.split(r"\b[Ss]eats? \d+(?:(?:, | and )\d+)*|[,;:.()]", result["reason"]) if w.strip()]
    assert all(w.strip() in end for w in words), (words, end)
    assert "turns played" in end or "turn played" in end  # a few numbers of the game (the envelope's turn)
    if result["scores"]:
        headers = phone.locator(".end table.scores th[scope='col']").all_inner_texts()
        reveals = hexbox.game_info(game).hook("reveal") is not None  # a side, role or goals column (issue 45)
        assert headers == ["Player", *(["Side · role"] if reveals else []), "Score", "Result"]
    desktop.wait_for_selector(".end")
    # the verdict comes into view (the page was scrolled to her last decision's key piece), and the table of every
    # seat fits the phone's width: nothing is cut at its right edge
    phone.wait_for_function("() => document.querySelector('.end h2').getBoundingClientRect().top >= 0",
                            timeout=NEVER_MS)
    fits = "(() => { const e = document.querySelector('.end'); return e.scrollWidth <= e.clientWidth; })()"
    assert phone.evaluate(fits)
    for page, kind in ((phone, "phone"), (desktop, "desktop")):
        _painted(page)
        page.screenshot(path=str(shots / f"{game}-{kind}-end.png"))
        assert page.errors == []


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():  # a hand may be a {card: count} table
            yield k
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def _names(catalog):
    """id -> name for every entry of a game's catalog that has both."""
    found = {}

    def walk(value):
        if isinstance(value, dict):
            if isinstance(value.get("id"), str) and isinstance(value.get("name"), str):
                found[value["id"]] = value["name"]
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    walk(catalog)
    return found


#: what a tap can change: the move (main's seq), or the choices offered (the next step, a confirmation)
STEP = """() => [document.querySelector('main').dataset.seq,
  document.querySelector('.actions .choices')?.innerText ?? '', !!document.querySelector('.confirm')]"""


def _tap_first(page, seq):
    """Tap the first choice, step after step (what, then which), until the move is made."""
    seq = str(seq)  # as the page holds it, in main's data-seq
    for _ in range(8):
        before = page.evaluate(STEP)
        confirm = page.locator(".confirm .primary")
        if confirm.count():
            confirm.first.click()
        else:
            page.locator(".actions .choices button:not(.back):not([disabled])").first.click()
        # the tap had its effect: the move was made, or its next step is shown
        page.wait_for_function(f"(before) => JSON.stringify(({STEP})()) !== JSON.stringify(before)", arg=before,
                               timeout=NEVER_MS)
        if page.get_attribute("main", "data-seq") != seq:
            return
    raise AssertionError("tapping the first choices made no move")


#: the key piece in view and clear of the choices, measured in the page (the wait returns the boxes it saw)
IN_VIEW = f"(keys) => {{ const b = ({BOXES})(keys); return ({CLEAR})(b) && b; }}"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_key_piece_comes_back_into_view_when_the_page_shifts_at_your_decision(server, page_at, game):
    """At Mia's decision on a phone, something above the board grows with no new view (a font that arrives late,
    the "Since your move" lines folding away when a move's answer lands after the next view): the key piece moves
    with it, and the page puts it back in view, clear of the choices. (Until 7 December only a new view or a change
    of the sheet's height did, and CI's busy run caught a Prowl hand left under the choices.)"""
    players, options = GAMES[game]
    made = new_table(server, game=game, players=players, options=options, seed=3, names={"0": "Mia"},
                     bots={str(s): "heuristic" for s in range(1, players)})
    phone = page_at("phone")
    phone.goto(f"{server.url}/tables/{made['id']}#token={made['seats'][0]['token']}")
    phone.wait_for_selector(".sheet.mine .actions", timeout=NEVER_MS)
    # as a browser that does not anchor the scroll (Safari before 2025): Chromium's anchoring keeps a scrolled page's
    # content still when what is above it grows, and would hide the case where the page is at its top
    phone.evaluate("() => { document.documentElement.style.overflowAnchor = 'none'; }")
    for grown in range(220, 220 * 20, 220):
        before = phone.wait_for_function(IN_VIEW, arg=KEYS[game], timeout=NEVER_MS).json_value()
        seq = phone.get_attribute("main", "data-seq")
        # the banner above the board grows by a third of the screen: the key piece drops under the choices
        phone.evaluate("(px) => { document.querySelector('main .turn').style.paddingTop = px + 'px'; }", grown)
        _painted(phone)
        after = phone.wait_for_function(IN_VIEW, arg=KEYS[game], timeout=NEVER_MS).json_value()
        if phone.get_attribute("main", "data-seq") == seq:  # no new view came meanwhile: the shift alone moved it
            break
    else:
        raise AssertionError("the bots moved at every try: no shift was seen alone")
    assert _in_view_and_clear(after), (before, after)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_two_players_see_each_others_moves_live_and_never_each_others_secrets(server, page_at, game):
    players, options = GAMES[game]
    made = new_table(server, game=game, players=players, seed=5, options=options,
                     bots={str(s): "heuristic" for s in range(2, players)})
    table = made["id"]
    tokens = {s["seat"]: s["token"] for s in made["seats"] if s["token"]}
    pages = {}
    for seat in (0, 1):
        pages[seat] = page_at("desktop")
        pages[seat].goto(f"{server.url}/tables/{table}#token={tokens[seat]}")
        pages[seat].wait_for_selector(".board")
    names = _names(httpx.get(f"{server.url}/api/games/{game}/catalog").json())
    checked = 0
    for _ in range(25):
        views = {s: httpx.get(f"{server.url}/api/tables/{table}", headers={"Authorization": f"Bearer {tokens[s]}"})
                 .json() for s in (0, 1)}
        seq = views[0]["seq"]
        # the bots may move between that read and the pages' next push: compare a page only at that very seq
        for seat in (0, 1):
            pages[seat].wait_for_function("(s) => Number(document.querySelector('main')?.dataset.seq) >= s", arg=seq)
        if any(int(pages[seat].locator("main").get_attribute("data-seq")) != seq for seat in (0, 1)):
            continue
        for seat in (0, 1):
            mine = views[seat]["observation"]
            seen = set(_strings(mine)) | set(views[seat]["log"]) | set(views[seat]["labels"])
            seen_text = " ".join(seen)
            # what the other seat holds in secret and this seat's observation does not show
            secrets = {x for x in _strings(views[1 - seat]["observation"]["private"] or {})
                       if x in names and x not in seen}
            dom = pages[seat].content()  # attributes too: a title or an aria-label must not leak either
            for secret in secrets:
                if "_" in secret:  # a distinctive id ("spring_high_mage"), not a word a page may use ("wound")
                    assert secret not in dom, (game, seat, secret)
                if names[secret] not in seen_text and all(names[secret] != names.get(x) for x in seen):
                    assert not re.search(rf"\b{re.escape(names[secret])}\b", dom), (game, seat, names[secret])
                checked += 1
        if views[0]["result"]:
            break
        mover = next((s for s in (0, 1) if views[s]["legal"]), None)
        if mover is None:  # the bots' turn: wait for the next change
            pages[0].wait_for_selector(f"main:not([data-seq='{seq}'])", timeout=NEVER_MS)
            continue
        _tap_first(pages[mover], seq)
        # the other player's page shows the move without a reload
        pages[1 - mover].wait_for_selector(f"main:not([data-seq='{seq}'])", timeout=NEVER_MS)
    if game in ("prowl", "growl"):  # hands are secret from the first move; elsewhere secrets may come later
        assert checked > 0


def test_a_reload_mid_game_resumes(server, page_at):
    made = new_table(server, game="prowl", players=3, seed=2, bots={"1": "heuristic", "2": "heuristic"})
    token = made["seats"][0]["token"]
    page = page_at("phone")
    page.goto(f"{server.url}/tables/{made['id']}#token={token}")
    page.locator(".actions .choices button:not(.back)").first.click()
    confirm = page.locator(".confirm .primary")
    if confirm.count():
        confirm.first.click()
    page.wait_for_function("() => document.querySelector('.log li')")
    before = page.locator(".log").inner_text()
    page.reload()
    page.wait_for_selector(".board")
    page.wait_for_function("(text) => document.querySelector('.log').innerText.startsWith(text.slice(0, 40))",
                           arg=before)
    assert "(seat 1)" in page.inner_text("header")
    # the token is remembered: the same table without the fragment is still this seat's
    page.goto(f"{server.url}/tables/{made['id']}")
    page.wait_for_selector(".board")
    assert "(seat 1)" in page.inner_text("header")


def _from_the_lobby(page, server, game_title, seats, shot=None):
    """Set up a table in the lobby as a person would: the game, the players, each seat after seat 0 (yours)."""
    page.goto(server.url + "/")
    page.click(f"text={game_title}")
    page.select_option("#players", str(len(seats) + 1))
    for i, choice in enumerate(seats, 1):
        page.select_option(f"#seat-{i}", choice)
    if shot:
        page.screenshot(path=str(shot), full_page=True)
    page.click("text=Create the table")
    return [page.locator(".made input").nth(i).input_value() for i in range(seats.count("friend"))]


def test_the_lobby_creates_a_table_with_links_and_lists_open_seats(server, page_at, shots):
    page = page_at("phone")
    seats = ["friend", "open", "normal"]
    link = _from_the_lobby(page, server, "Prowl: Clans & Cunning", seats, shots / "lobby-phone.png")[0]
    assert re.fullmatch(rf"{re.escape(server.url)}/tables/[\w-]+#token=[\w-]+", link)
    page.click("text=Take my seat")
    page.wait_for_selector(".board")
    assert "Waiting for every seat" in page.inner_text(".turn")
    assert page.locator(".seats li.acting").count() == 0  # nobody, a bot least of all, acts in the waiting room
    friend = page_at("desktop")
    friend.goto(server.url + "/")
    friend.locator(".open button", has_text="Join seat 3").first.click()
    friend.wait_for_selector(".board")
    assert "(seat 3)" in friend.inner_text("header")
    assert page.errors == [] and friend.errors == []


def _finish(server, table, token):
    """Play seat 0's first legal action until the game ends (its bots play the other seats)."""
    auth = {"Authorization": f"Bearer {token}"}
    for _ in range(2000):
        view = httpx.get(f"{server.url}/api/tables/{table}", headers=auth).json()
        if view["result"]:
            return
        if view["legal"]:
            httpx.post(f"{server.url}/api/tables/{table}/actions", headers=auth,
                       json={"seq": view["seq"], "action": view["legal"][0]})
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game", ["lobby", "lobby-made", "rules", "end", *sorted(GAMES)])
def test_no_serious_accessibility_violation(server, browser, game):
    # axe is injected as a script: this context alone ignores the page's content security policy
    page = browser.new_context(bypass_csp=True, **DESKTOP).new_page()
    if game == "lobby":
        page.goto(server.url + "/")
        page.wait_for_selector(".games button")
    elif game == "lobby-made":  # a table made, a friend's link with its QR code open
        page.goto(server.url + "/")
        page.fill("#my-name", "Mia")
        page.click("text=Voodoo")
        page.select_option("#seat-1", "friend")
        page.click("text=Create the table")
        page.click(".share button:has-text('QR code')")
        page.wait_for_selector("svg.qr")
    elif game == "rules":
        page.goto(server.url + "/rules/growl")
        page.wait_for_selector("main.rules h1")
    elif game == "end":  # the end screen with its score table
        made = new_table(server, game="prowl", players=3, seed=6, names={"0": "Mia"},
                         bots={"1": "random", "2": "heuristic"})
        _finish(server, made["id"], made["seats"][0]["token"])
        page.goto(f"{server.url}/tables/{made['id']}#token={made['seats'][0]['token']}")
        page.wait_for_selector(".end table.scores")
    else:
        players, options = GAMES[game]
        made = new_table(server, game=game, players=players, options=options,
                         bots={str(s): "heuristic" for s in range(1, players)})
        page.goto(f"{server.url}/tables/{made['id']}#token={made['seats'][0]['token']}")
        page.wait_for_selector(".board")
    violations = axe_check(page)
    print(f"\naxe on {game}: {len(violations)} serious or critical violations")
    assert violations == []


def test_the_first_load_is_small(server):
    scripts = ["/static/app.js", "/static/lib.js", "/static/ui.js", "/static/vendor/preact.module.js",
               "/static/vendor/hooks.module.js", "/static/vendor/htm.module.js"]
    total = sum(len(httpx.get(server.url + path).content) for path in scripts)
    biggest_view = max(len(httpx.get(f"{server.url}/static/games/{g}.js").content) for g in hexbox.games()
                       if httpx.get(f"{server.url}/static/games/{g}.js").status_code == 200) \
        if any(httpx.get(f"{server.url}/static/games/{g}.js").status_code == 200 for g in hexbox.games()) else 0
    print(f"\nfirst load: {total} bytes of script, plus {biggest_view} for the largest game view")
    assert total + biggest_view <= 150_000


def test_a_finished_game_replays_step_by_step_as_any_seat(server, page_at, shots):
    made = new_table(server, game="prowl", players=2, seed=4, bots={"1": "heuristic"})
    token = made["seats"][0]["token"]
    page = page_at("phone")
    page.goto(f"{server.url}/tables/{made['id']}#token={token}")
    _play_to_the_end(page)
    page.click("text=Replay the game")
    page.wait_for_selector("nav[aria-label='steps']")
    steps = httpx.get(f"{server.url}/api/tables/{made['id']}/replay").json()["steps"]
    assert page.inner_text("nav [role='status']") == f"move 0 of {steps}"
    page.click("[aria-label='next move']")
    page.click("[aria-label='next move']")
    page.wait_for_function("() => document.querySelector(\"nav [role='status']\").innerText.startsWith('move 2 ')")
    spectator = page.inner_text(".board")
    page.select_option("#as", "0")  # as seat 0: its own hand is shown again
    page.wait_for_function("(before) => document.querySelector('.board').innerText !== before", arg=spectator)
    page.click("[aria-label='last move']")
    page.wait_for_function(f"() => document.querySelector(\"nav [role='status']\").innerText === "
                           f"'move {steps} of {steps}'")
    page.screenshot(path=str(shots / "replay-phone.png"), full_page=True)
    assert page.errors == []


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_largest_table_fits_a_phone_in_portrait(server, page_at, shots, game):
    info = hexbox.game_info(game)
    players = info.max_players
    made = new_table(server, game=game, players=players, options=GAMES[game][1],
                     bots={str(s): "heuristic" for s in range(1, players)})
    for who, suffix in ((made["seats"][0]["token"], "seat"), (None, "spectator")):
        page = page_at("phone")
        page.goto(f"{server.url}/tables/{made['id']}" + (f"#token={who}" if who else ""))
        page.wait_for_selector(".board")
        _painted(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, (game, players, suffix)
        small = page.evaluate("""() => [...document.querySelectorAll('button, a.button, select, input')]
            .filter(e => e.offsetParent && (e.getBoundingClientRect().height < 43.5
                                            || e.getBoundingClientRect().width < 43.5))
            .map(e => e.outerHTML.slice(0, 80))""")
        assert small == [], (game, suffix, small)
        page.screenshot(path=str(shots / f"{game}-{players}p-{suffix}-phone.png"), full_page=True)
        assert page.errors == []


def test_three_devices_play_prowl_from_the_lobby_to_the_end_with_a_bot(server, page_at, shots):
    """The issue's scenario: one person creates a Prowl table for two friends and a bot, sends the links, and the
    three of them play it to the end, each on their own device."""
    host = page_at("phone")
    links = _from_the_lobby(host, server, "Prowl: Clans & Cunning", ["friend", "friend", "normal"])
    host.click("text=Take my seat")
    devices = [host]
    for kind, link in zip(("phone", "desktop"), links):
        friend = page_at(kind)
        friend.goto(link)
        devices.append(friend)
    for page in devices:
        page.wait_for_selector(".board")
    for _ in range(600):
        if all(page.locator(".end").count() for page in devices):
            break
        seq = devices[0].get_attribute("main", "data-seq")
        for page in devices:
            tap(page)
        try:  # wait for the next move to reach the host's screen (a tap may only have opened a step)
            devices[0].wait_for_selector(f"main:not([data-seq='{seq}'])", timeout=1_000)
        except sync_api.TimeoutError:
            pass
    else:
        raise AssertionError("the game did not end on every device")
    for i, page in enumerate(devices):
        page.screenshot(path=str(shots / f"prowl-three-devices-{i}.png"), full_page=True)
        assert page.errors == []
    # a friend proposes a rematch; the host sees it without a reload and accepts it, keeping the seat
    devices[1].click(".end button:has-text('Propose a rematch')")
    devices[1].wait_for_selector(".board")
    assert "(seat 2)" in devices[1].inner_text("header")
    devices[0].click(".end a:has-text('Accept: go to the rematch')")
    devices[0].wait_for_selector(".board")
    assert "(seat 1)" in devices[0].inner_text("header") and "/tables/" in devices[0].url
    assert devices[0].url.split("/tables/")[1].split("#")[0] == devices[1].url.split("/tables/")[1].split("#")[0]


def test_the_browser_and_the_terminal_show_the_same_steps_for_a_voodoo_menu(server, page_at):
    """The grouping of a long list is computed once (hexbox.core.choices): the terminal's steps and the browser's
    buttons are the same, the game's menu entry ("speak or emote") included."""
    import io
    import random

    from rich.console import Console

    from hexbox.core import Record
    from hexbox.core.choices import Item
    from hexbox.terminal import Stop, TerminalTable

    made = new_table(server, game="voodoo", players=3, options={"target_score": 5}, seed=3)
    state = hexbox.load("voodoo", players=3, target_score=5).new_state(3)
    seat = state.actors[0]
    view = httpx.get(f"{server.url}/api/tables/{made['id']}",
                     headers={"Authorization": f"Bearer {made['seats'][seat]['token']}"}).json()
    assert view["legal"] == [a.to_json() for a in state.legal_actions(seat)]  # the same position
    # the terminal: the first step, then into "speak or emote", then stop
    console = Console(file=io.StringIO(), width=120)
    table = TerminalTable(console, state, Record("voodoo", 3), [seat], {}, random.Random(0),
                          read=lambda prompt: next(answers))
    from hexbox.core.choices import group

    menu = hexbox.game_info("voodoo").hook("menu")
    titles = [g.title for g in group([Item.of(a, str(a)) for a in state.legal_actions(seat)], menu)]
    answers = iter([str(1 + titles.index("speak or emote")), "q"])
    items = [Item.of(a, str(a)) for a in state.legal_actions(seat)]
    with pytest.raises(Stop):
        table.pick(seat, items, state.default_action(seat), "")
    screen = console.file.getvalue()
    first, second = screen.split("speak or emote — which?")
    terminal = [re.findall(r"^\s+\d+\. (.+?)(?: \(default\))?$", part, re.M) for part in (first, second)]
    # the browser
    page = page_at("desktop")
    page.goto(f"{server.url}/tables/{made['id']}#token={made['seats'][seat]['token']}")
    page.wait_for_selector(".actions .choices button")
    shown = [page.locator(".actions .choices button:not(.back)").all_inner_texts()]
    page.click(".actions .choices button:has-text('speak or emote')")
    page.wait_for_selector(".actions .choices button.back")
    shown.append(page.locator(".actions .choices button:not(.back)").all_inner_texts())
    assert [[t.strip() for t in step] for step in shown] == terminal
    assert terminal[0][1:] == ["speak or emote … (96)"]
    assert terminal[1][0].startswith("emote … (") and terminal[1][1].startswith("say … (")
    assert page.errors == []


def test_two_people_see_each_others_names_and_moves_live(server, page_at):
    """Mia creates a Prowl table in the lobby with her name; Leo, with his, takes the open seat from the lobby's
    list. Each sees the other's name at the table without a reload, and the other's moves under that name."""
    mia = page_at("desktop")
    mia.goto(server.url + "/")
    mia.fill("#my-name", "Mia")
    mia.click("text=Prowl: Clans & Cunning")
    mia.select_option("#players", "3")
    mia.select_option("#seat-1", "open")
    mia.select_option("#seat-2", "normal")
    mia.click("text=Create the table")
    mia.click("text=Take my seat")
    mia.wait_for_selector(".board")
    assert "Mia" in mia.inner_text("header")
    leo = page_at("phone")
    leo.goto(server.url + "/")
    leo.fill("#my-name", "Leo <b>")  # plain text only: the markup's brackets never reach a page
    leo.reload()  # the name is remembered by the browser
    assert leo.input_value("#my-name") == "Leo b"
    leo.locator(".open li", has_text="with Mia").locator("button", has_text="Join seat 2").first.click()
    leo.wait_for_selector(".board")
    assert "Leo b" in leo.inner_text("header") and "(seat 2)" in leo.inner_text("header")
    mia.wait_for_function("() => document.querySelector('.seats').innerText.includes('Leo b')")
    assert "Mia" in leo.inner_text(".seats") and "Bot · normal" in leo.inner_text(".seats")
    # moves under names: whoever moves first, the other reads it in the log under that name (bounded by "never",
    # not by a number of looks: a busy machine makes the bot and the pushes slow, not absent)
    ends = time.monotonic() + NEVER
    while time.monotonic() < ends:
        for page, other, name in ((mia, leo, "Mia"), (leo, mia, "Leo b")):
            if page.locator(".sheet.mine .actions").count() and tap(page):
                page.wait_for_timeout(300)
                if name in other.inner_text(".log"):
                    assert "seat 0" not in other.inner_text(".log").lower()
                    assert mia.errors == [] and leo.errors == []
                    return
        mia.wait_for_timeout(200)
    raise AssertionError("neither saw the other's move under a name")


def test_a_refused_move_says_why_where_you_are_looking(server, page_at):
    made = new_table(server, game="voodoo", players=3, options={"target_score": 5}, seed=3, names={"2": "Mia"})
    seat = 2  # the first to act at this seed (the test of the steps above)
    page = page_at("phone")
    page.goto(f"{server.url}/tables/{made['id']}#token={made['seats'][seat]['token']}")
    page.wait_for_selector(".sheet.mine .actions")
    # the server refuses the move (as the engine would, with its reason); the page must show why, in view
    page.route("**/actions", lambda route: route.fulfill(
        status=422, content_type="application/json", body='{"detail": "seat 2 cannot roll now (phase2)"}'))
    page.locator(".actions .choices button", has_text="roll").first.click()
    page.wait_for_selector(".refused")
    box = page.locator(".refused").bounding_box()
    assert "seat 2 cannot roll now" in page.inner_text(".refused")
    assert 0 <= box["y"] and box["y"] + box["height"] <= 640
    assert page.errors == []


def test_your_choices_stay_closed_from_your_move_until_its_view_arrives(server, page_at):
    """The server answers a move's POST and pushes the move's view over the websocket, in either order. Until that
    view arrives the choices on screen are the ones just answered: a second tap sent a move the table had moved past
    (a 409), and a test's tap waited for a button the view then took away (found by CI on a busy machine). The
    page holds the server's pushes here, so the answer certainly comes first."""
    made = new_table(server, game="voodoo", players=3, options={"target_score": 5}, seed=3)
    seat = 2  # the first to act at this seed (the test of the steps above)
    held, sockets, holding = [], [], [False]

    def hold_the_pushes(ws):
        upstream = ws.connect_to_server()  # the page's own messages still go through untouched
        sockets.append(ws)
        upstream.on_message(lambda m: held.append(m) if holding[0] else ws.send(m))

    page = page_at("phone")
    page.route_web_socket(re.compile(r"/ws$"), hold_the_pushes)
    page.goto(f"{server.url}/tables/{made['id']}#token={made['seats'][seat]['token']}")
    page.wait_for_selector(".sheet.mine .actions .choices button:not([disabled])")
    seq = page.get_attribute("main", "data-seq")
    holding[0] = True  # from here on the server's pushes wait in `held`
    with page.expect_response("**/actions") as answer:
        page.locator(".actions .choices button", has_text="roll").first.click()
    assert answer.value.ok
    answer.value.finished()
    # the page has read the answer: two frames later, and a moment more on a busy machine
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    page.wait_for_timeout(300)
    assert page.get_attribute("main", "data-seq") == seq  # the move's view is held back
    enabled = page.locator(".actions .choices button:not([disabled])")
    assert enabled.count() == 0, enabled.all_inner_texts()
    deadline = time.monotonic() + NEVER
    while not held and time.monotonic() < deadline:  # the move's view comes, and waits
        page.wait_for_timeout(50)
    assert held
    while held:  # (Playwright runs the handler only inside its own calls: none comes between the last and the flag)
        sockets[-1].send(held.pop(0))
    holding[0] = False
    page.wait_for_selector(f"main:not([data-seq='{seq}'])")
    page.wait_for_selector(".sheet.mine .actions .choices button:not([disabled])")  # your next choice opens
    assert page.errors == []


def test_a_seat_link_is_copied_shared_or_shown_as_a_qr_code(server, page_at, shots):
    page = page_at("phone")
    page.goto(server.url + "/")
    page.click("text=Voodoo")
    page.select_option("#seat-1", "friend")
    page.click("text=Create the table")
    share = page.locator(".made .share").first
    link = share.locator("input").input_value()
    # on a plain-http address the clipboard API may be refused: the link is then selected for a manual copy
    page.evaluate("() => { Object.defineProperty(navigator, 'clipboard', {value: {writeText: () => "
                  "Promise.reject(new Error('refused'))}}); }")
    share.locator("button", has_text="Copy").click()
    page.wait_for_function("() => document.querySelector('.share .said').innerText.length > 0")
    said = share.locator(".said").inner_text()
    assert said in ("Copied ✓", "Select the link and copy it")
    assert page.evaluate("() => document.activeElement.tagName") == "INPUT"  # selected, for a manual copy
    share.locator("button", has_text="QR code").click()
    qr = share.locator("svg.qr")
    qr.wait_for()
    assert qr.get_attribute("aria-label") == "QR code of the link for seat 2"
    # the code is drawn from the vendored library, served by this server: the page fetched nothing elsewhere
    path = qr.locator("path").get_attribute("d")
    assert path.count("h1v1") > 200
    page.screenshot(path=str(shots / "lobby-share-phone.png"), full_page=True)
    assert link.startswith(server.url) and page.errors == []


def test_the_rules_are_readable_in_the_browser_with_every_cards_text(server, page_at):
    from hexbox.core.texts import texts

    page = page_at("phone")
    page.goto(server.url + "/")
    page.click("text=Rules of Voodoo")
    page.wait_for_selector("main.rules h1")
    text = page.inner_text("main.rules")
    assert all(card.name in text for card in texts("voodoo").named())
    assert httpx.get(server.url + "/rules/nonsense").status_code == 404


def test_static_files_are_compressed_and_cached_and_updates_measured(server):
    """gzip for whoever asks, cache headers, and the byte counts of the first load and of a table's updates."""
    app = httpx.get(server.url + "/static/app.js", headers={"Accept-Encoding": "gzip"})
    assert app.headers["content-encoding"] == "gzip" and app.headers["cache-control"] == "no-cache"
    assert app.headers.get("etag")
    again = httpx.get(server.url + "/static/app.js", headers={"If-None-Match": app.headers["etag"]})
    assert again.status_code == 304
    vendor = httpx.get(server.url + "/static/vendor/preact.module.js")
    assert "max-age" in vendor.headers["cache-control"]
    scripts = ["/static/app.js", "/static/lib.js", "/static/ui.js", "/static/vendor/preact.module.js",
               "/static/vendor/hooks.module.js", "/static/vendor/htm.module.js"]
    raw = zipped = 0
    for path in scripts:
        r = httpx.get(server.url + path, headers={"Accept-Encoding": "gzip"})
        raw += len(r.content)
        zipped += int(r.headers.get("content-length", len(r.content)))
    print(f"\nfirst load: {raw} bytes of script, {zipped} bytes over the wire (gzip)")
    sizes = {}
    for game, (players, options) in GAMES.items():
        made = new_table(server, game=game, players=players, options=options, seed=1,
                         bots={str(s): "heuristic" for s in range(1, players)})
        view = httpx.get(f"{server.url}/api/tables/{made['id']}", headers={
            "Authorization": f"Bearer {made['seats'][0]['token']}", "Accept-Encoding": "gzip"})
        sizes[game] = (len(view.content), int(view.headers.get("content-length", 0)))
    print("a table's view (raw, gzip): " + ", ".join(f"{g} {r}/{z}" for g, (r, z) in sizes.items()))
    assert all(z < r for r, z in sizes.values())


def test_your_clock_is_big_when_it_runs_low(server, page_at):
    made = new_table(server, game="prowl", players=2, seed=2, names={"0": "Mia"}, bots={"1": "heuristic"},
                     options={"clock_seconds": 12, "bank_seconds": 0})
    page = page_at("phone")
    page.goto(f"{server.url}/tables/{made['id']}#token={made['seats'][0]['token']}")
    page.wait_for_selector(".sheet.mine .actions")
    timer = page.locator(".sheet .timer")  # beside the choices, where you are looking
    # low from 15 s left, so from the start of the 12-second turn until it runs out (a wait past that is "never")
    page.wait_for_selector(".sheet .timer.low", timeout=NEVER_MS)
    size = float(timer.evaluate("e => getComputedStyle(e).fontSize").removesuffix("px"))
    assert size >= 1.5 * 16, size  # big: half as large again as the text around it
    box = timer.bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= 640
    assert page.errors == []


def test_the_your_turn_sound_is_off_until_turned_on_and_remembered(server, page_at):
    made = new_table(server, game="prowl", players=2, seed=2, names={"0": "Mia"}, bots={"1": "heuristic"})
    page = page_at("phone")
    page.goto(f"{server.url}/tables/{made['id']}#token={made['seats'][0]['token']}")
    page.wait_for_selector(".sheet.mine .actions")
    assert page.evaluate("window.hexboxSignals.sounds") == 0  # off by default
    toggle = page.locator("button[aria-label='a sound when it is your turn']")
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "true"
    turns = page.evaluate("window.hexboxSignals.turns")
    for _ in range(10):  # play until the turn comes back
        seq = page.get_attribute("main", "data-seq")
        tap(page)
        page.wait_for_selector(f"main:not([data-seq='{seq}']), .actions .back, .confirm, .end", timeout=NEVER_MS)
        if page.evaluate("window.hexboxSignals.turns") > turns or page.locator(".end").count():
            break
    page.wait_for_function("() => window.hexboxSignals.sounds >= 1", timeout=NEVER_MS)
    page.reload()
    page.wait_for_selector(".board")
    assert page.locator("button[aria-label='a sound when it is your turn']").get_attribute("aria-pressed") == "true"
    assert page.errors == []


def test_what_just_changed_on_the_board_is_marked(server, page_at, shots):
    made = new_table(server, game="voodoo", players=3, options={"target_score": 5}, seed=3, names={"0": "Mia"},
                     bots={"1": "heuristic", "2": "heuristic"})
    page = page_at("desktop")
    page.goto(f"{server.url}/tables/{made['id']}#token={made['seats'][0]['token']}")
    page.wait_for_selector(".sheet.mine .actions")
    page.locator(".actions .choices button", has_text="roll").first.click()  # the dice come out of the bag
    page.wait_for_selector(".board .fresh", timeout=NEVER_MS)
    page.screenshot(path=str(shots / "voodoo-changed-desktop.png"))
    assert page.locator(".board .v-bag .fresh").count() >= 1  # the rolled dice are among what changed
    assert page.errors == []
