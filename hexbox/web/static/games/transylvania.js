// Transylvania's table: the land as an SVG map (tiles turned as laid, paths, locks, gates, passages, tokens, every
// stand-up, minion, corpse and mirror), each seat's Health, traits, Knowledge and examined row, your own hand and
// secrets, the decks, whose turn and which window. Drawn only from the observation; the server says what is legal:
// tapping a space, a seat or a card narrows the shared picker (setFocus) to the actions that use it.
import { useEffect, useErrorBoundary, useState } from "preact/hooks";
import { Seat, cardKey, html, seatName } from "../lib.js";
import { Card } from "../ui.js";

const U = 10; // SVG units per grid step; a tile is 5 steps square, under a band of B for its name
const B = 5;
const TW = 5 * U;
const TH = 5 * U + B;
const STEP = [[0, -1], [1, 0], [0, 1], [-1, 0]]; // N E S W
const SIDES = "NESW";
const TRAITS = ["attack", "mind", "spirit"];
const TRAIT = { attack: "Attack", mind: "Mind", spirit: "Spirit" };
const TRAIT_SYM = { attack: "⚔", mind: "◉", spirit: "✦" };
const MONSTERS = ["vampire", "werewolf", "zombie"];
const MON_SYM = { vampire: "🧛", werewolf: "🐺", zombie: "🧟" };
const MON_LETTER = { vampire: "V", werewolf: "W", zombie: "Z", general: "G" };
// Okabe–Ito: safe for colour blindness; the seat number is always drawn too
const COLOURS = ["#E69F00", "#56B4E9", "#009E73", "#F0E442", "#CC79A7", "#D55E00"];
const PASSAGE = { red: "#D55E00", blue: "#0072B2", green: "#009E73", yellow: "#F0E442" };
const PHASE = { setup_start: "Set-up: start spaces", setup_keep: "Set-up: keep a card", exploration: "Exploration",
  monster: "Monster's turn", determination: "Determination", cleanup: "Cleanup", over: "Game over" };
const PENDING = { start_space: "a start space", orient: "how the new tile lies", attach: "where the cursed card attaches",
  become: "which Monster to become", chase: "the minions' chase", experiment: "a card to examine", make_room: "what leaves the full row",
  mirror: "where the other Mirror goes", monster_site: "where the Monster rises", order_tiles: "the order of the top tiles",
  rampart: "whether to use Rampart", regen_examine: "whether to examine a new card free", regen_space: "a Church space to return on",
  spoils: "the challenge's spoils", templar: "the Secret Society's payment", tinker: "whether to re-roll", to_church: "a Church space",
  church_exit: "the Church exit for the Monster's tile", rise_orient: "how the Monster's tile lies", token: "where a token goes",
  unlock: "which lock to remove", keep: "which card to keep" };

const ABILITY = {
  divine_intervention: "Discard any one card free: from hand (Transformation too), row, a cursed attachment alone, or the Church card.",
  stealthy_strike: "With an attack on a Monster on your turn: +3 to your total.",
  surveillance: "Look at the top three tiles and put them back in any order.",
  rampart: "After drawing a test or all-play Event on your turn, take its best result instead of rolling.",
  tinkering: "Just after a roll on your turn, re-roll your k lowest or k highest dice.",
  experimentation: "Reveal the top three Discovery cards, examine one free, put the others back in your order.",
  sleight_of_hand: "Take an examined card from another adventurer on your tile into your row.",
  easy_access: "This turn, three times: remove a lock where you stood (or a gate beside it), or put one back.",
  augury: "See another adventurer's hand; draw one card per Transformation card in it.",
  secret_society: "Discard two Discovery cards, then turn up cards until a Knowledge card and take it.",
  stealthy_passage: "Uses secret passages, even a locked end (it stops there and breaks the lock next turn).",
  feral_surge: "Rolls a die each turn: on the icon, 12 Movement and 12 Attack dice until its next turn.",
  minion_army: "Runs five minions (Movement 3, Health 1); places up to two a turn where it moved.",
};
const MOD = { attack: "Attack dice", mind: "Mind dice", spirit: "Spirit dice", movement: "Movement",
  total_attack: "to your Attack total", spirit_per_monster: "Spirit dice per Monster on the board",
  health_per_turn: "Health at the start of each adventurer's turn", vs_vampire: "Attack dice against the Vampire",
  vs_werewolf: "Attack dice against the Werewolf", vs_zombie: "Attack dice against the Zombie and its minions" };
const EFFECT = { damage: (n) => `lose ${n} Health`, heal: (n) => `gain ${n} Health`,
  draw: (n) => `draw ${n} Discovery card${n > 1 ? "s" : ""}`, discard_random: (n) => `discard ${n} random card${n > 1 ? "s" : ""}`,
  examine: () => "put it in your examined row", church: () => "put it on the Church", stop: () => "stop moving",
  move: (n) => `+${n} Movement`, to_church: () => "go to a Church space", unlock: () => "remove a lock on your tile",
  token: () => "put a token on your tile", trait_token: () => "gain a trait token", mirror: () => "place the two Mirrors" };
const ABBR = { Move: "Move", Attack: "Atk", Mind: "Mind", Spirit: "Spi" };
const signed = (n) => (n > 0 ? `+${n}` : `${n}`);

// ---- the catalog, indexed once: card copies (the actions' numbers) and spaces (slots) ----------------------

function index(cat) {
  if (cat._tv) return cat._tv;
  const kinds = {};
  const copies = []; // action card number -> "id#k"
  for (const [deck, list] of [["discovery", cat.discovery || []], ["event", cat.events || []]]) {
    for (const k of list) {
      kinds[k.id] = { ...k, deck };
      for (let i = 0; i < (k.count || 1); i++) copies.push(`${k.id}#${i}`);
    }
  }
  const tiles = {};
  const nodes = {}; // "tile.n" -> {tile, node, slot, name}
  const slots = {}; // slot -> "tile.n"
  for (const t of cat.tiles || []) {
    tiles[t.id] = t;
    const ids = t.nodes.map((n) => n.id).sort();
    for (const n of t.nodes) {
      const key = `${t.id}.${n.id}`;
      const slot = t.index * 16 + ids.indexOf(n.id);
      nodes[key] = { tile: t, node: n, slot, name: `${t.name} ${n.id}` };
      slots[slot] = key;
    }
  }
  const advs = Object.fromEntries((cat.adventurers || []).map((a) => [a.id, a]));
  const mons = Object.fromEntries((cat.monsters || []).map((m) => [m.id, m]));
  cat._tv = { kinds, copies, cardNo: Object.fromEntries(copies.map((c, i) => [c, i])), tiles, nodes, slots, advs, mons };
  return cat._tv;
}

