// GROWL's table: your hand with its icons and net totals, the Night passing (both cards at once), the deck and its
// Night cards, every seat with the spells in front of it, and deaths. Drawn only from the observation; the server
// says what is legal, this view only narrows the shared picker (setFocus) or makes the one move a button names.
import { useEffect, useState } from "preact/hooks";
import { Seat, cardKey, html, seatName } from "../lib.js";
import { Card } from "../ui.js";

// The shell hands us its state setter, which would call a bare function as an updater: wrap the predicate so that
// it works both as an updater (returns the predicate) and as the predicate itself.
const narrowTo = (setFocus) => (pred) => setFocus(pred ? (x) => (x === null || typeof x === "function" ? pred : pred(x)) : null);

const ICON = { gold: "🪙", bite: "🐺", charm: "🧿", wound: "🩸", salve: "🩹", holy_water: "⚗\ufe0f", infinity: "♾️",
  wolf_wound: "🩸?" };
const ICON_WORD = { gold: "gold", bite: "bite", charm: "charm", wound: "wound", salve: "salve",
  holy_water: "holy water", infinity: "infinity", wolf_wound: "wolf wound" };
const KIND_SYMBOL = { night: "🌙", final: "🌕\ufe0f", spell: "🔮" };


const PHASE = {
  spells: "Spell step", give: "Day: the top card must be given", night_card: "A Night card is revealed",
  contribute: "Secret contributions", show: "Truth Serum", vote: "An open vote", purge: "The Purge: a secret vote",
  point: "The Unwanted: point left or right", save: "The Unsaved", pick: "A pick", hallows: "All Hallows' Eve",
  passing: "Night: pass a card to each neighbour", death_rattle: "Death Rattle", over: "The Growl",
};

// the spell a paid-spell action belongs to, so that tapping the spell shows its uses
const SPELL_ACTION = { tanglevine: "escape", scrying_bowl: "scry", healing_draught: "heal",
  purifying_rite: "purify", banishing_rite: "banish", spirit_leash: "leash" };
const SEAT_FIELDS = ["target", "first", "second"];
const CARD_FIELDS = ["card", "left", "right", "pay", "pay1", "pay2", "discard", "spell"];
// a move made straight from a seat's button: the button names it (secret ones go through the picker's confirm)
const VERB = { give: "🎁 Give", target: "🌙 Target", vote: "🗳 Vote", save: "🙌 Save", pick: "👉 Pick" };
const SECRET = new Set(["night_pass", "pass_none", "contribute", "show", "hallows", "death_rattle", "point",
  "vote", "escape", "scry", "heal", "purify", "banish", "leash"]);

function cardsOf(catalog) {
  if (!catalog._byId) catalog._byId = Object.fromEntries((catalog.card || []).map((c) => [c.id, c]));
  return catalog._byId;
}

function iconsOf(c) {
  return Object.entries(c?.icons || {}).filter(([k]) => ICON[k])
    .map(([k, n]) => ICON[k].repeat(n)).join("");
}

function textOf(c) {
  if (!c) return "";
  const icons = Object.entries(c.icons || {}).filter(([k]) => ICON[k])
    .map(([k, n]) => `${n} ${ICON_WORD[k]}${k === "infinity" ? ` (cancels ${c.cancels})` : ""}`);
  // the card's own text, from cards.toml (the same words as the terminal's ?): it says what kind of card it is
  return [icons.length ? `Icons: ${icons.join(", ")}.` : "", c.text || ""].filter(Boolean).join(" · ");
}

function name(catalog, id) {
  return cardsOf(catalog)[id]?.name || id;
}

function GCard({ id, catalog, count = 1, onPick = null, selected = false, hint = "" }) {
  const c = cardsOf(catalog)[id];
  const symbol = c?.kind === "hand" ? iconsOf(c) : KIND_SYMBOL[c?.kind] || "";
  const label = count > 1 ? `${c?.name || id} ×${count}` : c?.name || id;
  return html`<${Card} name=${label} text=${textOf(c)} symbol=${symbol} kind=${`g-${c?.kind || "card"}`}
    onPick=${onPick} selected=${selected} hint=${hint} />`;
}

// cards in a hand (a count per id), in the catalog's order
function handList(hand, catalog) {
  return (catalog.card || []).filter((c) => hand?.[c.id]).map((c) => [c.id, hand[c.id]]);
}

