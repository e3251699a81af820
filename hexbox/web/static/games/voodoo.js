// Voodoo's table: the score track with its Big Skulls, the dice of the bag (tap them to re-roll or to pay), the
// curses in play and what they oblige, the Target Card, your curses and artefacts, and "Broken!" claims. Drawn only
// from the observation; the server says what is legal, this view narrows the shared picker or makes the one move
// a button names.
import { useEffect, useState } from "preact/hooks";
import { Seat, cardKey, html, seatName } from "../lib.js";
import { Card } from "../ui.js";

// The shell hands us its state setter, which would call a bare function as an updater: wrap the predicate so that
// it works both as an updater (returns the predicate) and as the predicate itself.
const narrowTo = (setFocus) => (pred) => setFocus(pred ? (x) => (x === null || typeof x === "function" ? pred : pred(x)) : null);

// die faces drawn in SVG (24×24): the shape carries the face, the colour only helps
const GLYPH = {
  PU: html`<ellipse cx="12" cy="14" rx="9" ry="7.5" fill="#e8891c" /><path d="M12 7.5v13M7.5 9c-2 3-2 8 0 11M16.5 9c2 3 2 8 0 11" stroke="#9c5309" fill="none" /><rect x="11" y="3" width="2.6" height="5" rx="1" fill="#3f8f3a" />`,
  SK: html`<circle cx="12" cy="10.5" r="7.5" fill="#eee" stroke="#555" /><rect x="8" y="15" width="8" height="5.5" rx="1.5" fill="#eee" stroke="#555" /><circle cx="9" cy="10.5" r="2.2" fill="#222" /><circle cx="15" cy="10.5" r="2.2" fill="#222" /><path d="M10.5 17.5v3M13.5 17.5v3" stroke="#555" />`,
  ST: html`<path d="M12 2.5l2.8 6.3 6.8.6-5.2 4.5 1.6 6.7L12 17l-6 3.6 1.6-6.7-5.2-4.5 6.8-.6z" fill="#f5c518" stroke="#a07800" />`,
  CR: html`<path d="M12 21V13M12 13L5 4.5M12 13L12 3M12 13l7-8.5M12 21l-2.5 2" stroke="#222" stroke-width="2.4" stroke-linecap="round" fill="none" />`,
  BA: html`<path d="M12 8c-1-2-2-2.5-2-2.5L12 7l2-1.5S13 6 12 8c3-3 8-3 11-1-2 1-2 4-3 6-1.5-1.5-3-1-4 1-1-1.5-3-1.5-4 0-1-1.5-3-1.5-4 0-1-2-2.5-2.5-4-1-1-2-1-5-3-6 3-2 8-2 11 1z" fill="#5b3b7a" stroke="#2b1840" />`,
  GH: html`<path d="M5 21V10a7 7 0 0 1 14 0v11l-2.3-2-2.3 2-2.4-2-2.3 2-2.4-2z" fill="#dff3f0" stroke="#5a8c86" /><circle cx="9.5" cy="10.5" r="1.6" fill="#222" /><circle cx="14.5" cy="10.5" r="1.6" fill="#222" />`,
};
const ORDER = ["PU", "SK", "ST", "CR", "BA", "GH"];
const SEAT_COLOUR = ["#E69F00", "#56B4E9", "#009E73", "#F0E442", "#CC79A7", "#D55E00"]; // Okabe–Ito, with numbers
const EMO = { howl: "🐺", cluck: "🐔", snore: "😴", jig: "💃", caw: "🐦", sneeze: "🤧", ouch: "🔥", cheer: "🎉",
  lap: "🚶", scratch: "🦶", squeak: "🐭", moan: "😩", strut: "🦩", hum: "🎵", laugh: "😈", hop: "🧟", obey: "🙇",
  limbo: "🤸", shake: "🎶", stir: "🥄", bow: "🎩", grumble: "😤", stomp: "👣", chant: "🕯️" };
const TRIGGER = { roll: "before your first roll", reroll: "before each re-roll", keep: "before keeping the bag",
  draw: "before each draw", cast: "before each cast", score: "before each cast and each claim",
  pass_doll: "before passing the doll", any: "before every move of your turn" };