const kindOf = (ix, card) => ix.kinds[String(card).split("#")[0]];
const spaceName = (ix, key) => (key && ix.nodes[key] ? ix.nodes[key].name : key || "—");

function cardText(k) {
  if (!k) return "";
  const parts = [];
  if (k.deck === "discovery") {
    parts.push(k.kind === "knowledge" ? `Knowledge (${k.monster === "general" ? "General: fills any one missing type" : title(k.monster)}).`
      : k.kind === "transformation" ? `Transformation (${title(k.monster)}).` : "Item.");
  } else {
    parts.push(k.kind === "allplay" ? `All-play Event: every adventurer on the board rolls ${TRAIT[k.trait] || ""}.`
      : k.kind === "test" ? `Event: roll ${TRAIT[k.trait]}.` : "Event.");
  }
  const mods = Object.entries(k.mods || {}).map(([m, n]) => `${signed(n)} ${MOD[m] || m}`);
  if (mods.length) parts.push(`While examined: ${mods.join(", ")}.`);
  for (const r of k.results || []) {
    const range = r.max === undefined ? `${r.min}+` : r.min === r.max ? `${r.min}` : `${r.min}–${r.max}`;
    const fx = (r.effects || []).map(effect).join(", ");
    parts.push(`${range}: ${fx || "nothing"}.`);
  }
  if (k.effects && k.effects.length) parts.push(`${k.effects.map(effect).join(", ")}.`.replace(/^./, (c) => c.toUpperCase()));
  // cards.toml's text is the card's full text (the same words as the terminal's ?): it says all of the above
  return k.text || parts.join(" ");
}
function effect(e) {
  const [name, n] = e.split(":");
  return EFFECT[name] ? EFFECT[name](Number(n || 0)) : name;
}
const title = (s) => String(s).replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());

function cardSym(k) {
  if (!k) return "";
  if (k.deck === "event") return "✸";
  if (k.kind === "knowledge") return `📖${MON_LETTER[k.monster] || ""}`;
  if (k.kind === "transformation") return "☣";
  return "⚒";
}

// A card from the observation ("id#k"), with its text on tap; `actions` are the legal ones that use it.
function TCard({ ix, card, actions = [], setFocus, extra = "", no = ix.cardNo[card] }) {
  const k = kindOf(ix, card);
  const mine = actions.filter((a) => a.card === no);
  return html`<${Card} name=${`${k ? k.name : card}${extra}`} text=${cardText(k)} symbol=${cardSym(k)}
    kind=${`tv-${k?.kind || "card"} ${mine.length ? "tv-act" : ""}`} onPick=${mine.length ? () => setFocus((a) => a.card === no) : null}
    hint=${mine.length ? `${mine.length} action${mine.length > 1 ? "s" : ""} use this card` : ""} />`;
}

function knowledge(ix, cards) {
  const n = { zombie: 0, vampire: 0, werewolf: 0, general: 0 };
  for (const c of cards) {
    const k = kindOf(ix, c);
    if (k && k.kind === "knowledge") n[k.monster] = (n[k.monster] || 0) + 1;
  }
  return n;
}
function Knowledge({ n, label }) {
  const total = n.zombie + n.vampire + n.werewolf + n.general;
  // letters only: a Monster's name in the page could hint at what another seat qualifies for
  const say = `${label}: ${total} of 5 Knowledge; Z ${n.zombie}, V ${n.vampire}, W ${n.werewolf}, G ${n.general}`;
  return html`<span class="tv-know" aria-label=${say} title=${say}>📖 ${total}/5
    ${["zombie", "vampire", "werewolf", "general"].map((m) => html` <span class=${`tv-k ${n[m] ? "have" : ""}`}
      aria-hidden="true">${MON_LETTER[m]}${n[m]}</span>`)}</span>`;
}

// ---- the land ------------------------------------------------------------------------------------------------

function rot([c, r], n) {
  for (let i = 0; i < ((n % 4) + 4) % 4; i++) [c, r] = [4 - r, c];
  return [c, r];
}

// Where the tile being laid goes: the cell beyond the mover's exit, and the side of that cell facing the mover.
function laying(ix, pub) {
  const p = pub.pending;
  if (!p || p.kind !== "orient") return null;
  const key = pub.seats[p.seat]?.node;
  const info = key && ix.nodes[key];
  const laid = info && pub.board.tiles.find((t) => t.tile === info.tile.id);
  if (!laid || !info.node.exit) return null;
  const side = (SIDES.indexOf(info.node.exit) + laid.rotation) % 4;
  const cell = [laid.at[0] + STEP[side][0], laid.at[1] + STEP[side][1]];
  if (pub.board.tiles.some((t) => t.at[0] === cell[0] && t.at[1] === cell[1])) return null;
  return { cell, side: (side + 2) % 4, tile: ix.tiles[p.tile] };
}

// Everything the map needs, in grid steps: where each laid space is, the paths, and the exits into the unknown.
function geometry(ix, board) {
  const cells = {};
  const pos = {};
  for (const laid of board.tiles) cells[laid.at.join(",")] = laid;
  const lines = [];
  const stubs = [];
  for (const laid of board.tiles) {
    const t = ix.tiles[laid.tile];
    if (!t) continue;
    const [x, y] = laid.at;
    for (const n of t.nodes) {
      const [c, r] = rot(n.at, laid.rotation);
      pos[`${t.id}.${n.id}`] = [x * TW + (c + 0.5) * U, y * TH + B + (r + 0.5) * U];
    }
    for (const e of t.edges) {
      const [a, b] = e.split("-");
      lines.push([`${t.id}.${a}`, `${t.id}.${b}`]);
    }
    for (const n of t.nodes) {
      if (!n.exit) continue;
      const side = (SIDES.indexOf(n.exit) + laid.rotation) % 4;
      const key = `${t.id}.${n.id}`;
      const other = cells[[x + STEP[side][0], y + STEP[side][1]].join(",")];
      if (!other) {
        stubs.push([key, side]);
        continue;
      }
      const ot = ix.tiles[other.tile];
      const back = (side + 2) % 4;
      const partner = ot?.nodes.find((m) => m.exit && (SIDES.indexOf(m.exit) + other.rotation) % 4 === back);
      if (partner && key < `${ot.id}.${partner.id}`) lines.push([key, `${ot.id}.${partner.id}`]);
    }
  }
  return { cells, pos, lines, stubs };
}