function Meter({ label, icon, value, of = 3, warn }) {
  const pips = Array.from({ length: of }, (_, i) => (i < value ? "●" : "○")).join("");
  return html`<span class=${`g-meter ${value >= of - 1 && warn ? "warn" : ""}`}
    role="img" aria-label=${`${label}: ${value} of ${of}`}><span aria-hidden="true">${icon} ${pips}</span>
    <small aria-hidden="true">${label} ${value}</small></span>`;
}

// The two cards of a Night passing (or All Hallows' Eve), chosen together: tap a card, then another; the picker
// below then holds the one move, and asks for a second tap on a touch screen.
function Passing({ kind, hand, legal, catalog, to, focus, setFocus, mine }) {
  const [pick, setPick] = useState({ left: null, right: null });
  useEffect(() => setPick({ left: null, right: null }), [kind, JSON.stringify(hand)]);
  useEffect(() => { if (!focus) setPick({ left: null, right: null }); }, [focus]); // the picker's "back"
  const moves = legal.filter((a) => a.kind === kind);
  const fits = (a, p) => (!p.left || a.left === p.left) && (!p.right || a.right === p.right);
  const choose = (p) => {
    setPick(p);
    setFocus(p.left || p.right ? (a) => a.kind === kind && fits(a, p) : null);
  };
  const slot = pick.left && !pick.right ? "right" : pick.left ? null : "left";
  const tap = (id) => {
    if (!slot) return choose({ left: id, right: null });
    return choose({ ...pick, [slot]: id });
  };
  const canTake = (id) => {
    if (!slot) return moves.some((a) => a.left === id);
    return moves.some((a) => fits(a, { ...pick, [slot]: id }));
  };
  const Slot = ({ side }) => html`<div class=${`g-slot ${pick[side] ? "full" : ""} ${slot === side ? "next" : ""}`}>
    <span class="g-slot-to">${side === "left" ? "◀ left" : "right ▶"}${to ? html` · <b>${to[side]}</b>` : ""}</span>
    ${pick[side] ? html`<button type="button" onClick=${() => choose({ ...pick, [side]: null })}
        aria-label=${`take ${name(catalog, pick[side])} back from the ${side}`}>${iconsOf(cardsOf(catalog)[pick[side]])}
        ${name(catalog, pick[side])} ✕</button>`
      : html`<span class="note">${slot === side ? "tap a card below" : "—"}</span>`}
  </div>`;
  if (mine) {
    return html`<div class="g-passing" role="group" aria-label="your Night passing">
      <p>✓ You passed ${mine.length ? `${name(catalog, mine[0])} to the left and ${name(catalog, mine[1])} to the right`
        : "nothing"}. Waiting for the others.</p></div>`;
  }
  return html`<div class="g-passing" role="group" aria-label=${kind === "hallows" ? "the cards you send" : "your Night passing"}>
    <p><b>${kind === "hallows" ? "Send a card to each living neighbour" : "Pass a card to each neighbour"}</b>${" "}— two different cards, chosen together${kind === "night_pass" ? "; a human may not pass a 🐺 bite" : ""}.</p>
    <div class="g-slots"><${Slot} side="left" /><${Slot} side="right" /></div>
    <ul class="g-hand" aria-label="cards you may pass">
      ${handList(hand, catalog).map(([id, n]) => {
        const left = n - (pick.left === id ? 1 : 0) - (pick.right === id ? 1 : 0);
        const ok = left > 0 && canTake(id);
        return html`<li class=${ok ? "" : "g-off"}><${GCard} id=${id} catalog=${catalog} count=${n}
          onPick=${ok ? () => tap(id) : null} selected=${pick.left === id || pick.right === id}
          hint=${ok ? `pass to the ${slot || "left"}` : "cannot be passed now"} />
          ${ok ? null : html`<small>${left > 0 ? "🚫 not now" : "chosen"}</small>`}</li>`;
      })}
    </ul>
  </div>`;
}

