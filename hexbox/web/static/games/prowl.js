// Prowl at the table: the track (highest clan first), your clan card and hand, what a card asks of you now, and
// every seat's hand size, clan card, denials, attachments, orders and discards, with what you know of them.
// Drawn from the observation alone; the server says what is legal.
import { Seat, cardKey, html, seatName } from "../lib.js";
import { Card } from "../ui.js";

// a symbol for every clan, always beside its name (colours only repeat it)
const SYMBOL = { spring: "❀", summer: "☀", autumn: "❦", winter: "❄" };
const CROWN = "👑";
const RANK = ["1st", "2nd", "3rd", "4th"];
const ORDER = { must_change: "must Change next turn", must_play: "must Play next turn", may_not_play: "may not Play next turn" };
const OPTION = { raise: "raise", lower: "lower", dominance: "the Dominance token", force_change: "force a Change",
  left: "to the left", right: "to the right", confirm: "confirm" };

// narrows the shell's action picker to the actions matching predicate
const focusOn = (setFocus, predicate) => setFocus(predicate);
const clanName = (catalog, id) => catalog.clan?.find((k) => k.id === id)?.name || id;
const clanLabel = (catalog, id) => `${SYMBOL[id] || ""} ${clanName(catalog, id)}`;
const cardOf = (catalog, id) => catalog.card?.find((c) => c.id === id) || { id, name: id, clan: id.split("_")[0], text: "",
  keywords: [] };

function ProwlCard({ id, catalog, onPick = null, selected = false, note = "" }) {
  const c = cardOf(catalog, id);
  // the card's text from cards.toml names its keywords first (Leader, Early, Final, Attachment, Peek)
  const text = `${clanName(catalog, c.clan)}. ${c.text}`;
  return html`<${Card} name=${c.name + (c.leader ? " ♛" : "") + (note ? ` ${note}` : "")} symbol=${SYMBOL[c.clan]}
    text=${text} kind=${`pw-card pw-${c.clan}`} onPick=${onPick} selected=${selected} />`;
}

const Cards = ({ ids, catalog }) => ids.map((c, i_, all_) => html`<${ProwlCard} key=${cardKey(all_, i_)} id=${c} catalog=${catalog} />`);

// What stands on the track because of attachments in play (all public): locks, snares, the High Mage's contract.
function marks(pub, seat) {
  const out = { spring: [], summer: [], autumn: [], winter: [] };
  for (const p of pub.players_info) {
    for (const a of p.attachments) {
      const by = seatName(p.seat, seat);
      if (a.card === "winter_blizzard" && a.clan) out[a.clan].push(`🔒 frozen (${by})`);
      if (a.card === "winter_long_night") out.winter.push("⛓ cannot go down");
      if (a.card === "winter_ice_wall") out.winter.push(`🧱 Ice Wall (${by})`);
      if (a.card === "spring_bramble_snare" && a.clan) out[a.clan].push(`🌿 snared (${by})`);
      if (a.card === "spring_high_mage" && a.clan) out[a.clan].push(`📜 ${by}'s contract`);
    }
  }
  return out;
}

function Track({ pub, seat, mine, catalog, legal, act }) {
  const chosen = new Set(legal.filter((a) => a.kind === "choose_clan").map((a) => a.clan));
  const onTrack = marks(pub, seat);
  const mySide = mine?.clan_card ? cardOf(catalog, mine.clan_card).clan : null;
  return html`<section class="pw-track-box" aria-labelledby="pw-track-h">
    <h2 id="pw-track-h">Track <small>highest first${chosen.size ? " · tap a clan to choose it" : ""}</small></h2>
    <ol class="pw-track">${pub.track.map((k, i) => {
      const moved = pub.start_track.indexOf(k) - i;
      const body = html`<span class="pw-rank">${RANK[i]}${moved ? html` <span class="pw-moved">${moved > 0 ? `▲${moved}`
          : `▼${-moved}`}<span class="sr-only"> since the start</span></span>` : null}</span>
        <span class="pw-symbol" aria-hidden="true">${SYMBOL[k]}</span><span class="pw-name">${clanName(catalog, k)}</span>`;
      return html`<li class=${`pw-clan pw-${k} ${mySide === k ? "mine" : ""}`}>
        ${chosen.has(k) ? html`<button type="button" class="pw-pillar" aria-label=${`choose ${clanName(catalog, k)}, ${RANK[i]}`}
            onClick=${() => act({ kind: "choose_clan", clan: k })}>${body}</button>`
          : html`<div class="pw-pillar">${body}</div>`}
        ${mySide === k ? html`<small class="pw-mark pw-yours">★ yours</small>` : null}
        ${onTrack[k].map((m) => html`<small class="pw-mark">${m}</small>`)}
      </li>`;
    })}</ol>
  </section>`;
}

