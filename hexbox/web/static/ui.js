// Parts every table has: cards with their text on tap, the action picker, the log, the clock, chat, seats, the end.
import { useEffect, useRef, useState } from "preact/hooks";
import { html, personOf, Seat, seatColour, seatSymbol, title, touch } from "./lib.js";

// A card: its name, and its text shown on tap or Enter (no hover needed). `symbol` is shown beside the name so
// that no colour carries meaning alone.
export function Card({ name, text, symbol = "", kind = "", selected = false, onPick = null, hint = "" }) {
  const [open, setOpen] = useState(false);
  const label = `${symbol ? symbol + " " : ""}${name}`;
  return html`<span class=${`card ${kind} ${selected ? "selected" : ""}`}>
    <button type="button" class="card-name" aria-expanded=${text ? open : undefined}
      onClick=${() => (onPick ? onPick() : setOpen(!open))} title=${hint || undefined}>${label}</button>
    ${text && onPick ? html`<button type="button" class="card-info" aria-label=${`about ${name}`}
      aria-expanded=${open} onClick=${() => setOpen(!open)}>i</button>` : null}
    ${open && text ? html`<span class="card-text" role="note">${text}</span>` : null}
  </span>`;
}

// The seat's legal actions, and only those. A short list is a row of buttons; a long one is chosen in steps,
// first what (the kind), then which, each step a short list: the steps come grouped from the server
// (`choices`, hexbox.core.choices), the same the terminal shows. `focus` (from the board, e.g. a tapped card)
// narrows the list. Secret choices that cannot be taken back ask for a second tap on a touch screen.
export function ActionPicker({ legal, labels, choices = null, onAct, focus = null, onClearFocus,
                               confirmKinds = new Set(), busy = false }) {
  const [path, setPath] = useState([]); // the groups chosen so far, by their index at each step
  const [pending, setPending] = useState(null);
  useEffect(() => {
    setPath([]);
    setPending(null);
  }, [JSON.stringify(legal), focus]);
  if (!legal.length) return null;
  const all = legal.map((action, i) => ({ action, label: labels[i] || action.kind }));
  let items = all;
  let step = null;
  if (focus) {
    const narrowed = items.filter((it) => focus(it.action));
    if (narrowed.length) items = narrowed;
  } else {
    step = choices;
    for (const i of path) {
      const group = step && step.groups[i];
      if (!group) break;
      items = group.actions.map((a) => all[a]);
      step = group.then;
    }
  }
  const act = (item) => {
    if (confirmKinds.has(item.action.kind) && touch() && pending !== item) {
      setPending(item);
      return;
    }
    setPending(null);
    onAct(item.action);
  };
  const back = path.length || focus ? html`<button type="button" class="back" onClick=${() => {
    if (path.length) setPath(path.slice(0, -1));
    else if (onClearFocus) onClearFocus();
  }}>← back</button>` : null;
  return html`<section class="actions" aria-label="your move">
    ${pending ? html`<div class="confirm" role="alert">
        <button type="button" class="primary" onClick=${() => act(pending)}>Tap again to confirm: ${pending.label}</button>
        <button type="button" onClick=${() => setPending(null)}>cancel</button></div>` : null}
    <div class=${`choices ${step?.amount ? "amounts" : ""}`}>
      ${back}
      ${step
        ? step.groups.map((group, i) => html`<button type="button" disabled=${busy} data-group=${group.title}
            onClick=${() => (group.actions.length === 1 ? act(all[group.actions[0]]) : setPath([...path, i]))}>
            ${group.actions.length === 1 ? all[group.actions[0]].label : `${group.title} … (${group.actions.length})`}
          </button>`)
        : items.map((it) => html`<button type="button" disabled=${busy}
            class=${pending === it ? "primary" : ""} onClick=${() => act(it)}>${it.label}</button>`)}
    </div>
  </section>`;
}

// The seconds left on the decision now open; the number is read out only when it changes by ten.
export function Timer({ deadline }) {
  const [now, setNow] = useState(Date.now() / 1000);
  useEffect(() => {
    if (!deadline) return undefined;
    const id = setInterval(() => setNow(Date.now() / 1000), 250);
    return () => clearInterval(id);
  }, [deadline]);
  if (!deadline) return null;
  const left = Math.max(0, Math.ceil(deadline - now));
  return html`<span class=${`timer ${left <= 15 ? "low" : ""} ${left <= 5 ? "urgent" : ""}`} role="timer"
    aria-label=${`${left} seconds left`}>⏱ ${left}s</span>`;
}