// What stands on each space.
function occupants(pub) {
  const at = {};
  const get = (k) => (at[k] ||= { stand: [], minions: [], corpses: 0, token: undefined, mirror: false });
  for (const s of pub.seats) if (s.node) get(s.node).stand.push(s);
  pub.board.minions.forEach((m, i) => m && get(m).minions.push(i));
  for (const c of pub.board.corpses) get(c.node).corpses += 1;
  for (const t of pub.board.tokens) get(t.node).token = t;
  for (const m of pub.board.mirrors) get(m).mirror = true;
  return at;
}

// The legal actions that concern a space: moves and choices onto it, and attacks or challenges on what stands there.
function actionsAt(ix, pub, legal, key, me) {
  const slot = ix.nodes[key]?.slot;
  const mine = pub.seats[me]?.node === key; // what you do where you stand: a token, a corpse, a passage, a mirror
  const here = new Set(pub.seats.filter((s) => s.node === key).map((s) => s.seat));
  const minions = new Set(pub.board.minions.map((m, i) => (m === key ? i + 6 : -1)));
  return (a) => a.node === slot
    || (a.kind === "attack" && (here.has(a.piece) || minions.has(a.piece)))
    || ((a.kind === "challenge" || a.kind === "minion_attack") && here.has(a.seat))
    || (mine && /^(attempt|pilfer|use_passage|use_mirror)$/.test(a.kind))
    || (pub.window?.node === key && /ambush/.test(a.kind));
}

const tokenLabel = (t) => (t.trait === null ? "?" : t.trait === "locked" ? "" : `${t.trait[0].toUpperCase()}${t.target}`);

function Lock({ x, y, s = 1 }) {
  return html`<g class="tv-lock" transform=${`translate(${x} ${y}) scale(${s})`} aria-hidden="true">
    <path d="M-1.3 -0.4 v-1 a1.3 1.3 0 0 1 2.6 0 v1" fill="none" stroke-width="0.6" />
    <rect x="-1.9" y="-0.5" width="3.8" height="2.8" rx="0.5" /></g>`;
}

// A space in words: what it is and what is on it (the map's labels and the list below it).
function describe(n, o, locked, me, fight) {
  const f = n.feature || "";
  const t = o?.token;
  return [f === "passage" ? `${n.colour} passage` : f === "gate" ? (locked ? "locked gate" : "open gate") : f === "event" ? "Event space" : "",
    locked && f !== "gate" ? "locked" : "",
    t ? (t.trait === null ? "face-down token" : t.trait === "locked" ? "token under the lock" : `${TRAIT[t.trait]} ${t.target} token`)
      : f.includes("token") ? "empty token space" : "",
    f === "token_event" ? "Event once its token is gone" : "",
    ...(o?.stand || []).map((s) => seatName(s.seat, me) + (s.role !== "adventurer" ? ` (${s.role})` : "")),
    o?.minions.length ? `minion ${o.minions.join(", ")}` : "", o?.corpses ? "corpse" : "", o?.mirror ? "mirror" : "",
    fight ? "ambush window open" : ""].filter(Boolean);
}