function Hand({ me, catalog, legal, setFocus, focus }) {
  const [picked, setPicked] = useState(null);
  useEffect(() => { if (!focus) setPicked(null); }, [focus]);
  const usable = (id) => legal.filter((a) => CARD_FIELDS.some((f) => a[f] === id));
  const cards = handList(me.hand, catalog);
  return html`<ul class="g-hand" aria-label="your hand">
    ${cards.length ? cards.map(([id, n]) => {
      const uses = usable(id);
      return html`<li><${GCard} id=${id} catalog=${catalog} count=${n} selected=${picked === id}
        onPick=${uses.length ? () => { setPicked(id); setFocus((a) => CARD_FIELDS.some((f) => a[f] === id)); } : null}
        hint=${uses.length ? "show the moves with this card" : ""} /></li>`;
    }) : html`<li class="note">no cards</li>`}
  </ul>`;
}

function Me({ obs, seat, catalog, legal, setFocus, focus }) {
  const me = obs.private;
  const pub = obs.public;
  const i = me.icons;
  const pairKind = legal.some((a) => a.kind === "night_pass") ? "night_pass"
    : legal.some((a) => a.kind === "hallows") ? "hallows" : null;
  const to = pub.passing[String(seat)];
  const passed = obs.phase === "passing" && Array.isArray(me.my_choice) ? me.my_choice : null;
  return html`<section class="g-me" aria-labelledby="g-me-h">
    <h2 id="g-me-h">You <span class=${`g-team ${me.werewolf ? "wolf" : "human"}`}>
      ${me.werewolf ? `🐺 werewolf${me.wolf_zero ? " · Wolf Zero" : ""}` : "🧑 human"}</span></h2>
    <div class="g-meters">
      <${Meter} label="net bites" icon="🐺" value=${Math.max(0, i.net_bites)} warn=${!me.werewolf} />
      <${Meter} label="net wounds" icon="🩸" value=${Math.max(0, i.net_wounds)} warn=${true} />
      <span class="g-meter" role="img" aria-label=${`gold: ${i.gold}`}><span aria-hidden="true">🪙 ${i.gold}</span>
        <small aria-hidden="true">gold</small></span>
    </div>
    ${legal.some((a) => a.kind === "give") ? html`<p class="g-hint">🎁 Give the top card away: tap <b>Give</b> on a seat below.</p>` : null}
    ${pairKind || passed ? html`<${Passing} kind=${pairKind || "night_pass"} hand=${me.hand} legal=${legal}
        catalog=${catalog} focus=${focus} setFocus=${setFocus} mine=${passed}
        to=${pairKind === "hallows" ? living(pub, seat) : to ? { left: seatWord(to[0], seat), right: seatWord(to[1], seat) } : null} />`
      : html`<${Hand} me=${me} catalog=${catalog} legal=${legal} setFocus=${setFocus} focus=${focus} />`}
    ${me.sniffed.length ? html`<p>👃 The Sniff: werewolves at the start were
      ${me.sniffed.map((s) => seatWord(s, seat)).join(", ")}.</p>` : null}
    ${me.my_choice !== null && !passed && !Array.isArray(me.my_choice) ? html`<p class="note">✓ Your secret choice:
      ${typeof me.my_choice === "number" ? seatWord(me.my_choice, seat) : cardsOf(catalog)[me.my_choice]?.name || me.my_choice}</p>` : null}
  </section>`;
}

// a hand in a few words, for the cards known to be in another's hand and the Growl's reveal
function Chips({ hand, catalog }) {
  const list = handList(hand, catalog);
  return list.length ? list.map(([id, n]) => html` <span class="g-chip">${iconsOf(cardsOf(catalog)[id])}
    ${name(catalog, id)}${n > 1 ? ` ×${n}` : ""}</span>`) : html`<small>no cards</small>`;
}

// All Hallows' Eve: the closest living neighbour on each side of a dead seat (left is clockwise)
function living(pub, seat) {
  const n = pub.players;
  const at = (p) => pub.seats.find((v) => v.position === ((p % n) + n) % n);
  const from = pub.seats[seat].position;
  const find = (step) => {
    for (let k = 1; k < n; k++) if (at(from + step * k)?.alive) return seatName(at(from + step * k).seat);
    return "—";
  };
  return { left: find(1), right: find(-1) };
}

const seatWord = (s, me) => seatName(s, me);

