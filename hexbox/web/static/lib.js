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
    socket.onopen = () => socket.send(JSON.stringify(token ? { token } : {}));
    socket.onmessage = (message) => {
      wait = 500;
      onStatus("live");
      onState(JSON.parse(message.data));
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

export const catalogs = {};
export async function catalog(game) {
  if (!catalogs[game]) catalogs[game] = await api(`/api/games/${encodeURIComponent(game)}/catalog`);
  return catalogs[game];
}

export const seatName = (seat, me) => (seat === me ? "you" : `seat ${seat}`);
export const Seat = (seat, me) => (seat === me ? "You" : `Seat ${seat}`);
export const title = (text) => text.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
export const touch = () => matchMedia("(pointer: coarse)").matches;