function Space({ ix, key_, p, info, occ, locked, pub, me, acts, picked, onTap }) {
  const f = info.node.feature || "";
  const [x, y] = p;
  const n = acts.length;
  const tok = occ?.token;
  let shape;
  if (f === "gate") {
    shape = html`<rect x=${x - 3} y=${y - 3} width="6" height="6" rx="1" class=${`tv-gate ${locked ? "shut" : ""}`} />
      <text x=${x} y=${y + 1.4} class="tv-glyph">${locked ? "#" : "G"}</text>`;
  } else if (f === "passage") {
    const col = info.node.colour;
    shape = html`<path d=${`M${x} ${y - 3.6} L${x + 3.6} ${y} L${x} ${y + 3.6} L${x - 3.6} ${y} Z`}
      fill=${PASSAGE[col]} class="tv-pass" /><text x=${x} y=${y + 1.4} class="tv-glyph dark">${col[0].toUpperCase()}</text>`;
  } else if (f === "event") {
    shape = html`<path d=${`M${x} ${y - 3.4} L${x + 1} ${y - 1} L${x + 3.4} ${y} L${x + 1} ${y + 1} L${x} ${y + 3.4} L${x - 1} ${y + 1} L${x - 3.4} ${y} L${x - 1} ${y - 1} Z`}
      class="tv-event" />`;
  } else if (f.includes("token")) {
    shape = html`<circle cx=${x} cy=${y} r="2.9" class=${`tv-tok ${tok ? (tok.trait && tok.trait !== "locked" ? "up" : "down") : "empty"}`} />
      ${tok ? html`<text x=${x} y=${y + 1.2} class="tv-glyph tok">${tokenLabel(tok)}</text>` : null}
      ${f === "token_event" ? html`<path d=${`M${x + 3.6} ${y - 1.6} l0.7 1.5 1.6 0.2 -1.2 1.1 0.3 1.6 -1.4 -0.8 -1.4 0.8 0.3 -1.6 -1.2 -1.1 1.6 -0.2 z`}
        class="tv-event" />` : null}`;
  } else {
    shape = html`<circle cx=${x} cy=${y} r=${info.node.start ? 1.9 : 1.4} class=${`tv-dot ${info.node.start ? "start" : ""}`} />`;
  }
  const pieces = [];
  (occ?.stand || []).forEach((s, i) => {
    const px = x + (occ.stand.length > 1 ? (i ? 3.1 : -3.1) : 0);
    const py = y - 3.2;
    const monster = s.role !== "adventurer";
    pieces.push(html`<g class=${`tv-piece ${s.seat === me ? "me" : ""}`} aria-hidden="true">
      ${s.seat === pub.active && !pub.reveal ? html`<circle cx=${px} cy=${py} r="3.7" class="tv-turn" />` : null}
      ${monster ? html`<rect x=${px - 3} y=${py - 3} width="6" height="6" rx="1.2" fill=${COLOURS[s.seat]} class="mon" />`
        : html`<circle cx=${px} cy=${py} r="2.9" fill=${COLOURS[s.seat]} />`}
      <text x=${px} y=${py + 1.3} class="tv-glyph dark">${monster ? MON_LETTER[s.role] : s.seat + 1}</text>
      ${monster ? html`<text x=${px + 3.3} y=${py - 2} class="tv-tiny">${s.seat + 1}</text>` : null}</g>`);
  });
  (occ?.minions || []).forEach((m, i) => pieces.push(html`<g aria-hidden="true"><rect x=${x + 1.2 + i * 1.2} y=${y + 1.2}
    width="2.6" height="2.6" class="tv-minion" /><text x=${x + 2.5 + i * 1.2} y=${y + 3.2} class="tv-tiny dark">m</text></g>`));
  if (occ?.corpses) pieces.push(html`<text x=${x - 3.4} y=${y + 4.4} class="tv-corpse" aria-hidden="true">✝${occ.corpses > 1 ? occ.corpses : ""}</text>`);
  if (occ?.mirror) pieces.push(html`<g class="tv-mirror" aria-hidden="true"><rect x=${x - 4.6} y=${y - 1.4} width="2.2" height="3.6" rx="1" />
    <line x1=${x - 4} y1=${y + 1.2} x2=${x - 3} y2=${y - 0.6} /></g>`);
  if (pub.window?.node === key_) pieces.push(html`<circle cx=${x} cy=${y} r="5.6" class="tv-fight" aria-hidden="true" />`);
  if (locked && f !== "gate") pieces.push(html`<${Lock} x=${x + 2.6} y=${y + 2} s="0.9" />`);
  const what = [info.name, ...describe(info.node, occ, locked, me, pub.window?.node === key_)].join(", ");
  const hit = n ? html`<g role="button" tabindex="0" class=${`tv-hit ${picked ? "picked" : ""}`}
      aria-label=${`${what}: ${n} action${n > 1 ? "s" : ""}`} aria-pressed=${picked}
      onClick=${onTap} onKeyDown=${(e) => (e.key === "Enter" || e.key === " ") && (e.preventDefault(), onTap())}>
      <circle cx=${x} cy=${y} r="4.8" class="tv-ring" /><rect x=${x - U / 2} y=${y - U / 2} width=${U} height=${U} class="tv-pad" />
    </g>` : null;
  return html`<g class="tv-space">${shape}${pieces}${hit}</g>`;
}

