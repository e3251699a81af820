"""A table at the terminal (``hexbox play``): what a person meets between two of their moves.

- The log: every sentence the seat was told since its last decision (the game's own words for that viewer, never
  ``str(action)`` of another seat), with eliminations, deaths and reveals standing out; then the table as it
  stands, then the choice, so that both stay on the screen however long the log.
- Choosing: a short list of legal actions is numbered 1..n; a long one is chosen in steps, first what (the kind of
  move, or an entry the game's ``menu`` hook puts several kinds under), then which, field by field, each step a
  short list numbered 1..n. A step of amounts (a bid, a trait) shows what each number means. A decision with a
  single legal action is taken without asking, and said. Keys typed while the bots think are thrown away, so
  that they do not answer the next prompt.
- Hotseat: at each handover the screen and the terminal's scrollback are wiped (ESC[2J and ESC[3J), so the next
  person cannot scroll up to the last one's hand.
- Names: ``names`` (seat -> name) name people in every sentence, the same way the server does (hexbox.core.people).
- ``?`` shows the text of every card, tile or curse named on the screen (the game's ``cards.toml``); ``q`` (or
  Ctrl-C, Ctrl-D) stops the game and writes its record, which ``hexbox play --resume FILE`` continues.
- The end: one line saying whether you won, who won and why, then the final reveal.
"""

from __future__ import annotations

import json
import random
import re
import sys
from collections.abc import Callable, Mapping
from typing import Any

from rich.console import Console
from rich.markup import escape

from hexbox.core import Action, Record, State, View, game_info
from hexbox.core.choices import Group, Item, amounts, group, humane
from hexbox.core.people import named
from hexbox.core.texts import texts as card_texts

#: words that make a log line stand out
STANDOUT = re.compile(r"\b(eliminat\w*|is out|are out|dies|died|dead|killed|slain|kills|reveal\w*|transform\w*|"
                      r"turns? into|wins?|won|broken)\b", re.IGNORECASE)


#: a sentence telling its viewer they are out of the game (GROWL's "You die.", Werebeasts' "You are eliminated.")
OUT = re.compile(r"^You (die|died|are eliminated|are out|are dead)\b")


class Stop(Exception):
    """The person stopped the game (q, Ctrl-C, Ctrl-D): the record is kept so the game can be resumed."""


# ---- the table -----------------------------------------------------------------------------------------------