export function Log({ lines }) {
  const end = useRef(null);
  useEffect(() => {
    if (end.current) end.current.scrollTop = end.current.scrollHeight;
  }, [lines.length]);
  return html`<section class="log" aria-label="what happened">
    <h2>Log</h2>
    <ol ref=${end} tabindex="0" aria-label="log lines" start=${Math.max(1, lines.length - 199)}>
      ${lines.slice(-200).map((line) => html`<li>${line}</li>`)}</ol>
    <p class="sr-only" aria-live="polite">${lines[lines.length - 1] || ""}</p>
  </section>`;
}

export const REACTIONS = ["👍", "👎", "😂", "😮", "🤔", "🐺", "🧛", "💀", "🙏", "👏"];

export function Chat({ messages, onSay, silent, room }) {
  const [text, setText] = useState("");
  const [error, setError] = useState("");
  const say = async (body) => {
    try {
      await onSay(body);
      setText("");
      setError("");
    } catch (e) {
      setError(e.message);
    }
  };
  return html`<section class="chat" aria-label=${`chat with the ${room}`}>
    <h2>Chat <small>(${room})</small></h2>
    <ol tabindex="0" aria-label="messages">${messages.map((m) => html`<li><b>${m.who || m.speaker}:</b>
      <span class=${m.kind}>${m.text}</span></li>`)}</ol>
    ${silent ? html`<p class="note">The rules keep the table silent now.</p>` : html`
      <form onSubmit=${(e) => { e.preventDefault(); if (text.trim()) say({ text }); }}>
        <label class="sr-only" for="chat-text">message</label>
        <input id="chat-text" value=${text} maxlength="280" autocomplete="off" placeholder="say something"
          onInput=${(e) => setText(e.target.value)} />
        <button type="submit">Send</button>
      </form>
      <div class="reactions">${REACTIONS.map((r) => html`<button type="button" aria-label=${`react ${r}`}
        onClick=${() => say({ reaction: r })}>${r}</button>`)}</div>`}
    ${error ? html`<p class="error" role="alert">${error}</p>` : null}
  </section>`;
}

export function Seats({ seats, me, actors, scores = null }) {
  return html`<section class="seats" aria-label="seats">
    <ul>${seats.map((s) => html`<li class=${actors.includes(s.seat) ? "acting" : ""}>
      ${actors.includes(s.seat) ? html`<span aria-label="to act">▶ </span>` : null}
      <span class="seat-mark" style=${`--seat:${seatColour(s.seat)}`} aria-hidden="true">${seatSymbol(s.seat)}</span>
      <b>${s.seat === me ? `You (${personOf(s.seat)})` : personOf(s.seat)}</b>
      ${s.kind === "bot" ? html` <span aria-label="a bot">🤖</span>` : null}
      ${s.kind === "open" ? html` <small>open seat</small>` : null}
      ${s.kind === "human" && s.present === false ? html` <small>⏸ away — a bot stands in</small>` : null}
      ${scores ? html` <span class="score">${scores[String(s.seat)]}</span>` : null}
    </li>`)}</ul>
  </section>`;
}

// "29 turns played · 4 players · 3 bots"
const numbers = (turns, seats) => {
  const bots = seats.filter((s) => s.kind === "bot").length;
  return `${turns} turn${turns === 1 ? "" : "s"} played · ${seats.length} players · ${bots} bot${bots === 1 ? "" : "s"}`;
};