function Land({ ix, pub, me, legal, picked, onTap, zoom, setZoom }) {
  const g = geometry(ix, pub.board);
  const occ = occupants(pub);
  const locks = new Set(pub.board.locks);
  const ghost = laying(ix, pub);
  const cells = [...pub.board.tiles.map((t) => t.at), ...(ghost ? [ghost.cell] : [])];
  const xs = cells.map((a) => a[0]);
  const ys = cells.map((a) => a[1]);
  const box = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  const wide = box[2] - box[0] + 1;
  const high = box[3] - box[1] + 1;
  const phone = typeof innerWidth === "number" && innerWidth < 700;
  const N = phone ? 2 : 3; // tiles across a closer view: two on a phone puts spaces about 34 px apart
  const big = wide > N || high > N;
  const near = big && (zoom === null ? (phone ? wide > 3 || high > 3 : wide > 6 || high > 5) : zoom);
  const [origin, setOrigin] = useState(null); // the north-west tile of a panned view
  let view = box;
  if (near) {
    const who = pub.seats.find((s) => s.seat === me && s.node) || pub.seats.find((s) => s.seat === pub.active && s.node);
    const laid = who && pub.board.tiles.find((t) => t.tile === who.node.split(".")[0]);
    const at = who && g.pos[who.node];
    // the viewer's tile, and the neighbours on the side of the tile where it stands
    const [cx, cy] = laid ? laid.at.map((v, i) => v - (N === 2 ? (at[i] - v * [TW, TH][i] < [TW, TH][i] / 2 ? 1 : 0) : 1)) : [0, 0];
    const lo = (c, a, z) => Math.max(a, Math.min(c, z - N + 1));
    const x0 = wide <= N ? box[0] : lo(origin ? origin[0] : cx, box[0], box[2]);
    const y0 = high <= N ? box[1] : lo(origin ? origin[1] : cy, box[1], box[3]);
    view = [x0, y0, Math.min(box[2], x0 + N - 1), Math.min(box[3], y0 + N - 1)];
  }
  const can = [view[1] > box[1], view[2] < box[2], view[3] < box[3], view[0] > box[0]]; // N E S W
  const move = (d) => {
    const [dx, dy] = STEP[d];
    setOrigin([view[0] + dx, view[1] + dy]);
  };
  const pad = 6;
  const explore = legal.filter((a) => a.kind === "explore");
  const stub = explore.length && g.stubs.find(([k]) => k === pub.seats[me]?.node);
  const far = stub && [g.pos[stub[0]][0] + STEP[stub[1]][0] * 7, g.pos[stub[0]][1] + STEP[stub[1]][1] * 7];
  const vb = `${view[0] * TW - pad} ${view[1] * TH - pad} ${(view[2] - view[0] + 1) * TW + 2 * pad} ${(view[3] - view[1] + 1) * TH + 2 * pad}`;
  const c = (k) => g.pos[k] || null;
  const tileOf = (id) => ix.tiles[id];
  const counts = {};
  for (const key of Object.keys(g.pos)) {
    const pred = actionsAt(ix, pub, legal, key, me);
    counts[key] = legal.filter(pred);
  }
  return html`<section class="tv-land" aria-labelledby="tv-land-h">
    <div class="tv-row"><h2 id="tv-land-h">The land <small>${pub.board.tiles.length} tiles</small></h2>
      ${big ? html`<span class="tv-pan">${near ? [3, 0, 2, 1].map((d) => html`<button type="button" disabled=${!can[d]}
          aria-label=${`show more to the ${["north", "east", "south", "west"][d]}`} onClick=${() => move(d)}>${"▲▶▼◀"[d]}</button>`) : null}
        <button type="button" class="tv-zoom" onClick=${() => { setZoom(!near); setOrigin(null); }}>
        ${near ? "🗺 Whole" : "🔍 Closer"}</button></span>` : null}</div>
    <svg viewBox=${vb} role="group" aria-labelledby="tv-map-title" class=${`tv-map ${near ? "near" : ""}`}>
      <title id="tv-map-title">Map of the land: ${pub.board.tiles.map((t) => tileOf(t.tile)?.name).join(", ")}. Ringed spaces have moves for you.</title>
      ${pub.board.tiles.map((t) => html`<g aria-hidden="true">
        <rect x=${t.at[0] * TW + 1} y=${t.at[1] * TH + 1} width=${TW - 2} height=${TH - 2} rx="4"
          class=${`tv-tile ${t.tile === "church" ? "church" : ""}`} />
        <text x=${t.at[0] * TW + 3} y=${t.at[1] * TH + 4.6} class="tv-tname">${t.tile === "church" ? "✝ " : ""}${tileOf(t.tile)?.name}</text></g>`)}
      ${ghost ? html`<g aria-hidden="true" class="tv-ghost"><rect x=${ghost.cell[0] * TW + 1} y=${ghost.cell[1] * TH + 1}
        width=${TW - 2} height=${TH - 2} rx="4" /><text x=${(ghost.cell[0] + 0.5) * TW} y=${(ghost.cell[1] + 0.5) * TH}
        class="tv-glyph">new: ${ghost.tile?.name}</text></g>` : null}
      <g aria-hidden="true" class="tv-paths">${g.lines.map(([a, b]) => {
        const p = c(a), q = c(b);
        return p && q ? html`<line x1=${p[0]} y1=${p[1]} x2=${q[0]} y2=${q[1]} />` : null;
      })}</g>
      <g aria-hidden="true" class="tv-stubs">${g.stubs.map(([k, side]) => {
        const p = c(k);
        return p ? html`<line x1=${p[0]} y1=${p[1]} x2=${p[0] + STEP[side][0] * 6} y2=${p[1] + STEP[side][1] * 6} />` : null;
      })}</g>
      ${far ? html`<g role="button" tabindex="0" class=${`tv-hit ${picked === "explore" ? "picked" : ""}`}
        aria-label="the unexplored exit: step off it and lay a new tile" onClick=${() => onTap("explore", explore)}
        onKeyDown=${(e) => (e.key === "Enter" || e.key === " ") && (e.preventDefault(), onTap("explore", explore))}>
        <circle cx=${far[0]} cy=${far[1]} r="3.6" class="tv-ring" /><text x=${far[0]} y=${far[1] + 1.3} class="tv-glyph">?</text>
        <rect x=${far[0] - 5} y=${far[1] - 5} width="10" height="10" class="tv-pad" /></g>` : null}
      ${Object.keys(g.pos).map((key) => html`<${Space} ix=${ix} key_=${key} p=${g.pos[key]} info=${ix.nodes[key]}
        occ=${occ[key]} locked=${locks.has(key)} pub=${pub} me=${me} acts=${counts[key]} picked=${picked === key}
        onTap=${() => onTap(key, counts[key])} />`)}
    </svg>
    <details class="tv-keybox"><summary>Key to the map</summary><p class="tv-key">
      <span>① adventurer (white edge: you; gold circle: whose turn)</span><span>■V ■W ■Z Monster</span><span>m minion</span>
      <span>? face-down token</span><span>A3 M4 S5 token: trait, target</span><span>· dotted: empty token space</span>
      <span>✸ Event</span><span>🔒 lock (walk over)</span><span># locked gate · G open</span><span>◆ passage, R/B/G/Y colour</span>
      <span>✝ corpse</span><span>▯ mirror</span><span>◌ tap: you can act there</span><span>red ring: ambush window</span>
      <span>┈ unexplored exit</span></p></details>
  </section>`;
}

// The land in words, for a screen reader or a glance: every tile and what lies on its spaces.
function LandWords({ ix, pub, me }) {
  const occ = occupants(pub);
  const locks = new Set(pub.board.locks);
  return html`<details class="tv-words"><summary>The land in words</summary><ul>
    ${pub.board.tiles.map((t) => {
      const tile = ix.tiles[t.tile];
      const items = (tile?.nodes || []).map((n) => {
        const key = `${t.tile}.${n.id}`;
        const bits = describe(n, occ[key], locks.has(key), me, pub.window?.node === key);
        return bits.length ? `${n.id}: ${bits.join(", ")}` : null;
      }).filter(Boolean);
      return html`<li><b>${tile?.name}</b> (${t.at.join(", ")}, turned ${t.rotation * 90}°)${items.length ? ": " + items.join("; ") : ""}</li>`;
    })}</ul></details>`;
}

// A small picture of the tile being laid, turned one way, with an arrow on the side that meets the mover.
const EDGE = [[25, 3], [47, 30], [25, 52], [3, 30]];
function TilePreview({ tile, rotation, side }) {
  const pos = {};
  for (const n of tile.nodes) pos[n.id] = rot(n.at, rotation).map((v) => (v + 0.5) * U);
  for (const id in pos) pos[id][1] += B;
  const e = side === undefined ? null : EDGE[side];
  return html`<svg viewBox=${`0 0 ${TW} ${TH}`} class="tv-mini" aria-hidden="true">
    <rect x="1" y="1" width=${TW - 2} height=${TH - 2} rx="4" class="tv-tile" />
    ${e ? html`<circle cx=${e[0]} cy=${e[1]} r="3.2" class="tv-from" />` : null}
    <g class="tv-paths">${tile.edges.map((e) => {
      const [a, b] = e.split("-");
      return html`<line x1=${pos[a][0]} y1=${pos[a][1]} x2=${pos[b][0]} y2=${pos[b][1]} />`;
    })}</g>
    ${tile.nodes.map((n) => html`<circle cx=${pos[n.id][0]} cy=${pos[n.id][1]} r=${n.feature ? 2.6 : 1.4}
      class=${n.feature === "passage" ? "tv-pass" : n.feature === "gate" ? "tv-gate" : n.feature === "event" ? "tv-event" : "tv-dot"}
      fill=${n.feature === "passage" ? PASSAGE[n.colour] : undefined} />`)}
  </svg>`;
}