const EVENT = { roll: "after another player's first roll", cast: "after anyone else casts",
  points: "after anyone else scores", caster_says: "after its caster speaks" };
const COUNT = { reroll: "re-roll", draw_curse: "Curse draw", draw_artefact: "Artefact draw", cast: "cast",
  phase2: "action once the bag is complete" };
const TARGET = { left: "curse only the first player on your left who can be cursed",
  leader: "curse only the leader", not_caster: "never curse the player who cast this on you",
  not_repeat: "never curse the same player twice in a row" };
const WHEN = { bag_complete: "when another player's bag is complete", phase1: "your phase 1, before keeping",
  phase2: "your phase 2", targeted: "when a curse is cast on you", own_turn: "any time on your turn" };
const CONSEQUENCE = { fewer_dice: (n) => `${n} fewer die next roll`, lose_points: (n) => `lose ${n} point`,
  discard_curse: () => "discard a random curse" };
const PHASE = { phase1: "Phase 1 · roll and re-roll", bag_window: "The bag is complete · reactions",
  phase2: "Phase 2 · spend the dice", curse_response: "A curse is being cast", claim_window: "Claims · “Broken!”",
  candle: "Choosing from the top of the Curse deck", over: "Game over" };

const WINDOWS = new Set(["bag_window", "claim_window", "curse_response"]);

function index(catalog) {
  if (!catalog._ix) {
    const ix = { face: {}, code: {} };
    for (const f of catalog.face || []) {
      ix.face[f.id] = f;
      ix.code[f.code] = f;
    }
    for (const k of ["curse", "permanent", "artefact"]) for (const c of catalog[k] || []) ix[c.id] = { ...c, type: k };
    catalog._ix = ix;
  }
  return catalog._ix;
}

// what a rule asks of its victim, in words
function duty(rule, ix) {
  const c = COUNT[rule.count];
  switch (rule.kind) {
    case "ritual": return `${EMO[rule.emote] || ""} emote “${rule.emote}” ${TRIGGER[rule.trigger] || rule.trigger}`;
    case "echo": return `${EMO[rule.emote] || ""} emote “${rule.emote}” ${EVENT[rule.event] || rule.event}, before your next move`;
    case "speech": return rule.voice === "silent" ? "🤐 say nothing at all" : `🗣 speak only in the ${rule.voice} voice`;
    case "limit":
      if (rule.max === 0) return `🚫 no ${c} at all`;
      return rule.max !== undefined ? `🔢 at most ${rule.max} ${c}${rule.max > 1 ? "s" : ""} a turn`
        : `🔢 at least ${rule.min} ${c} every turn`;
    case "target": return `🎯 ${TARGET[rule.target] || rule.target}`;
    case "payment": return rule.payment === "no_face" ? `🚫 never spend a ${ix.face[rule.face]?.name || rule.face}`
      : "🎲 pay every draw with two dice of the same face";
    default: return "";
  }
}

function cardText(c, ix) {
  if (!c) return "";
  if (c.text && c.effect !== undefined || c.type === "artefact") return c.text;  // cards.toml's full text
  if (c.type === "curse") {
    return `${c.timing}: ${c.text}. The victim must ${duty(c.rule, ix)}. Cost ${c.cost.replace(/\*/g, "any")}; cast ${c.cast
      } pt, broken ${c.interrupt} pt to its caster.`;
  }
  if (c.type === "permanent") {
    const k = CONSEQUENCE[c.consequence.kind];
    return `Permanent: ${c.text} (${duty(c.rule, ix)}). If broken: ${k ? k(c.consequence.n) : c.consequence.kind}.`;
  }
  return `${WHEN[c.when] || c.when}: ${c.text}`;
}

function VCard({ id, catalog, onPick = null, selected = false, hint = "" }) {
  const ix = index(catalog);
  const c = ix[id];
  const symbol = c?.type === "artefact" ? "🏺" : c?.type === "permanent" ? "☠️" : "📜";
  return html`<${Card} name=${c?.name || id} text=${cardText(c, ix)} symbol=${symbol} kind=${`v-${c?.type || "card"}`}
    onPick=${onPick} selected=${selected} hint=${hint} />`;
}