// what the card now resolving asks of its player, in a sentence
const ASK = {
  reward: "your accusation was right: choose your reward", reward_clan: "choose a clan to raise by one",
  clan: "choose a clan", direction: "choose", target: "choose an opponent", second: "you may peek at a second opponent",
  mine: "choose one of your cards to give, or skip", theirs: "choose the card you take from them",
  guess: "name the clan you accuse them of", pair: "you may make two neighbouring clans swap: choose the upper one",
  choice: "choose", swap: "swap Winter with the clan just above it?",
};
const ASK_CLAN = { spring_high_mage: "name your contract's clan", spring_bramble_snare: "name the clan to snare",
  spring_cursed_effigy: "name the clan of the curse", summer_wanderer: "choose a clan to raise by one",
  summer_war_horn: "choose a clan to lower by one", summer_hunter: "you may lower a clan by one",
  winter_blizzard: "choose a clan to freeze", autumn_field_marshal: "choose a clan to move",
  autumn_standard_bearer: "choose a clan to raise by one" };

function Prompt({ pub, seat, catalog }) {
  const p = pub.prompt;
  if (!p) return null;
  const yours = p.seat === seat;
  let ask = (p.step === "clan" && ASK_CLAN[p.card]) || ASK[p.step] || p.step;
  if (p.card === "spring_hooded_figure") ask = "pass every clan card to the left or to the right";
  if (p.card === "autumn_field_marshal" && p.clan) ask = `raise or lower ${clanLabel(catalog, p.clan)}`;
  if (p.step === "reward" && pub.dominance === seat) ask += " (you hold Dominance: taking it raises a clan instead)";
  return html`<div class=${`pw-prompt ${yours ? "yours" : ""}`} role="status">
    ${p.card ? html`<${ProwlCard} id=${p.card} catalog=${catalog} />` : html`<b>Accusation</b>`}
    <span>${yours ? ask[0].toUpperCase() + ask.slice(1) : `${Seat(p.seat, seat)} is choosing`}${p.target !== null && yours
      ? ` (${seatName(p.target, seat)})` : ""}.</span>
  </div>`;
}

function Mine({ pub, seat, mine, catalog, legal, focus, setFocus }) {
  const info = pub.players_info[seat];
  const picked = focus ? mine.hand.filter((c) => legal.some((a) => a.card === c && focus(a))) : [];
  const setup = legal.some((a) => a.kind === "set_clan");
  const pickable = (c) => legal.some((a) => a.card === c);
  return html`<section class="pw-mine" aria-labelledby="pw-mine-h">
    <h2 id="pw-mine-h">Your clan card</h2>
    <div class="pw-line">${mine.clan_card ? html`<${ProwlCard} id=${mine.clan_card} catalog=${catalog} />
        <small>${info.face_up ? "face up: everyone sees it" : "face down"}${info.denied.length
          ? ` · known not to be ${info.denied.map((k) => clanLabel(catalog, k)).join(", ")}` : ""}</small>`
      : html`<small>${setup ? "Tap a card of your hand, then place it face down as your clan card." : "not placed yet"}</small>`}
      ${mine.chosen_card ? html`<small>you offer</small> <${ProwlCard} id=${mine.chosen_card} catalog=${catalog} />` : null}
    </div>
    <h2>Your hand <small>${mine.hand.length} card${mine.hand.length === 1 ? "" : "s"}${info.constraint
      ? html` · <b class="pw-order">you ${pub.active === seat ? ORDER[info.constraint].replace("next", "this")
        : ORDER[info.constraint]}</b>` : ""}</small></h2>
    <ul class="pw-hand">${mine.hand.length ? mine.hand.map((c) => html`<li
        onClick=${pickable(c) ? () => focusOn(setFocus, (a) => a.card === c) : undefined}>
        <${ProwlCard} id=${c} catalog=${catalog} selected=${picked.length === 1 && picked[0] === c} /></li>`)
      : html`<li><small>empty</small></li>`}</ul>
    ${!setup && mine.hand.some(pickable) ? html`<p class="note">Tap a card: its text, and what you can do with it.</p>` : null}
  </section>`;
}

