// The client's plumbing: markup (Preact + htm), the server's API, and a websocket that comes back by itself.
import { h, render } from "preact";
import htm from "htm";

export const html = htm.bind(h);
export { render };

export class ApiError extends Error {
  constructor(status, detail) {
    super(detail);
    this.status = status;
  }
}

export async function api(path, { method = "GET", token = null, body = undefined } = {}) {
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const reply = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await reply.json().catch(() => ({ detail: reply.statusText }));
  if (!reply.ok) throw new ApiError(reply.status, typeof data.detail === "string" ? data.detail : reply.statusText);
  return data;
}

// A JSON Patch (RFC 6902: add, remove, replace, as hexbox/server/patch.py makes them) applied to a copy of `doc`.
export function applyPatch(doc, ops) {
  let out = structuredClone(doc);
  for (const op of ops) {
    const parts = op.path.split("/").slice(1).map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
    if (!parts.length) {
      out = op.value;
      continue;
    }
    let parent = out;
    for (const part of parts.slice(0, -1)) parent = Array.isArray(parent) ? parent[Number(part)] : parent[part];
    const last = parts[parts.length - 1];
    if (op.op === "remove") {
      if (Array.isArray(parent)) parent.splice(Number(last), 1);
      else delete parent[last];
    } else if (Array.isArray(parent)) {
      if (last === "-") parent.push(op.value);
      else if (op.op === "add") parent.splice(Number(last), 0, op.value);
      else parent[Number(last)] = op.value;
    } else {
      parent[last] = op.value;
    }
  }
  return out;
}

// The viewer's state of a table, pushed after every change. Reconnects after a dropped network or a server restart,
// waiting a little longer each time; `onState` gets every answer, `onStatus` "live", "connecting" or "closed: why".
export function watchTable(tableId, token, onState, onStatus) {
  let socket = null;
  let stopped = false;
  let wait = 500;
  const open = () => {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    // the token goes in the first message, never in the URL (servers and proxies log URLs)
    socket = new WebSocket(`${scheme}://${location.host}/api/tables/${encodeURIComponent(tableId)}/ws`);
    onStatus("connecting");
    // patches: after the first state the server sends what changed since the state it sent last (a JSON Patch),
    // a few hundred bytes instead of the whole state and its log again (docs/server.md, "Patches")
    socket.onopen = () => socket.send(JSON.stringify(token ? { token, patches: true } : { patches: true }));
    let view = null;
    socket.onmessage = (message) => {
      wait = 500;
      onStatus("live");
      const data = JSON.parse(message.data);
      view = data.patch && view ? applyPatch(view, data.patch) : data;
      onState(view);
    };
    socket.onclose = (event) => {
      if (stopped) return;
      if (event.code >= 4400 && event.code < 4500 && event.code !== 4429) {
        onStatus(`closed: ${event.reason || "refused"}`); // a bad token or an unknown table will not get better
        return;
      }
      onStatus("connecting");
      setTimeout(open, wait);
      wait = Math.min(wait * 2, 8000);
    };
  };
  open();
  return () => {
    stopped = true;
    if (socket) socket.close();
  };
}

// The token of this browser's seat at a table: from the seat link's fragment (#token=…), remembered for reloads.
export function seatToken(tableId) {
  const found = new URLSearchParams(location.hash.slice(1)).get("token");
  if (found) {
    localStorage.setItem(`hexbox:seat:${tableId}`, found);
    return found;
  }
  return localStorage.getItem(`hexbox:seat:${tableId}`);
}

export function hostToken(tableId) {
  return localStorage.getItem(`hexbox:host:${tableId}`);
}

// The games as the server registers them (/api/games, fetched once): titles, options, presets, bot levels, and the
// files of a game's own view, if it has one.
let registered = null;
export async function gamesList() {
  if (!registered) registered = api("/api/games");
  return registered;
}
export async function gameEntry(name) {
  return (await gamesList()).find((g) => g.name === name) || { name, title: title(name), view: [] };
}

export const catalogs = {};
export async function catalog(game) {
  if (!catalogs[game]) catalogs[game] = await api(`/api/games/${encodeURIComponent(game)}/catalog`);
  return catalogs[game];
}

// ---- people, not seat numbers --------------------------------------------------------------------------------
// The server names every seat (each seat's `called`: "You" is never swapped in here, the server's sentences already
// say it in the right grammar). Each seat also has a colour and a symbol, so that no colour carries meaning alone.
export const SYMBOLS = ["●", "▲", "■", "◆", "★", "✚", "⬟", "✦", "⬢", "♥"];
export const COLOURS = ["#f0b429", "#5ab0f0", "#5fd38d", "#ff8a80", "#c792ea", "#f78c40", "#7fdbca", "#e0e0e0",
  "#ffd1f0", "#a3be8c"];
const people = { names: {}, me: null };

export function setPeople(seats, me) {
  people.names = Object.fromEntries(seats.map((s) => [s.seat, s.called]));
  people.me = me;
}

export const personOf = (seat) => people.names[seat] || `Seat ${seat + 1}`;
// A seat on the boards' own labels ("You" / "Mia" beside a hand, "your" / "Mia's" bag): the boards word the grammar
// around it themselves; the server's sentences never pass through these.
export const seatName = (seat, me = people.me) => (seat === me ? "you" : personOf(seat));
export const Seat = (seat, me = people.me) => (seat === me ? "You" : personOf(seat));
export const seatSymbol = (seat) => SYMBOLS[seat % SYMBOLS.length];
export const seatColour = (seat) => COLOURS[seat % COLOURS.length];

export const title = (text) => text.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
export const touch = () => matchMedia("(pointer: coarse)").matches;

// The key of a card in a list: its id and which copy of that id it is, so that a card's open text follows the card
// when the cards before it move (not its position in the list).
export function cardKey(all, i) {
  const id = JSON.stringify(all[i]);
  let copy = 0;
  for (let j = 0; j < i; j++) if (JSON.stringify(all[j]) === id) copy += 1;
  return `${id}#${copy}`;
}