function Die({ code, state = "", size = 40 }) {
  return html`<svg class=${`v-die ${state}`} viewBox="0 0 24 24" width=${size} height=${size} aria-hidden="true"
    focusable="false">${GLYPH[code]}</svg>`;
}

const codes = (text) => (text ? text.split(" ").filter((c) => c !== "*") : []);
// whether the multiset `part` fits inside `whole` (both lists of face codes)
function within(part, whole) {
  const left = [...whole];
  for (const c of part) {
    const i = left.indexOf(c);
    if (i < 0) return false;
    left.splice(i, 1);
  }
  return true;
}
const same = (a, b) => a.length === b.length && within(a, b);

function Cost({ cost, ix }) {
  return html`<span class="v-cost" role="img" aria-label=${`cost: ${cost.split(" ").map((c) => (c === "*" ? "any die" : ix.code[c]?.name)).join(", ")}`}>
    ${cost.split(" ").map((c) => (c === "*" ? html`<span class="v-any" aria-hidden="true">?</span>` : html`<${Die} code=${c} size=${22} />`))}</span>`;
}

// The bag. In phase 1 each tap moves a die on: keep → ↻ re-roll → ✕ set aside; the Re-roll button makes the move.
// In the other phases a tap marks a die to spend, and the picker keeps the moves that spend it.
function Bag({ obs, seat, catalog, legal, labels, focus, setFocus, act, curse }) {
  const ix = index(catalog);
  const pub = obs.public;
  const bag = pub.bag.map((f) => ix.face[f]?.code || f);
  const [marks, setMarks] = useState([]);
  const key = JSON.stringify([pub.bag, pub.turn, obs.phase]);
  useEffect(() => setMarks([]), [key]);
  const rerolls = legal.filter((a) => a.kind === "reroll");
  const payers = legal.filter((a) => a.pay || (a.kind === "use_artefact" && a.dice && a.artefact === "A01"));
  const mode = rerolls.length ? "reroll" : payers.length ? "pay" : null;
  const picked = (m) => bag.filter((_, i) => marks[i] === m);
  const narrow = (next, cur = curse) => {
    if (mode === "reroll") {
      const drop = bag.filter((_, i) => next[i] === "drop");
      const again = bag.filter((_, i) => next[i] === "again");
      const any = drop.length || again.length;
      setFocus(any ? (a) => a.kind === "reroll" && (!drop.length || (drop.length === 1 && a.drop === drop[0]))
        && within(again, codes(a.dice)) : null);
    } else if (mode === "pay") {
      const spend = bag.filter((_, i) => next[i] === "spend");
      setFocus(spend.length || cur ? (a) => (a.pay !== undefined || a.artefact === "A01") && within(spend, codes(a.pay || a.dice))
        && (!cur || a.curse === cur) : null);
    }
  };
  useEffect(() => { if (mode === "pay" && (curse || marks.some(Boolean))) narrow(marks, curse); }, [curse]);
  useEffect(() => { if (!focus) setMarks([]); }, [focus]); // the picker's "back" lets go of the dice too
  const tap = (i) => {
    const cycle = mode === "reroll" ? { "": "again", again: "drop", drop: "" } : { "": "spend", spend: "" };
    const next = bag.map((_, j) => (j === i ? cycle[marks[j] || ""] : marks[j] || ""));
    setMarks(next);
    narrow(next);
  };
  const drop = picked("drop");
  const again = picked("again");
  const chosen = mode === "reroll" && drop.length === 1 && again.length
    ? rerolls.find((a) => a.drop === drop[0] && same(codes(a.dice), again)) : null;
  const word = { again: "↻ roll", drop: "✕ aside", spend: "✓ spend", "": mode === "reroll" ? "keep" : "" };
  const spoken = { again: "re-roll", drop: "set aside", spend: "spend", "": "keep" };
  if (obs.phase === "over") return null;
  if (!bag.length) {
    return obs.phase === "phase1" && !pub.rolled ? html`<p class="note">🎲 ${pub.active === seat ? "Roll the dice"
      : `${Seat(pub.active, seat)} rolls next`}${pub.fewer_dice[pub.active] ? ` (${pub.fewer_dice[pub.active]} fewer)` : ""}.</p>` : null;
  }
  return html`<section class="v-bag" aria-labelledby="v-bag-h">
    <h2 id="v-bag-h">🎲 ${pub.active === seat ? "Your bag" : `${Seat(pub.active, seat)}'s bag`}${" "}<small>${bag.length} ${bag.length === 1 ? "die" : "dice"}</small></h2>
    ${mode ? html`<p class="v-hint">${mode === "reroll" ? "Tap a die: ↻ re-roll, tap again: ✕ set aside (one die pays for each re-roll)."
      : "Tap dice to spend them, or a curse of yours to cast it: the moves below keep to them."}</p>` : null}
    <div class="v-dice" role="group" aria-label="dice in the bag">
      ${bag.map((code, i) => {
        const m = marks[i] || "";
        const faceName = ix.code[code]?.name || code;
        return mode ? html`<button type="button" class=${`v-dbtn ${m}`} aria-pressed=${m ? "true" : "false"}
            aria-label=${`${faceName}: ${spoken[m]}`} onClick=${() => tap(i)}>
            <${Die} code=${code} ix=${ix} /><small aria-hidden="true">${word[m]}</small></button>`
          : html`<span class="v-dbtn" role="img" aria-label=${faceName}><${Die} code=${code} ix=${ix} /></span>`;
      })}
    </div>
    ${chosen ? html`<button type="button" class="primary v-go" onClick=${() => act(chosen)}>
      ↻ ${labels[legal.indexOf(chosen)] || "Re-roll"}</button>` : null}
    ${mode === "reroll" && (drop.length > 1) ? html`<p class="note">Set aside exactly one die.</p>` : null}
    ${pub.set_aside.length ? html`<div class="v-aside" role="img" aria-label=${`set aside: ${pub.set_aside.map((f) => ix.face[f]?.name).join(", ")}`}>
      <small>set aside</small> ${pub.set_aside.map((f) => html`<${Die} code=${ix.face[f]?.code} size=${26} state="out" />`)}</div>` : null}
  </section>`;
}

// the score track: spaces 0…target in one or two lines, Big Skulls marked, a numbered marker per seat, two abreast
function Track({ pub, seat, catalog }) {
  const t = pub.target_score;
  const skulls = catalog.game?.skulls || [3, 6, 9];
  const per = t < 8 ? t + 1 : Math.ceil((t + 1) / 2);
  const w = 52;
  const stacks = {};
  pub.scores.forEach((s, i) => (stacks[Math.min(s, t)] ||= []).push(i));
  const lines = Math.ceil((t + 1) / per);
  // each line is as tall as its highest pile of markers
  const rows = Array.from({ length: lines }, (_, l) => Math.max(0, ...Object.entries(stacks)
    .filter(([k]) => Math.floor(k / per) === l).map(([, x]) => Math.ceil(x.length / 2))));
  const tops = rows.map((r, l) => rows.slice(0, l + 1).reduce((sum, x) => sum + x * 22 + 4, 0) + l * 34);
  const top = (k) => tops[Math.floor(k / per)]; // the top of space k
  const left = (k) => (k % per) * w;
  const label = pub.scores.map((s, i) => `${seatName(i, seat)} ${s}`).join(", ");
  return html`<figure class="v-track"><svg viewBox=${`0 0 ${per * w} ${tops[lines - 1] + 32}`} role="img"
      aria-label=${`Scores (first to ${t}): ${label}`}>
    ${Array.from({ length: t + 1 }, (_, k) => html`<g>
      <rect x=${left(k) + 2} y=${top(k)} width=${w - 4} height="30" rx="5"
        class=${skulls.includes(k) ? "v-skull" : k === t ? "v-goal" : "v-cell"} />
      <text x=${left(k) + w / 2} y=${top(k) + 21} text-anchor="middle" class="v-num">${k}${skulls.includes(k) ? " ☠" : k === t ? " ★" : ""}</text>
    </g>`)}
    ${Object.entries(stacks).map(([k, list]) => list.map((s, j) => {
      const x = left(Number(k)) + w / 2 + (list.length === 1 ? 0 : j % 2 ? 12 : -12);
      const y = top(Number(k)) - 12 - Math.floor(j / 2) * 22;
      return html`<g><circle cx=${x} cy=${y} r="10.5" fill=${SEAT_COLOUR[s]} stroke=${s === seat ? "#fff" : "#111"}
        stroke-width=${s === seat ? 2.5 : 1} /><text x=${x} y=${y + 4.5} text-anchor="middle" class="v-mark">${s + 1}</text></g>`;
    }))}
  </svg><figcaption><small>☠ Big Skulls at ${skulls.join(", ")} bring a Permanent Curse · ★ ${t} wins</small></figcaption></figure>`;
}

function Tile({ s, obs, seat, catalog, legal, labels, setFocus, act }) {
  const pub = obs.public;
  const ix = index(catalog);
  const h = pub.hands[s];
  const known = [...h.known_curses, ...(obs.private?.known_curses?.[String(s)] || [])];
  const revealed = pub.all_hands?.[s];
  const moves = legal.map((a, i) => [a, i]).filter(([a]) => a.target === s && a.kind !== "cast"
    && !(a.kind === "use_artefact" && a.artefact === "A01"));
  const casts = legal.filter((a) => (a.kind === "cast" || a.artefact === "A01") && a.target === s);
  const acting = obs.actors.includes(s);
  return html`<li class=${`v-seat ${s === seat ? "me" : ""} ${acting ? "acting" : ""}`}>
    <h3><span class="v-dot" style=${`background:${SEAT_COLOUR[s]}`} aria-hidden="true">${s + 1}</span>
      ${Seat(s, seat)} <b class="v-score" role="img" aria-label=${`${pub.scores[s]} points`}>${pub.scores[s]}</b></h3>
    <div class="v-marks">
      ${s === pub.active && obs.phase !== "over" ? html`<span>🪆 doll</span>` : null}
      ${pub.target_holder === s ? html`<span>🎯 Target Card</span>` : null}
      ${pub.spirit_ward.includes(s) ? html`<span>🛡 warded</span>` : null}
      ${pub.fewer_dice[s] ? html`<span>🎲 −${pub.fewer_dice[s]} next roll</span>` : null}
      ${acting && s !== pub.active ? html`<span>⏳ to act</span>` : null}
    </div>
    <div role="img" aria-label=${`${h.curses} curses and ${h.artefacts} artefacts in hand`}>📜 ${h.curses} · 🏺 ${h.artefacts}</div>
    ${known.length && s !== seat && !revealed ? html`<div class="v-known"><small>holds</small>
      ${[...new Set(known)].map((id, i_, all_) => html`<${VCard} key=${cardKey(all_, i_)} id=${id} catalog=${catalog} />`)}</div>` : null}
    ${pub.permanents[s].length ? html`<div class="v-perm">${pub.permanents[s].map((id, i_, all_) => html`<${VCard} key=${cardKey(all_, i_)} id=${id} catalog=${catalog} />`)}</div>` : null}
    ${revealed && s !== seat ? html`<div class="v-known"><small>held</small>
      ${[...revealed.curses, ...revealed.artefacts].map((id) => html` <span class="v-chip">${ix[id]?.name || id}</span>`)}</div>` : null}
    ${casts.length ? html`<button type="button" class="v-act" onClick=${() => setFocus((a) => (a.kind === "cast" || a.artefact === "A01") && a.target === s)}>
      🎯 Curse… (${casts.length})<span class="sr-only"> on ${Seat(s, seat)}</span></button>` : null}
    ${moves.map(([a, i]) => html`<button type="button" class="v-act" onClick=${() => act(a)}>${labels[i] || a.kind}</button>`)}
  </li>`;
}

// the emote a curse on you asks for, one tap away when it is yours to make now
function EmoteButton({ rule, legal, act }) {
  const a = rule?.emote && legal.find((x) => x.kind === "emote" && x.emote === rule.emote);
  return a ? html`<button type="button" class="v-emote" onClick=${() => act(a)}>${EMO[a.emote]} ${a.emote}!</button>` : null;
}

function InPlay({ obs, seat, catalog, legal, act }) {
  const pub = obs.public;
  const ix = index(catalog);
  if (!pub.curses_in_play.length) return null;
  return html`<section aria-labelledby="v-play-h"><h2 id="v-play-h">Curses in play</h2>
    <ul class="v-play">${pub.curses_in_play.map((c) => {
      const k = ix[c.curse];
      const all = c.victims.length > 1 || k?.id === "E01" || k?.id === "H01";
      const onMe = c.victims.includes(seat);
      const claim = legal.find((a) => a.kind === "claim" && a.curse === c.curse);
      return html`<li class=${onMe ? "on-me" : ""}>
        <div class="v-row"><${VCard} id=${c.curse} catalog=${catalog} />
          <small>${Seat(c.caster, seat)} → ${all ? "every adversary" : c.victims.map((v) => Seat(v, seat)).join(", ")}</small></div>
        <div class="v-duty">${onMe ? html`<b>You must: </b>` : html`<small>victim must: </small>`}${k ? duty(k.rule, ix) : c.rule}
          <small> · broken: +${c.interrupt} to ${Seat(c.caster, seat)}</small></div>
        ${pub.claimed.includes(c.curse) ? html`<small>📣 claimed this window</small>` : null}
        ${claim ? html`<button type="button" class="v-claim" onClick=${() => act(claim)}
          aria-label=${`Broken! claim ${k?.name || c.curse}`}>📣 Broken!</button>` : null}
      </li>`;
    })}</ul></section>`;
}

function Mine({ obs, seat, catalog, legal, setFocus, curse, setCurse }) {
  const me = obs.private;
  const ix = index(catalog);
  const usable = (id) => legal.some((a) => a.curse === id || a.artefact === id);
  return html`<section class="v-mine" aria-labelledby="v-mine-h"><h2 id="v-mine-h">Your hand</h2>
    <ul class="v-hand">
      ${me.my_curses.map((id) => {
        const c = ix[id];
        const ok = usable(id);
        return html`<li><${VCard} id=${id} catalog=${catalog} selected=${curse === id}
          onPick=${ok ? () => {
            const next = curse === id ? null : id;
            setCurse(next);
            if (!next) setFocus(null);
            else setFocus((a) => a.curse === id);
          } : null} hint=${ok ? "show the moves with this curse" : ""} />
          ${c ? html`<span class="v-meta"><${Cost} cost=${c.cost} ix=${ix} />
            <small role="img" aria-label=${`cast ${c.cast} points, broken ${c.interrupt}`}>⚡${c.cast} 💔${c.interrupt}</small></span>` : null}</li>`;
      })}
      ${me.my_artefacts.map((id) => html`<li><${VCard} id=${id} catalog=${catalog}
        onPick=${legal.some((a) => a.artefact === id) ? () => setFocus((a) => a.artefact === id) : null}
        hint="show the uses of this artefact" /></li>`)}
      ${me.my_curses.length + me.my_artefacts.length ? null : html`<li class="note">no cards</li>`}
    </ul>
    ${me.my_candle.length ? html`<div class="v-candle"><b>🕯 Black Candle shows you</b>
      ${me.my_candle.map((id, i_, all_) => html`<${VCard} key=${cardKey(all_, i_)} id=${id} catalog=${catalog} />`)}</div>` : null}
    ${me.curse_deck_known.length ? html`<p><small>You alone know: ${me.curse_deck_known.map(([i, id]) =>
      `${ix[id]?.name} ${i + 1} from the bottom`).join(", ")}</small></p>` : null}
  </section>`;
}

function Board({ obs, seat, catalog, legal, labels, focus, setFocus: set, act }) {
  const setFocus = narrowTo(set);
  const pub = obs.public;
  const ix = index(catalog);
  const [curse, setCurse] = useState(null);
  useEffect(() => { if (!focus) setCurse(null); }, [focus]);
  const pc = pub.pending_cast;
  const order = Array.from({ length: pub.players }, (_, i) => ((seat ?? 0) + i) % pub.players);
  // the rules you are bound by, as the cards print them (no reminder of what is due when: that is the game, R70)
  const duties = seat === null || obs.phase === "over" ? [] : [...pub.curses_in_play.filter((c) => c.victims.includes(seat))
    .map((c) => c.curse), ...pub.permanents[seat]].filter((id) => ix[id]);
  return html`<div class="v-board">
    <h2 class="v-phase">${obs.phase === "over" ? "🏁 Game over" : WINDOWS.has(obs.phase)
      // a window is open to everyone it concerns (the turn line above the board names them), not the doll's holder
      ? html`🪆 ${PHASE[obs.phase] || obs.phase}${" · "}<small class="v-during">during ${pub.active === seat ? "your"
        : `${Seat(pub.active, seat)}'s`} turn</small>`
      : html`🪆 ${pub.active === seat ? "Your turn" : `${Seat(pub.active, seat)}'s turn`}${" · "}${PHASE[obs.phase] || obs.phase}`}
      <small>turn ${obs.turn} · first to ${pub.target_score} · ${pub.claim_mode === "automatic" ? "automatic claims"
        : "call-out claims"}</small></h2>
    ${pc ? html`<p class="v-alert" role="alert">⚠ ${Seat(pc.caster, seat)} ${pc.caster === seat ? "are" : "is"} casting
      <${VCard} id=${pc.curse} catalog=${catalog} /> on ${pc.target === seat ? "you" : Seat(pc.target, seat)}!</p>` : null}
    ${duties.length ? html`<section class="v-duties" aria-labelledby="v-duties-h"><h2 id="v-duties-h">⚠ Curses on you</h2>
      <ul>${duties.map((id) => html`<li><b>${ix[id]?.name || id}${ix[id]?.type === "permanent" ? " ☠️" : ""}:</b>${" "}${duty(ix[id].rule, ix)} <${EmoteButton} rule=${ix[id].rule} legal=${legal} act=${act} /></li>`)}</ul></section>` : null}
    <${Track} pub=${pub} seat=${seat} catalog=${catalog} />
    <${Bag} obs=${obs} seat=${seat} catalog=${catalog} legal=${legal} labels=${labels} focus=${focus}
      setFocus=${setFocus} act=${act} curse=${curse} />
    ${obs.private ? html`<${Mine} obs=${obs} seat=${seat} catalog=${catalog} legal=${legal} setFocus=${setFocus}
      curse=${curse} setCurse=${setCurse} />` : null}
    <${InPlay} obs=${obs} seat=${seat} catalog=${catalog} legal=${legal} act=${act} />
    <section aria-labelledby="v-seats-h"><h2 id="v-seats-h">Sorcerers${" "}<small>🎯 Target Card: ${pub.target_holder === null ? "in the centre"
      : Seat(pub.target_holder, seat)}</small></h2>
      <ul class="v-seats">${order.map((s) => html`<${Tile} s=${s} obs=${obs} seat=${seat} catalog=${catalog} legal=${legal}
        labels=${labels} setFocus=${setFocus} act=${act} />`)}</ul></section>
    <p class="v-decks"><span>📜 Curse deck ${pub.curse_deck.size}</span> <span>🏺 Artefacts ${pub.artefact_deck.size}</span>
      <span>☠️ Permanent ${pub.permanent_deck}</span>
      <small>· cast ${pub.curses_cast} · claims ${pub.curse_claims} · false claims ${pub.false_claims}</small></p>
    ${pub.curse_deck.known.length && obs.phase !== "over" ? html`<details><summary>Known at the bottom of the Curse deck (${pub.curse_deck.known.length})</summary>
      ${pub.curse_deck.known.map(([, id], i_, all_) => html`<${VCard} key=${cardKey(all_, i_)} id=${id} catalog=${catalog} />`)}</details>` : null}
    ${pub.violations?.length ? html`<details open=${obs.phase === "over"}><summary>Broken curses (${pub.violations.length})</summary>
      <ul>${pub.violations.slice(-20).map((v) => html`<li>${Seat(v.victim, seat)} broke ${ix[v.curse]?.name || v.curse}</li>`)}</ul></details>` : null}
  </div>`;
}

const FACE_FIELDS = ["pay", "dice", "drop", "face", "face_to"];

// the pieces a player must see while choosing, in order of preference (the page scrolls the first there is into view)
export default { key: [".v-bag", ".v-track"],
  Board,
  confirm: new Set(["keep_card"]),
};