function Orienting({ ix, pub, legal, act }) {
  const tile = ix.tiles[pub.pending.tile];
  const where = laying(ix, pub);
  const turns = legal.filter((a) => a.kind === "orient");
  if (!tile || !turns.length) return null;
  return html`<section class="tv-orient" aria-label="lay the new tile">
    <h2>New tile: ${tile.name}</h2><p class="note">North is up; the gold dot marks the side you come from, which must meet an exit.</p>
    <div class="choices">${turns.map((a) => html`<button type="button" onClick=${() => act(a)}>
      <${TilePreview} tile=${tile} rotation=${a.rotation} side=${where?.side} />
      <span>Lay ${a.rotation ? `↻ ${a.rotation * 90}°` : "as printed"}</span></button>`)}</div>
  </section>`;
}

// ---- seats ---------------------------------------------------------------------------------------------------

function SeatPanel({ ix, pub, s, me, priv, legal, setFocus }) {
  const adv = s.adventurer ? ix.advs[s.adventurer] : null;
  const mon = s.role !== "adventurer" ? ix.mons[s.role] : null;
  const acting = pub.active === s.seat;
  const target = (a) => a.seat === s.seat && a.kind !== "minion_attack" ? true
    : (a.kind === "attack" && a.piece === s.seat) || (a.kind === "minion_attack" && a.seat === s.seat);
  const onMe = legal.filter(target);
  const examinedCards = s.examined.flatMap((e) => [e.card, ...e.attached]);
  const known = me === s.seat && priv ? [...priv.hand, ...examinedCards] : examinedCards;
  const glimpses = priv && me !== s.seat ? priv.glimpses.filter((g) => g.seat === s.seat) : [];
  const name = mon ? `${mon.name.toUpperCase()}` : adv ? adv.name : "—";
  const stats = adv && !mon ? [["Move", adv.movement, null], ...TRAITS.map((t, i) => [TRAIT[t], adv[t], s.trait_tokens[i]])]
    : mon ? [["Move", s.surge ? 12 : mon.movement, null], ["Attack", s.surge ? 12 : mon.attack, null]] : [];
  return html`<li class=${`tv-seat ${acting ? "acting" : ""} ${s.seat === me ? "me" : ""} ${s.alive ? "" : "dead"}`}
    style=${`--seat:${COLOURS[s.seat]}`}>
    <h3><span class="tv-chip" aria-hidden="true">${mon ? MON_LETTER[s.role] : s.seat + 1}</span>
      ${acting ? html`<span aria-label="their turn">▶ </span>` : null}${Seat(s.seat, me)} ·
      <${Card} name=${name} symbol=${mon ? MON_SYM[s.role] : ""} kind=${mon ? "tv-monster" : "tv-adv"}
        text=${mon ? `Monster. Movement ${mon.movement}, ${mon.attack} Attack dice, starts at Health ${mon.health}. ${ABILITY[mon.ability] || ""}`
          : adv ? `Movement ${adv.movement}, Attack ${adv.attack}, Mind ${adv.mind}, Spirit ${adv.spirit}. ${adv.ability_name} (once a game): ${ABILITY[adv.ability] || ""}` : ""} />
    </h3>
    <p class="tv-stats">
      ${s.alive ? html`<span class="tv-hp" aria-label=${`Health ${s.health}`}>❤ ${s.health}</span>`
        : html`<span class="tv-hp dead">☠ dead — back next turn</span>`}
      ${stats.map(([label, v, tok]) => html`<span class="tv-stat" aria-label=${`${label} ${v}${tok ? ` plus ${tok} trait token${tok > 1 ? "s" : ""}` : ""}`}>
        ${TRAIT_SYM[label.toLowerCase()] || "👣"} ${ABBR[label]} ${v}${tok ? html`<b>+${tok}</b>` : ""}</span>`)}
      ${mon ? html`<span class="tv-stat">☠ kills ${s.kills}/${pub.kills_to_win}</span>` : null}
      ${s.surge ? html`<span class="tv-stat hot">🌕 Feral Surge</span>` : null}
    </p>
    <p class="tv-stats">
      <span>📍 ${s.node ? spaceName(ix, s.node) : "off the board"}</span>
      ${mon ? null : html`<span aria-label=${`${s.hand_size} cards in hand`}><span class="card-back small" aria-hidden="true"></span> ${s.hand_size} in hand</span>`}
      ${s.set_aside_size ? html`<span>${s.set_aside_size} set aside</span>` : null}
      ${adv && !mon ? html`<span>${adv.ability_name}: ${s.ability_available ? "✓ ready" : "✗ used"}</span>` : null}
      ${mon ? null : html`<${Knowledge} n=${knowledge(ix, known)} label=${me === s.seat ? "your hand and row" : "examined"} />`}
      ${s.breaking ? html`<span>breaking the lock at ${spaceName(ix, s.breaking)}</span>` : null}
    </p>
    ${s.examined.length ? html`<div class="tv-row-cards" aria-label="examined row"><small>Examined:</small>
      ${s.examined.map((e, i_, all_) => html`<${TCard} key=${cardKey(all_, i_)} ix=${ix} card=${e.card} actions=${legal} setFocus=${setFocus} />${e.attached.map((x) => html`<span class="tv-att">+
        <${TCard} ix=${ix} card=${x} actions=${legal} setFocus=${setFocus} /></span>`)}`)}</div>` : null}
    ${glimpses.length ? html`<div class="tv-row-cards"><small>You know they hold:</small>
      ${glimpses.map((g, i_, all_) => html`<${TCard} key=${cardKey(all_, i_)} ix=${ix} card=${g.card} extra=${g.zone === "set_aside" ? " (set aside)" : ""} />`)}</div>` : null}
    ${onMe.length ? html`<button type="button" class="tv-seat-act" onClick=${() => setFocus(target)}>
      ${onMe.length} action${onMe.length > 1 ? "s" : ""} on ${s.seat === me ? "yourself" : seatName(s.seat, me)}</button>` : null}
  </li>`;
}