// The end: who won and why, in the server's words; every seat's side, role or goals and the cards the rules reveal
// at the end, in a labelled table; the replay and a rematch.
export function EndScreen({ result, me, seats, onRematch, rematch, tableId, canPropose, token, turns = 0 }) {
  const won = result.verdict === "won";
  const rows = result.seats || [];
  const hasScores = rows.some((r) => r.score !== null && r.score !== undefined);
  const hasRoles = rows.some((r) => r.role);
  // why each side won or lost: once per side below the table, or beside each seat where seats of a side differ
  const whys = [...new Set(rows.map((r) => r.why).filter((w) => w))];
  const perSeat = rows.some((a) => rows.some((b) => a.won === b.won && a.why !== b.why));
  const order = hasScores ? [...rows].sort((a, b) => (b.score ?? 0) - (a.score ?? 0)) : rows;
  const columns = 2 + (hasRoles ? 1 : 0) + (hasScores ? 1 : 0);
  const heading = me === null ? `Game over: ${result.headline}` : won ? `🏆 ${result.headline}!`
    : `Game over — ${result.headline}`;
  // the end comes while the page is scrolled to the last decision's key piece: bring the verdict into view once
  const box = useRef(null);
  useEffect(() => box.current?.scrollIntoView({ block: "start" }), []);
  return html`<section class="end" aria-labelledby="end-title" ref=${box}>
    <h2 id="end-title">${heading}</h2>
    <p class="why"><b>Why:</b> ${result.reason.replace(/\.$/, "")}.${me !== null && !won
      ? " You did not win this time." : ""}</p>
    <table class="scores">
      <caption>Every seat at the end</caption>
      <thead><tr><th scope="col">Player</th>${hasRoles ? html`<th scope="col">Side · role</th>` : null}
        ${hasScores ? html`<th scope="col">Score</th>` : null}<th scope="col">Result</th></tr></thead>
      ${order.map((r) => html`<tbody class=${r.you ? "me" : ""}><tr>
        <th scope="row"><span class="seat-mark" style=${`--seat:${seatColour(r.seat)}`} aria-hidden="true">
          ${seatSymbol(r.seat)}</span> ${r.you ? `You (${r.name})` : r.name}</th>
        ${hasRoles ? html`<td>${r.role || "—"}</td>` : null}
        ${hasScores ? html`<td>${r.score ?? "—"}</td>` : null}
        <td>${r.won ? "🏆 won" : "lost"}${perSeat ? html`<br /><small>${r.why}</small>` : null}</td></tr>
        ${r.hidden ? html`<tr class="revealed"><td colspan=${columns}><small>${r.hidden}</small></td></tr>` : null}
      </tbody>`)}
    </table>
    ${!perSeat && whys.length ? html`<ul class="sides">${whys.map((w) => html`<li>${w[0].toUpperCase() + w.slice(1)}.</li>`)}</ul>` : null}
    ${turns ? html`<p class="numbers">${numbers(turns, seats)}</p>` : null}
    <div class="choices">
      <a class="button" href=${`/tables/${tableId}/replay`}>Replay the game</a>
      ${rematch ? html`<span role="status">A rematch is proposed, with the same seats:</span>
          <a class="button primary" href=${`/tables/${rematch}${token ? `#token=${token}` : ""}`}>Accept: go to the rematch</a>`
        : canPropose ? html`<button type="button" class="primary" onClick=${onRematch}>Propose a rematch</button>`
          : html`<small>A player may propose a rematch; its link appears here.</small>`}
    </div>
  </section>`;
}

// A readable board for any game without a view of its own: the public and private halves of the observation as
// nested lists. Seats read as people do, by name or counted from 1: the numbers under a seat's key ("active",
// "winners", "first_seat"), and the keys of a table by seat ({"0": …}). A card's id reads as its name.
const SEAT_KEY = /^(seats?|active|actors?|first|winners?|losers?|dealer|leader|turn_of|current|\w+_seats?|seat_\w+)$/;
export function GenericBoard({ obs, catalog }) {
  const word = (v) => catalog?.texts?.[v]?.name || title(v);
  const show = (value, key = "") => {
    const seats = SEAT_KEY.test(key);
    if (value === null || value === undefined) return html`<i>—</i>`;
    if (seats && Number.isInteger(value)) return Seat(value);
    if (Array.isArray(value)) {
      if (!value.length) return html`<i>none</i>`;
      if (seats && value.every(Number.isInteger)) return value.map((v) => Seat(v)).join(", ");
      if (value.every((v) => typeof v !== "object" || v === null)) return value.map((v) => word(String(v))).join(", ");
      return html`<ol>${value.map((v) => html`<li>${show(v)}</li>`)}</ol>`;
    }
    if (typeof value === "object") {
      const bySeat = (k) => /^\d+$/.test(k) && seats; // {"0": …} under a seat's key ("seats": {"0": …})
      return html`<dl>${Object.entries(value).map(([k, v]) => html`<dt>${bySeat(k) ? Seat(Number(k)) : title(k)}</dt>
        <dd>${show(v, k)}</dd>`)}</dl>`;
    }
    return typeof value === "string" ? word(value) : String(value);
  };
  return html`<div class="generic">
    <section><h2>Table</h2>${show(obs.public)}</section>
    ${obs.private ? html`<section class="mine"><h2>Only you see</h2>${show(obs.private)}</section>` : null}
  </div>`;
}