class TerminalTable:
    """One game at the terminal: people at ``people`` (hotseat when several), bots at the other seats."""

    def __init__(self, console: Console, state: State, record: Record, people: list[int],
                 bots: Mapping[int, Any], rng: random.Random, read: Callable[[str], str] | None = None,
                 names: Mapping[int, str] | None = None):
        self.console = console
        self.state = state
        self.record = record
        self.people = people
        self.bots = bots
        self.rng = rng
        self.read = read or _read_line
        info = game_info(state.game.name)
        self.render = info.hook("render") or (lambda obs: escape(json.dumps(obs, indent=1)))
        self.label = info.hook("label") or (lambda _state, _seat, action: str(action))
        self.menu: Mapping[str, str] = info.hook("menu") or {}
        self.names: dict[int, str] = dict(names or {})
        self.unread: dict[int, list[str]] = {p: [] for p in people}
        self.last_viewer: int | None = None  # at a hotseat table, whose the screen is
        self._texts: list[tuple[str, str]] | None = None

    # ---- the loop

    def board(self, observation: Any) -> str:
        """The game's drawing of the table (Rich markup), with people's names where it says "seat 2"."""
        return named(self.render(observation), {s: escape(n) for s, n in self.names.items()})

    def who(self, seat: int) -> str:
        """A seat as the terminal names it: its person's name, else "seat 2"."""
        return self.names.get(seat) or f"seat {seat}"

    def wipe(self) -> None:
        """A clean screen with no scrollback: ESC[3J as well, or the next person scrolls up to the last one's hand."""
        self.console.clear()
        if self.console.is_terminal:
            self.console.file.write("\x1b[3J\x1b[H\x1b[2J")
            self.console.file.flush()

    def play(self) -> None:
        if len(self.people) > 1:
            self.console.print("[bold]Hotseat:[/bold] at each handover the screen and the terminal's scrollback are "
                               "wiped. Some terminals keep their own history (tmux, screen, an editor's console): "
                               "play hotseat in a plain terminal window, and look away while another person plays.")
        while not self.state.is_over:
            actors = self.state.actors
            bot_actors = [s for s in actors if s in self.bots]
            if bot_actors:  # bots speak first in an open window, so people can react to them
                seat = self.rng.choice(bot_actors)
                action = self.bots[seat].act(View.of(self.state, seat), self.rng)
            else:
                seat = actors[0]
                asked = len(self.state.legal_actions(seat)) > 1  # a choice of one is taken without the screen
                if len(self.people) > 1 and seat != self.last_viewer and asked:
                    self.wipe()
                    self.ask(f"Pass the screen to {self.who(seat)} and press Enter")
                    self.wipe()
                self.last_viewer = seat if asked else self.last_viewer
                action = self.decide(seat)
            self.apply(seat, action)
        self.end()

    def apply(self, seat: int, action: Action) -> None:
        events = self.state.apply(seat, action)
        self.record.actions.append((seat, action.to_json()))
        for p in self.people:  # each person hears only what that seat was told, never str(action) of another
            told = [named(line, self.names) for line in self.state.describe(events, p)]
            self.unread[p].extend(told)
            if not self.state.is_over and any(OUT.search(line) for line in told):
                self.tell_out(p)

    def tell_out(self, seat: int) -> None:
        """A person who is out of the game is told at once, not at the end: they may never decide again. At a
        hotseat table the screen goes to them first, and back to the table after."""
        hotseat = len(self.people) > 1
        if hotseat:
            self.wipe()
            self.ask(f"Pass the screen to {self.who(seat)} and press Enter")
            self.wipe()
        self.show_log(seat, "Since your last move:")
        self.console.print("[bold]You are out of the game; the others play on to the end.[/bold]")
        if hotseat:
            self.ask("Press Enter, then pass the screen on")
            self.wipe()
            self.last_viewer = None

    def ask(self, prompt: str) -> str:
        if self.read is _read_line:  # before the prompt shows: what is typed after it is an answer to it
            _discard_typed_ahead()
        self.console.print(prompt, end=" ")
        return self.read(prompt)

    # ---- a decision

    def show_log(self, seat: int, heading: str) -> None:
        lines = self.unread[seat]
        if lines:
            self.console.print(f"[bold]{heading}[/bold]")
            for line in lines:
                text = escape(line)
                self.console.print(f"  [bold yellow]{text}[/bold yellow]" if STANDOUT.search(line) else f"  {text}")
        self.unread[seat] = []

    def decide(self, seat: int) -> Action:
        state = self.state
        legal = state.legal_actions(seat)
        if len(legal) == 1:  # a choice of one is no choice: take it and say so
            self.show_log(seat, "Since your last move:")
            self.console.print(f"[dim]{escape(self.who(seat))}: only one move — "
                               f"{escape(named(self.label(state, seat, legal[0]), self.names))}[/dim]")
            return legal[0]
        # what happened first, then the table as it stands and the choice: on a long log the table and the choice
        # stay on the screen, and the log's beginning scrolls away above them
        self.console.rule(escape(self.who(seat)) + (f" (seat {seat})" if seat in self.names else ""))
        self.show_log(seat, "Since your last move:")
        screen = self.board(state.observe(seat))
        self.console.print(screen)
        default = state.default_action(seat)
        items = [Item.of(a, named(self.label(state, seat, a), self.names)) for a in legal]
        return self.pick(seat, items, default, screen)

    def pick(self, seat: int, items: list[Item], default: Action, screen: str) -> Action:
        path: list[Group] = []
        default_label = next(it.label for it in items if it.action is default or it.action == default)
        while True:
            current = path[-1].items if path else items
            groups = group(current, self.menu)
            by_amount = amounts(groups)
            options: list[Any] = groups if groups is not None else current
            # Enter means this step's default: the move the game suggests when it lies in this sub-menu, else back
            inside = any(it.action == default for it in current)
            enter = f"Enter: {default_label}" if inside or not path else "Enter: back"
            if path:
                self.console.print(f"[bold]{escape(path[-1].title)}[/bold] — which?")
            if by_amount:
                name, table = by_amount
                if len(table) <= 12:  # what each number means, as on every other prompt
                    for value, it in sorted(table.items()):
                        mark = " [bold](default)[/bold]" if it.action == default else ""
                        self.console.print(f"  {value:>3} = {escape(it.label)}{mark}")
                else:
                    self.console.print(f"  {escape(options[0].title)} … {escape(options[-1].title)}")
                back = "0" if 0 not in table else "b"
                self.hint([enter, f"{back}: back" if path and inside else "", "q: stop"])
                answer = self.ask(f"{self.who(seat)}, your choice — type the {humane(name)} "
                                  f"[{_spans(sorted(table))}]:").strip()
                if not answer and path and not inside:
                    path.pop()
                    continue
                if not answer:
                    return default
                if answer.lower() in ("q", "quit"):
                    raise Stop("stopped")
                if path and answer.lower() == back:
                    path.pop()
                    continue
                if answer.lstrip("-").isdigit() and int(answer) in table:
                    return table[int(answer)].action
                self.console.print(f"[red]not one of the amounts: {escape(answer)}[/red]")
                continue
            numbers = list(range(1, len(options) + 1))  # 1..n on every step: no gaps to puzzle over
            for i, o in zip(numbers, options):
                if isinstance(o, Group) and len(o.items) > 1:
                    self.console.print(f"  {i:>3}. {escape(o.title)} … ({len(o.items)})")
                else:
                    o = o.items[0] if isinstance(o, Group) else o
                    mark = " [bold](default)[/bold]" if o.action == default else ""
                    self.console.print(f"  {i:>3}. {escape(o.label)}{mark}")
            self.hint([enter, "0: back" if path and inside else "", "?: card texts", "q: stop"])
            answer = self.ask(f"{self.who(seat)}, your choice [{_spans(numbers)}]:").strip()
            if not answer and path and not inside:
                path.pop()
                continue
            if not answer:
                return default
            if answer == "?":
                self.explain(screen + "\n" + "\n".join(it.label for it in current))
                continue
            if answer.lower() in ("q", "quit"):
                raise Stop("stopped")
            if answer == "0" and path:
                path.pop()
                continue
            numbered = dict(zip(numbers, options))
            if answer.isdigit() and int(answer) in numbered:
                chosen = numbered[int(answer)]
                if isinstance(chosen, Group):
                    if len(chosen.items) == 1:
                        return chosen.items[0].action
                    path.append(chosen)
                    continue
                return chosen.action
            self.console.print(f"[red]not a choice: {escape(answer)!s}[/red]")

    def hint(self, keys: list[str]) -> None:
        """The keys of the prompt to come, on their own line so that the prompt itself stays short."""
        self.console.print("[dim]" + escape(" · ".join(k for k in keys if k)) + "[/dim]")

    # ---- card texts

    def explain(self, screen: str) -> None:
        found = []
        for name, text in self.texts():  # longest names first: "Super Salve" is not also "Salve"
            pattern = rf"(?<!\w){re.escape(name)}(?!\w)"
            first = re.search(pattern, screen)
            if first:
                found.append((first.start(), name, text))
                screen = re.sub(pattern, lambda m: " " * len(m.group(0)), screen)  # positions stay
        found = [(name, text) for _, name, text in sorted(found)]  # in the order the screen shows them
        if not found:
            self.console.print("[dim]no card, tile or curse with a text is named on this screen[/dim]")
        for name, text in found:
            self.console.print(f"[bold]{escape(name)}[/bold]: {escape(text)}")

    def texts(self) -> list[tuple[str, str]]:
        """(name, text) of every component, from the game's cards.toml (hexbox.core.texts), longest name first."""
        if self._texts is None:
            self._texts = list(dict.fromkeys((c.name, c.text) for c in card_texts(self.state.game.name).named()))
        return self._texts

    # ---- the end

    def end(self) -> None:
        result = self.state.result
        shown = self.people[0] if len(self.people) == 1 else None
        if len(self.people) > 1:
            self.console.clear()  # the end: everything is revealed, so the screen is shown to the whole table
        for p in self.people:
            self.show_log(p, "How it ended:" if len(self.people) == 1 else f"How it ended, as {self.who(p)} heard it:")
        self.console.rule("the end")
        self.console.print(f"[bold]{escape(end_line(result, self.people, self.names))}[/bold]")
        self.console.print(self.board(self.state.observe(shown)))