// ---- your own cards ------------------------------------------------------------------------------------------

function Mine({ ix, pub, priv, me, legal, setFocus }) {
  const drawn = new Set(priv.drawn_this_turn);
  const fresh = new Set(priv.new_cards);
  const cards = (list, mark) => list.map((c, i_, all_) => html`<${TCard} key=${cardKey(all_, i_)} ix=${ix} card=${c} actions=${legal} setFocus=${setFocus}
    extra=${mark ? mark(c) : ""} />`);
  const limit = pub.seats[me]?.examined.some((e) => e.card.startsWith("i_notebook")) ? 6 : 4;
  return html`<section class="tv-mine" aria-labelledby="tv-mine-h">
    <h2 id="tv-mine-h">Only you see</h2>
    ${priv.qualifies.length ? html`<p class="tv-warn" role="note">☣ You qualify as ${priv.qualifies.map(title).join(" or ")}:
      you can no longer break the curse — reveal when it suits you.</p>` : null}
    ${priv.revealing.length ? html`<p class="tv-warn">☣ Revealing as ${priv.revealing.map(title).join(", ")}.</p>` : null}
    <div class="tv-row-cards" aria-label="your hand"><small>Hand ${priv.hand.length}/${limit}:</small>
      ${priv.hand.length ? cards(priv.hand, (c) => (drawn.has(c) ? " · new" : fresh.has(c) ? " · free to examine" : "")) : html`<i>empty</i>`}</div>
    ${priv.set_aside.length ? html`<div class="tv-row-cards"><small>Set aside:</small>${cards(priv.set_aside)}</div>` : null}
    ${priv.transformation_cards ? html`<p>☣ ${priv.transformation_cards} Transformation card${priv.transformation_cards > 1 ? "s" : ""} in your hand.</p>` : null}
    ${priv.known_tiles.length ? html`<p>Next tiles (top first): ${priv.known_tiles.map((t) => ix.tiles[t]?.name || t).join(", ")}</p>` : null}
    ${priv.declared.length ? html`<p>🤫 Your sealed declaration: ${priv.declared.map((p) => (p < 0 ? "reveal and ambush" : p < 6 ? "ambush with your stand-up" : `ambush with minion ${p - 6}`)).join(", ")}</p>` : null}
  </section>`;
}

// ---- whose turn, which window, the decks ---------------------------------------------------------------------

function Status({ ix, obs, pub, me, legal, setFocus }) {
  const who = (s) => seatName(s, me);
  const t = [pub.this_turn, pub.turn].find((x) => x && typeof x === "object") || {}; // the active turn's counters
  const active = pub.seats[pub.active];
  const w = pub.window;
  const p = pub.pending;
  const bits = [];
  if (t.movement_left) bits.push(`👣 ${t.movement_left} movement left`);
  if (active?.role === "adventurer" && obs.phase === "exploration") {
    bits.push(t.examined ? "examined ✓" : "examine ○", t.discarded ? "discarded ✓" : "discard ○");
    if (t.challenged?.length) bits.push(`challenged ${t.challenged.map(who).join(", ")}`);
  }
  if (t.spawns_left) bits.push(`${t.spawns_left} minion spawn${t.spawns_left > 1 ? "s" : ""} left`);
  if (t.sleuth_picks) bits.push(`${t.sleuth_picks} lock pick${t.sleuth_picks > 1 ? "s" : ""} left`);
  return html`<section class="tv-status" aria-label="the turn">
    <p><b>Round ${pub.round}</b> · ${PHASE[obs.phase] || title(obs.phase)}${/^(over|setup)/.test(obs.phase) ? "" : html` · <span class="tv-chip small" style=${`--seat:${COLOURS[pub.active]}`} aria-hidden="true">${pub.active + 1}</span> ${pub.active === me ? "your turn" : `${seatName(pub.active, me)}'s turn`}${active?.adventurer && active.role === "adventurer"
        ? ` (${ix.advs[active.adventurer]?.name})` : active && active.role !== "adventurer" ? ` (the ${title(active.role)})` : ""}`}</p>
    ${bits.length ? html`<p class="tv-small">${bits.join(" · ")}</p>` : null}
    ${p ? html`<p class="tv-pending">⏳ ${p.seat === me ? "You choose" : `${Seat(p.seat, me)} chooses`} ${PENDING[p.kind] || title(p.kind)}
      ${p.tile ? `: ${ix.tiles[p.tile]?.name}` : ""}${p.seats.length ? ` (${p.kind === "spoils" ? "from " : ""}${p.seats.map(who).join(", ")})` : ""}
      ${p.cards.length && p.kind !== "become" ? html`: ${p.cards.map((c, i, all_) => html`<${TCard} key=${cardKey(all_, i)} ix=${ix} card=${c} extra=${p.kind === "experiment" ? ` · card ${i + 1}` : ""} />`)}` : ""}
      ${p.kind === "become" ? `: ${p.cards.map(title).join(" or ")}` : ""}</p>` : null}
    ${w ? html`<p class="tv-window" role="status">⚔ Ambush window at ${spaceName(ix, w.node)}: ${w.mover >= 6 ? `minion ${w.mover - 6}` : who(w.mover)} arrived. ${w.deciding.length ? `Deciding: ${w.deciding.map(who).join(", ")}. ` : ""}Declarations stay sealed until all have decided.</p>` : null}
    ${pub.church_card ? html`<p>✝ On the Church: <${TCard} ix=${ix} card=${pub.church_card} actions=${legal} setFocus=${setFocus}
      no=${ix.copies.length} /></p>` : null}
  </section>`;
}