function Player({ p, pub, seat, mine, catalog, legal, setFocus }) {
  const me = p.seat === seat;
  const choose = legal.some((a) => a.target === p.seat || (a.kind === "choose_player" && a.seat === p.seat));
  const end = pub.clan_cards ? pub.clan_cards[p.seat] : null;
  const known = mine?.known_clans?.[String(p.seat)];
  const hand = mine?.known_hands?.[String(p.seat)];
  const held = mine?.known_held?.[String(p.seat)];
  const tags = [];
  if (pub.active === p.seat) tags.push("▶ turn");
  if (pub.dominance === p.seat) tags.push(`${CROWN} Dominance`);
  if (p.constraint) tags.push(`⚠ ${ORDER[p.constraint].replace("next", pub.active === p.seat ? "this" : "next")}`);
  const name = Seat(p.seat, seat);
  let clan;
  if (end) clan = html`<${ProwlCard} id=${end} catalog=${catalog} />`;
  else if (p.clan_card) clan = html`<${ProwlCard} id=${p.clan_card} catalog=${catalog} /><small>face up</small>`;
  else if (!p.placed) clan = html`<small>${pub.start === null ? "⏳ placing…" : "none"}</small>`;
  else clan = html`<span class="pw-back card-back" role="img" aria-label="face down"></span>${known && !me ? html`<small>you know:</small>
    <${ProwlCard} id=${known} catalog=${catalog} />` : null}`;
  return html`<li class=${`pw-player ${me ? "me" : ""}`}>
    <div class="pw-head">
      ${choose ? html`<button type="button" class="pw-who" aria-label=${`what you can do to ${seatName(p.seat, seat)}`}
          onClick=${() => focusOn(setFocus, (a) => a.target === p.seat || (a.kind === "choose_player" && a.seat === p.seat))}>
          ${name} ◎</button>` : html`<h3 class="pw-who">${name}</h3>`}
      ${tags.map((t) => html`<span class="pw-tag">${t}</span>`)}
      <small>${p.hand_size} in hand · ${p.turns_left} turn${p.turns_left === 1 ? "" : "s"} left</small>
    </div>
    <div class="pw-line"><small>Clan:</small> ${clan}${!end && p.denied.length
      ? html`<small class="pw-denied">not ${p.denied.map((k) => clanLabel(catalog, k)).join(", ")}</small>` : null}
      ${!me && !end && pub.start === null && p.placed ? html`<small>✓ placed</small>` : null}</div>
    ${hand ? html`<div class="pw-line"><small>You know their hand holds:</small> <${Cards} ids=${hand} catalog=${catalog} /></div>` : null}
    ${held ? html`<div class="pw-line"><small>In their hand or clan card:</small> <${Cards} ids=${held} catalog=${catalog} /></div>` : null}
    ${p.attachments.length ? html`<div class="pw-line"><small>In front:</small> ${p.attachments.map((a, i_, all_) => html`<${ProwlCard} key=${cardKey(all_, i_)}
      id=${a.card} catalog=${catalog} note=${a.target !== null ? `on ${seatName(a.target, seat)}: ${SYMBOL[a.clan] || ""}` : a.clan ? `naming ${SYMBOL[a.clan]}` : ""} />`)}</div>` : null}
    ${p.discards.length ? html`<div class="pw-line pw-discards"><small>Discards:</small> <${Cards} ids=${p.discards} catalog=${catalog} /></div>` : null}
  </li>`;
}

function Board({ obs, seat, catalog, legal, focus, setFocus, act }) {
  const pub = obs.public;
  const mine = obs.private;
  const n = pub.players_info.length;
  const start = seat === null ? 0 : seat; // you first, then round the table to your left
  const order = Array.from({ length: n }, (_, i) => pub.players_info[(start + i) % n]);
  return html`<div class="pw">
    <p class="pw-status">${pub.round ? `Round ${pub.round} of ${pub.rounds} · turn ${pub.turn}` : "Set-up: everyone places a clan card"}
      ${pub.dominance !== null ? html` · ${CROWN} Dominance: <b>${seatName(pub.dominance, seat)}</b>` : null}</p>
    <${Prompt} pub=${pub} seat=${seat} catalog=${catalog} />
    <${Track} pub=${pub} seat=${seat} mine=${mine} catalog=${catalog} legal=${legal} act=${act} />
    ${mine ? html`<${Mine} pub=${pub} seat=${seat} mine=${mine} catalog=${catalog} legal=${legal} focus=${focus}
      setFocus=${setFocus} />` : null}
    <section aria-labelledby="pw-seats-h"><h2 id="pw-seats-h">At the table</h2>
      ${legal.some((a) => a.target !== undefined || a.kind === "choose_player")
        ? html`<p class="note">Tap a seat marked ◎ for what you can do to it.</p>` : null}
      <ul class="pw-players">${order.map((p) => html`<${Player} p=${p} pub=${pub} seat=${seat} mine=${mine}
        catalog=${catalog} legal=${legal} setFocus=${setFocus} />`)}</ul>
    </section>
    ${pub.deck_size || pub.deck_discards.length ? html`<section aria-labelledby="pw-deck-h">
      <h2 id="pw-deck-h">Strengthening deck <small>${pub.deck_size} face down</small></h2>
      <div class="pw-line"><small>Turned over:</small> ${pub.deck_discards.length
        ? html`<${Cards} ids=${pub.deck_discards} catalog=${catalog} />` : html`<small>none yet</small>`}</div>
    </section>` : null}
    ${pub.box ? html`<section aria-labelledby="pw-box-h"><h2 id="pw-box-h">In the box</h2>
      <div class="pw-line">${pub.box.length ? html`<${Cards} ids=${pub.box} catalog=${catalog} />` : html`<small>nothing</small>`}</div>
      ${pub.deck?.length ? html`<div class="pw-line"><small>Left in the deck:</small> <${Cards} ids=${pub.deck} catalog=${catalog} /></div>` : null}
    </section>` : html`<p class="note">${pub.box_size} card${pub.box_size === 1 ? "" : "s"} in the box, unseen.</p>`}
  </div>`;
}

// a clan card placed or changed face down is secret and cannot be taken back: a second tap on a touch screen
// the pieces a player must see while choosing, in order of preference (the page scrolls the first there is into view)
export default { key: [".pw-mine"], Board, confirm: new Set(["set_clan", "change"]) };