def end_line(result: Any, people: list[int], names: Mapping[int, str] | None = None) -> str:
    """One line: whether you won (when one person plays), who won and why, with people's names where given ("Seat
    2 wins" becomes "Mia wins": a name takes the grammar of "Seat 2")."""
    me = people[0] if len(people) == 1 else None
    winners = [f"{w}{' (you)' if w == me else ''}" for w in sorted(result.winners)]
    if not winners:
        who = "Nobody wins"
    elif len(winners) == 1:
        who = f"Seat {winners[0]} wins"
    else:
        who = f"Seats {', '.join(winners[:-1])} and {winners[-1]} win"
    why = f" — {result.reason}" if result.reason else ""
    verdict = "" if me is None else "You won! " if me in result.winners else "You lost. "
    return named(f"{verdict}{who}{why}", dict(names or {}))


def _spans(numbers: list[int]) -> str:
    """1, 2, 3, 5, 7, 8 → "1-3, 5, 7-8"."""
    out: list[str] = []
    start = prev = numbers[0]
    for n in [*numbers[1:], None]:
        if n is not None and n == prev + 1:
            prev = n
            continue
        out.append(str(start) if start == prev else f"{start}-{prev}")
        if n is not None:
            start = prev = n
    return ", ".join(out)


def _read_line(prompt: str) -> str:
    line = sys.stdin.readline()
    if not line:
        raise Stop("input ended")
    return line


def _discard_typed_ahead(stream: Any = None) -> None:
    """Keys pressed while the bots thought (or the screen was being drawn) are thrown away: they were not an answer
    to the prompt now shown. Only at a terminal; piped input is read as it comes."""
    stream = stream if stream is not None else sys.stdin
    try:
        if stream.isatty():
            import termios

            termios.tcflush(stream.fileno(), termios.TCIFLUSH)
    except (ImportError, OSError, ValueError):  # no termios (Windows), or no real stdin
        pass