function Decks({ ix, pub, legal, setFocus }) {
  const d = pub.decks;
  const sup = pub.supply;
  const names = (list) => list.map((c) => kindOf(ix, c)?.name || c);
  const group = (list) => {
    const n = {};
    for (const x of names(list)) n[x] = (n[x] || 0) + 1;
    return Object.entries(n).map(([k, v]) => (v > 1 ? `${k} ×${v}` : k)).join(", ");
  };
  const bag = {};
  for (const b of d.token_bag) bag[`${b.trait[0].toUpperCase()}${b.target}`] = (bag[`${b.trait[0].toUpperCase()}${b.target}`] || 0) + 1;
  return html`<section class="tv-decks" aria-labelledby="tv-decks-h"><h2 id="tv-decks-h">Decks and supply</h2>
    <p class="tv-small">📖 Discovery ${d.discovery} · ✸ Event ${d.event} · ▦ Tiles ${d.tiles} · tokens ${d.token_stack}
      · locks ${sup.locks} · trait tokens ⚔${sup.trait_tokens[0]} ◉${sup.trait_tokens[1]} ✦${sup.trait_tokens[2]}
      ${pub.seats.some((s) => s.role === "zombie") ? ` · minions in supply ${sup.minions}` : ""}</p>
    ${d.discovery_top_public.length ? html`<div class="tv-row-cards"><small>Top of Discovery:</small>
      ${d.discovery_top_public.map((c, i_, all_) => html`<${TCard} key=${cardKey(all_, i_)} ix=${ix} card=${c} actions=${legal} setFocus=${setFocus} />`)}</div>` : null}
    ${pub.abilities_used.length ? html`<p class="tv-small">Abilities used: ${pub.abilities_used.map((a) => ix.advs[a]?.ability_name || title(a)).join(", ")}</p>` : null}
    <details><summary>Token bag (${d.token_bag.length}) and discards (${d.discovery_discard.length} + ${d.event_discard.length})</summary>
      <p class="tv-small">Bag: ${Object.entries(bag).map(([k, v]) => `${k}×${v}`).join(" ") || "empty"}</p>
      <p class="tv-small">Discovery discards: ${group(d.discovery_discard) || "none"}</p>
      <p class="tv-small">Event discards: ${group(d.event_discard) || "none"}</p>
      ${pub.board.corpses.length ? html`<p class="tv-small">Corpses: ${pub.board.corpses.map((c) => `${spaceName(ix, c.node)} (${names(c.cards).join(", ") || "empty"})`).join("; ")}</p>` : null}
    </details>
  </section>`;
}

function Reveal({ ix, pub, me }) {
  return html`<section class="tv-reveal" aria-labelledby="tv-rev-h"><h2 id="tv-rev-h">Every hand, revealed</h2><ul>
    ${pub.reveal.map((r) => html`<li><b>${Seat(r.seat, me)}</b>: ${r.hand.length ? r.hand.map((c, i_, all_) => html`<${TCard} key=${cardKey(all_, i_)} ix=${ix} card=${c} />`) : "empty hand"}
      ${r.set_aside.length ? html` · set aside: ${r.set_aside.map((c, i_, all_) => html`<${TCard} key=${cardKey(all_, i_)} ix=${ix} card=${c} />`)}` : null}
      ${r.qualifies.length ? html` · ☣ qualified as ${r.qualifies.map(title).join(", ")}` : null}</li>`)}</ul></section>`;
}

// ---- the board -----------------------------------------------------------------------------------------------

function Table({ obs, seat, catalog, legal, focus, setFocus, act }) {
  const ix = index(catalog);
  const pub = obs.public;
  const priv = obs.private;
  const [picked, setPicked] = useState(null);
  const [zoom, setZoom] = useState(null);
  useEffect(() => {
    if (!focus) setPicked(null);
  }, [focus]);
  const tap = (key, acts) => {
    if (!acts.length) return;
    setPicked(key);
    setFocus(key === "explore" ? (a) => a.kind === "explore" : actionsAt(ix, pub, legal, key, seat));
  };
  const order = [...pub.seats].sort((a, b) => (a.seat === seat ? -1 : b.seat === seat ? 1 : a.seat - b.seat));
  const mapActs = legal.some((a) => typeof a.node === "number" || /^(attack|challenge|minion_attack)$/.test(a.kind));
  const cardActs = legal.some((a) => typeof a.card === "number");
  const hint = [mapActs ? "a ringed space on the map" : "", cardActs ? "a card marked ▸" : ""].filter(Boolean).join(" or ");
  return html`<div class="tv">
    <${Status} ix=${ix} obs=${obs} pub=${pub} me=${seat} legal=${legal} setFocus=${setFocus} />
    ${/orient$/.test(pub.pending?.kind) && pub.pending.seat === seat ? html`<${Orienting} ix=${ix} pub=${pub} legal=${legal}
      act=${act} />` : null}
    ${hint ? html`<p class="tv-hint">Tap ${hint} to see only its moves below.</p>` : null}
    <${Land} ix=${ix} pub=${pub} me=${seat} legal=${legal} picked=${picked} onTap=${tap} zoom=${zoom} setZoom=${setZoom} />
    <${LandWords} ix=${ix} pub=${pub} me=${seat} />
    ${priv ? html`<${Mine} ix=${ix} pub=${pub} priv=${priv} me=${seat} legal=${legal} setFocus=${setFocus} />` : null}
    <section aria-labelledby="tv-seats-h"><h2 id="tv-seats-h">Players <small>(Monsters need ${pub.kills_to_win} kills)</small></h2>
      <ul class="tv-seats">${order.map((s) => html`<${SeatPanel} ix=${ix} pub=${pub} s=${s} me=${seat} priv=${priv}
        legal=${legal} setFocus=${setFocus} />`)}</ul></section>
    <${Decks} ix=${ix} pub=${pub} legal=${legal} setFocus=${setFocus} />
    ${pub.reveal ? html`<${Reveal} ix=${ix} pub=${pub} me=${seat} />` : null}
  </div>`;
}

// A moment the view cannot draw (the observation may still be changing) leaves the picker below usable.
function Board(props) {
  const [error, reset] = useErrorBoundary();
  useEffect(() => {
    if (error) reset();
  }, [props.obs]);
  return error ? html`<p class="error" role="alert">The table could not be drawn for this moment (${String(error.message || error)});
    the moves below still work.</p>` : html`<${Table} ...${props} />`;
}

// Secret or for good: a sealed ambush, a reveal, the Monster you become, a cure that discards a Transformation card.
const confirm = new Set(["ambush", "reveal_ambush", "reveal", "become", "cure", "swap_transformations"]);

// the pieces a player must see while choosing, in order of preference (the page scrolls the first there is into view)
export default { key: [".tv-map"], Board, confirm };