function Tile({ v, obs, seat, catalog, legal, labels, setFocus, act }) {
  const pub = obs.public;
  const me = obs.private;
  const w = pub.window;
  const s = v.seat;
  const known = { ...v.pinned };
  for (const [id, n] of Object.entries(me?.known_hands?.[String(s)] || {})) known[id] = Math.max(known[id] || 0, n);
  const told = me?.told?.[String(s)];
  const seance = pub.seance.find((x) => x.seat === s);
  const reveal = pub.reveal?.find((x) => x.seat === s);
  const acting = obs.actors.includes(s);
  const simultaneous = ["passing", "contribute", "purge", "point"].includes(obs.phase);
  const mine = to(pub.passing[String(seat)], s);
  const votes = w.votes ? Object.values(w.votes).filter((t) => t === s).length : 0;
  const voted = w.votes?.[String(s)];
  const moves = legal.map((a, i) => [a, i]).filter(([a]) => SEAT_FIELDS.some((f) => a[f] === s));
  const marks = [
    s === pub.active && "▶ active",
    v.position === pub.start_position && "🏠 start",
    pub.caged === s && "🔒 caged",
    pub.insomniac === s && "👁 insomnia",
    mine,
  ].filter(Boolean);
  let button = null;
  if (moves.length === 1 && VERB[moves[0][0].kind] && !(SECRET.has(moves[0][0].kind) && simultaneous)) {
    const [a, i] = moves[0];
    button = html`<button type="button" class="g-act" onClick=${() => act(a)}>${VERB[a.kind]}<span class="sr-only">:
      ${labels[i] || a.kind}</span></button>`;
  } else if (moves.length) {
    button = html`<button type="button" class="g-act" onClick=${() => setFocus((a) => SEAT_FIELDS.some((f) => a[f] === s))}>
      ☝\ufe0f Choose… (${moves.length})<span class="sr-only"> moves with ${seatWord(s, seat)}</span></button>`;
  }
  const team = (wolf) => (wolf ? "🐺 werewolf" : "🧑 human");
  return html`<li class=${`g-seat ${s === seat ? "me" : ""} ${v.alive ? "" : "dead"} ${acting ? "acting" : ""}`}>
    <h3>${acting ? html`<span role="img" aria-label="to act">⏳ </span>` : null}${Seat(s, seat)}
      ${v.position !== s ? html` <small>at place ${v.position}</small>` : null}</h3>
    ${marks.length ? html`<div class="g-marks">${marks.map((m) => html`<span>${m}</span>`)}</div>` : null}
    <div>${v.alive ? html`<span class="g-n" role="img" aria-label=${`${v.hand_size} cards in hand`}>${v.hand_size}</span>`
      : html`<b class="g-dead">💀 dead</b> <small class="g-n" role="img" aria-label=${`${v.hand_size} cards`}>${v.hand_size}</small>`}
      ${simultaneous && w.members.includes(s) ? html` <small>${acting ? "choosing…" : "✓ ready"}</small>` : null}</div>
    ${v.front.length ? html`<div class="g-front" role="group" aria-label="in front">${v.front.map((id) => {
      const kind = SPELL_ACTION[id];
      const uses = s === seat && kind ? legal.filter((a) => a.kind === kind) : [];
      return html`<${GCard} id=${id} catalog=${catalog} onPick=${uses.length ? () => setFocus((a) => a.kind === kind) : null}
        hint=${uses.length ? "use this spell" : ""} />`;
    })}</div>` : null}
    ${!reveal && s !== seat && Object.keys(known).length ? html`<div class="g-known"><small>🔎 holds at least</small>
      <${Chips} hand=${known} catalog=${catalog} /></div>` : null}
    ${told !== undefined && !reveal ? html`<div><small>you were told:</small> ${team(told)}</div>` : null}
    ${me?.sniffed.includes(s) && s !== seat && !reveal ? html`<div><small>👃 Sniff:</small> 🐺 werewolf at the start</div>` : null}
    ${seance ? html`<div><small>Séance:</small> ${team(seance.werewolf)}</div>` : null}
    ${voted !== undefined ? html`<div>🗳 → ${seatWord(voted, seat)}</div>` : null}
    ${votes ? html`<div role="img" aria-label=${`${votes} ${votes > 1 ? "votes" : "vote"} for this seat`}>🗳 ${"✋".repeat(votes)} ${votes}</div>` : null}
    ${w.unsaved && !w.unsaved.includes(s) && v.alive ? html`<div>🙌 saved</div>` : null}
    ${w.saver === s ? html`<div>👉 saves next</div>` : null}
    ${w.candidates?.includes(s) ? html`<div>↔ points</div>` : null}
    ${w.picker === s ? html`<div>👉 picks</div>` : null}
    ${w.options?.includes(s) ? html`<div>⚖ may be picked</div>` : null}
    ${w.shower === s ? html`<div>🫴 shows a card</div>` : null}
    ${w.dead_seat === s ? html`<div>🕯 sends two cards</div>` : null}
    ${reveal ? html`<div class="g-reveal"><b>${team(reveal.werewolf)}${reveal.wolf_zero ? " · Wolf Zero" : ""}</b>
      <${Chips} hand=${reveal.hand} catalog=${catalog} />
      ${obs.result ? html`<div>🪙 ${obs.result.scores?.[String(s)] ?? 0}</div>` : null}</div>` : null}
    ${button}
  </li>`;
}

// the viewer's neighbour mark on a seat: where its Night card goes
function to(pair, s) {
  if (!pair) return null;
  if (pair[0] === s && pair[1] === s) return "◀▶ both sides";
  if (pair[0] === s) return "◀ your left";
  if (pair[1] === s) return "your right ▶";
  return null;
}

function Board({ obs, seat, catalog, legal, labels, focus, setFocus: set, act }) {
  const setFocus = narrowTo(set);
  const pub = obs.public;
  const me = obs.private;
  const nightSlots = [0, 1, 2].map((i) => pub.revealed_night[i] || null);
  const n = pub.players;
  const first = seat ?? pub.seats.find((v) => v.position === pub.start_position)?.seat ?? 0;
  const home = pub.seats[first].position;
  const discards = {};
  for (const id of pub.discards) discards[id] = (discards[id] || 0) + 1;
  const opts = pub.options;
  return html`<div class="g-board">
    <section class="g-top" aria-label="the deck and the Night cards">
      <h2 class="g-phase">${pub.talk_allowed ? "☀️" : "🤫"} ${PHASE[obs.phase] || obs.phase}</h2>
      <p class="g-sub">turn ${pub.turn} · ${pub.talk_allowed ? `${pub.nights} of 3 Nights over`
          : `Night ${pub.nights + 1} of 3 · 🤫 silence`}${opts.curses ? " · Curses" : ""}${opts.spells
          ? ` · Spells (${opts.spells_count})` : ""}</p>
      <div class="g-deck">
        <span class="g-count g-n" role="img" aria-label=${`${pub.deck_size} cards in the deck`}>${pub.deck_size}</span>
        ${pub.top_card ? html`<span class="g-topcard"><small>top</small><${GCard} id=${pub.top_card} catalog=${catalog} /></span>` : null}
        ${nightSlots.map((id, i) => html`<span class=${`g-night ${id && id === pub.night_card && !obs.result ? "now" : ""}`}>
          ${id ? html`<${GCard} id=${id} catalog=${catalog} />`
            : html`<span role="img" aria-label=${i === 2 ? "Final Night card, not yet revealed" : `Night card ${i + 1}, not yet revealed`}>
              ${i === 2 ? "🌕\ufe0f" : "🌙"} ?</span>`}
        </span>`)}
      </div>
    </section>
    ${me ? html`<${Me} obs=${obs} seat=${seat} catalog=${catalog} legal=${legal} setFocus=${setFocus} focus=${focus} />` : null}
    <section aria-labelledby="g-seats-h">
      <h2 id="g-seats-h">Table <small>clockwise${seat !== null ? " from you" : ""}</small></h2>
      <ul class="g-seats">${[...pub.seats].sort((a, b) => (a.position - home + n) % n - (b.position - home + n) % n)
        .map((v) => html`<${Tile} v=${v} obs=${obs} seat=${seat} catalog=${catalog} legal=${legal} labels=${labels}
          setFocus=${setFocus} act=${act} />`)}</ul>
    </section>
    ${pub.discards.length ? html`<details class="g-discards"><summary>Discards (${pub.discards.length})</summary>
      ${Object.entries(discards).map(([id, k], i_, all_) => html`<${GCard} key=${cardKey(all_, i_)} id=${id} catalog=${catalog} count=${k} />`)}</details>` : null}
  </div>`;
}

const SIDE = { left: "to the left", right: "to the right" };

// the pieces a player must see while choosing, in order of preference (the page scrolls the first there is into view)
export default { key: [".g-hand"],
  Board,
  confirm: new Set(["night_pass", "pass_none", "contribute", "show", "hallows", "point", "vote", "death_rattle"]),
};
