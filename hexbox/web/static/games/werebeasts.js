// Werebeasts at the table: your goals, the card on sale with the bids as they come, every seat's cans and cards,
// and what is known of each goal type. Drawn from the observation alone; the server says what is legal.
import { useState } from "preact/hooks";
import { Seat, cardKey, html, seatName } from "../lib.js";
import { Card } from "../ui.js";

// a symbol for every goal type, always beside its name (no colour carries meaning)
const ICON = { kitten: "🐱", clown: "🤡", nana: "👵", zombie: "🧟", bago: "🚐", shark: "🦈", blob: "🦠", ghost: "👻",
  house: "🏠", nado: "🌪️", wolf: "🐺", chow: "🥫" };
const CAN = "🥫";
const STATUS = { open: "⏳ bidding", passed: "✋ passed", done: "🔒 done" };

const goalOf = (catalog, id) => catalog.goal.find((g) => g.id === id) || { id, name: id, beast: id, kind: "beast" };
const cardOf = (catalog, id) => catalog.auction.find((a) => a.id === id) || { id, beast: id.split("_")[0], icons: 1 };
// narrows the shell's action picker to the actions matching predicate
const focusOn = (setFocus, predicate) => setFocus(predicate);
const cans = (n) => `${n} ${CAN}`;

function cardLabel(catalog, id) {
  const card = cardOf(catalog, id);
  const goal = goalOf(catalog, card.beast);
  return { symbol: (ICON[card.beast] || "").repeat(card.icons), name: card.icons > 1 ? `${goal.beast} ×2` : goal.beast,
    text: `${card.icons > 1 ? "A double" : "A single"} ${goal.beast}: ${card.icons} point${card.icons > 1 ? "s" : ""} at the `
      + `end to a survivor collecting ${goal.name}. Spend it in a bid, or keep it.` };
}

function goalText(catalog, goal) {
  if (goal.kind === "chow") {
    const per = catalog.game?.chow_cans_per_point || 4;
    return `Goal: hoard cans. At the end, 1 point for every complete set of ${per} cans you hold.`;
  }
  return `Goal: collect ${goal.beast} cards (3 singles, 1 double). At the end each single scores 1 point, the double 2.`;
}

function AuctionCard({ id, catalog, onPick = null, selected = false, kind = "wb-add" }) {
  const c = cardLabel(catalog, id);
  return html`<${Card} name=${c.name} symbol=${c.symbol} text=${c.text} kind=${onPick ? kind : ""}
    onPick=${onPick} selected=${selected} />`;
}

// another seat's cards, one chip per beast: its icons are what scores (a double counts two, as in "×2")
function Holding({ cards, catalog }) {
  const by = new Map();
  for (const id of cards) {
    const c = cardOf(catalog, id);
    const g = by.get(c.beast) || { icons: 0, singles: 0, doubles: 0 };
    g.icons += c.icons;
    g[c.icons > 1 ? "doubles" : "singles"] += 1;
    by.set(c.beast, g);
  }
  return [...by.entries()].map(([beast, g]) => {
    const goal = goalOf(catalog, beast);
    const parts = [g.singles ? `${g.singles} single${g.singles > 1 ? "s" : ""}` : "", g.doubles ? "the double" : ""];
    return html`<${Card} name=${g.icons > 1 ? `${goal.beast} ×${g.icons}` : goal.beast} symbol=${ICON[beast] || ""}
      text=${`${parts.filter(Boolean).join(" and ")}: ${g.icons} icon${g.icons > 1 ? "s" : ""}, worth ${g.icons} point${g.icons > 1
        ? "s" : ""} at the end to a survivor collecting ${goal.name}.`} />`;
  });
}

function GoalCard({ id, catalog, onPick = null, note = "" }) {
  const goal = goalOf(catalog, id);
  return html`<${Card} name=${goal.name + (note ? ` ${note}` : "")} symbol=${ICON[id] || ""} text=${goalText(catalog, goal)}
    kind="wb-goal" onPick=${onPick} />`;
}

// The cans of an offer, chosen with − and + and sent with one tap (only to a number the server allows).
function CanStepper({ current, allowed, act }) {
  const [n, setN] = useState(current);
  const most = Math.max(current, ...allowed);
  const ok = allowed.has(n);
  return html`<div class="wb-stepper" role="group" aria-label="cans in your bid">
    <button type="button" aria-label="one can fewer" disabled=${n <= 0} onClick=${() => setN(n - 1)}>−</button>
    <output aria-live="polite">${cans(n)}</output>
    <button type="button" aria-label="one can more" disabled=${n >= most} onClick=${() => setN(n + 1)}>+</button>
    <button type="button" class="primary" disabled=${!ok} onClick=${() => act({ kind: "offer_cans", cans: n })}>
      Bid ${n} can${n === 1 ? "" : "s"}</button>
  </div>`;
}

function Sale({ pub, phase, seat, catalog, legal, act }) {
  const seller = pub.active;
  const accept = new Set(legal.filter((a) => a.kind === "accept").map((a) => a.bidder));
  const mine = pub.bids.find((b) => b.seat === seat);
  const allowed = new Set(legal.filter((a) => a.kind === "offer_cans").map((a) => a.cans));
  const retract = new Set(legal.filter((a) => a.kind === "retract_card").map((a) => a.card));
  return html`<section class="wb-sale" aria-labelledby="wb-sale-h">
    <h2 id="wb-sale-h" class="wb-lot">On sale<small>from ${seatName(seller, seat)}</small>
      <${AuctionCard} id=${pub.sale} catalog=${catalog} /></h2>
    ${pub.bids.length ? html`<ul class="wb-bids" aria-label="bids">${pub.bids.map((b) => html`<li
        class=${`wb-bid ${phase === "bidding" ? b.status : ""}`}>
      <b>${Seat(b.seat, seat)}:</b>
      <span class="wb-offer">${b.cans || b.cards.length ? html`${b.cans ? html`<span class="wb-cans">${cans(b.cans)}</span>` : null}
        ${b.cards.map((c, i_, all_) => html`<${AuctionCard} key=${cardKey(all_, i_)} id=${c} catalog=${catalog} kind="wb-take"
          onPick=${b.seat === seat && retract.has(c) ? () => act({ kind: "retract_card", card: c }) : null} />`)}` : html`<i>no bid</i>`}</span>
      ${phase === "bidding" ? html`<small>${STATUS[b.status] || b.status} · ${b.changes}/${pub.max_bid_changes} changes</small>` : null}
      ${accept.has(b.seat) ? html`<button type="button" class="wb-accept" aria-label=${`accept ${seatName(b.seat, seat)}'s bid`}
        onClick=${() => act({ kind: "accept", bidder: b.seat })}>✔ Accept</button>` : null}
    </li>`)}</ul>` : html`<p class="note">Nobody can bid: the seller keeps it.</p>`}
    ${mine && allowed.size ? html`<div class="wb-mybid"><h3>Your bid</h3>
      <${CanStepper} key=${mine.cans} current=${mine.cans} allowed=${allowed} act=${act} />
      <p class="note">Tap one of your cards (+) to add it to your bid, or one in your bid (✕) to take it back.</p>
    </div>` : null}
  </section>`;
}

function Player({ p, pub, over, seat, catalog, legal, setFocus, act }) {
  const me = p.seat === seat;
  const accusable = legal.some((a) => a.kind === "accuse" && a.target === p.seat);
  const offer = new Set(legal.filter((a) => a.kind === "offer_card").map((a) => a.card));
  const retract = new Set(legal.filter((a) => a.kind === "retract_card").map((a) => a.card));
  const bid = pub.bids.find((b) => b.seat === p.seat);
  const shown = pub.goal_positions.filter((g) => p.positions.includes(g.position) && g.goal);
  const denied = pub.denials.filter(([s]) => s === p.seat).map(([, g]) => g);
  const tags = [];
  if (pub.active === p.seat && !over) tags.push(pub.sale ? "▶ selling" : "▶ active");
  if (p.eliminated) tags.push("✖ out");
  if (pub.dealer === p.seat) tags.push("dealer");
  return html`<li class=${`wb-player ${me ? "me" : ""} ${p.eliminated ? "out" : ""}`}>
    <div class="wb-head">
      ${accusable ? html`<button type="button" class="wb-who" aria-label=${`accuse ${seatName(p.seat, seat)}…`}
          onClick=${() => focusOn(setFocus, (a) => a.kind === "accuse" && a.target === p.seat)}>${Seat(p.seat, seat)} ⚖</button>`
        : html`<h3 class="wb-who">${Seat(p.seat, seat)}</h3>`}
      ${tags.map((t) => html`<span class="wb-tag">${t}</span>`)}
      <span class="wb-cans" aria-label=${`${p.cans} cans`}>${cans(p.cans)}</span>
      ${!p.cards.length ? html`<small>no cards</small>` : !me ? html`<${Holding} cards=${p.cards} catalog=${catalog} />`
        : p.cards.map((c, i_, all_) => html`<${AuctionCard} key=${cardKey(all_, i_)} id=${c} catalog=${catalog}
          selected=${bid?.cards.includes(c)} kind=${offer.has(c) ? "wb-add" : "wb-take"}
          onPick=${!me ? null : offer.has(c) ? () => act({ kind: "offer_card", card: c })
            : retract.has(c) ? () => act({ kind: "retract_card", card: c }) : null} />`)}
    </div>
    ${shown.length ? html`<div class="wb-line">${shown.length > 1 ? "Goals" : "Goal shown"}: ${shown.map((g, i_, all_) => html`<${GoalCard} key=${cardKey(all_, i_)} id=${g.goal} catalog=${catalog} />`)}</div>` : null}
    ${denied.length ? html`<div class="wb-line wb-denied">Has no ${denied.map((g) => `${ICON[g] || ""} ${goalOf(catalog, g).name}`).join(", ")}</div>` : null}
  </li>`;
}

function Goals({ pub, seat, mine, catalog, legal }) {
  const goals = pub.goals_in_play;
  const where = (id) => pub.goal_positions.filter((g) => g.goal === id);
  return html`<section aria-labelledby="wb-goals-h"><h2 id="wb-goals-h">Goals in play</h2>
    <p class="note">Two of them lie in the box: nobody collects those.${legal.some((a) => a.kind === "accuse")
      ? " Tap a seat's ⚖ to accuse it." : ""}</p>
    <ul class="wb-goals">${goals.map((g) => {
      const mark = mine?.some((m) => m.goal === g) ? "★ yours" : "";
      const up = where(g).map((x) => (x.kind === "box" ? "in the box" : x.kind === "private" ? `${seatName(x.seats[0], seat)}'s`
        : `between ${x.seats.map((s) => seatName(s, seat)).join(" and ")}`));
      return html`<li><${GoalCard} id=${g} catalog=${catalog} />
        ${mark ? html`<small class="wb-mine">${mark}</small>` : null}
        ${up.length ? html`<small>face up: ${up.join(", ")}</small>` : null}</li>`;
    })}</ul>
  </section>`;
}

function MyGoals({ mine, me, catalog }) {
  const matching = (g) => me.cards.map((c) => cardOf(catalog, c)).filter((c) => c.beast === g).reduce((n, c) => n + c.icons, 0);
  const per = catalog.game?.chow_cans_per_point || 4;
  return html`<section class="wb-mine-goals" aria-labelledby="wb-mine-h"><h2 id="wb-mine-h">Your goals</h2>
    <ul>${mine.map((m) => html`<li><${GoalCard} id=${m.goal} catalog=${catalog} />
      <small>${m.shared_with === null ? "yours alone" : `shared with ${seatName(m.shared_with, null)}`}${" · "}${m.goal === "chow" ? `${Math.floor(me.cans / per)} set${Math.floor(me.cans / per) === 1 ? "" : "s"} of ${per} cans`
          : `you hold ${matching(m.goal)} icon${matching(m.goal) === 1 ? "" : "s"}`}</small></li>`)}</ul>
  </section>`;
}

function Deck({ pub, catalog }) {
  const left = {};
  for (const id of pub.deck_remaining) {
    const c = cardOf(catalog, id);
    left[c.beast] = (left[c.beast] || 0) + c.icons;
  }
  return html`<details class="wb-deck"><summary>Deck: ${pub.deck_size} card${pub.deck_size === 1 ? "" : "s"} left
      (tap for what is in it)</summary>
    <ul>${Object.entries(left).map(([b, n]) => html`<li>${ICON[b] || ""} ${goalOf(catalog, b).beast}: ${n} icon${n === 1 ? "" : "s"}</li>`)}</ul>
  </details>`;
}

function Accusations({ pub, seat, catalog }) {
  if (!pub.accusations.length) return null;
  return html`<section aria-labelledby="wb-acc-h"><h2 id="wb-acc-h">Accusations</h2>
    <ol class="wb-acc">${pub.accusations.map((a) => html`<li>${Seat(a.accuser, seat)} → ${seatName(a.target, seat)}:${" "}
      ${ICON[a.goal] || ""} ${goalOf(catalog, a.goal).name} — ${a.correct ? html`<b>✔ right</b>, ${seatName(a.target, seat)} out`
        : html`<b>✘ wrong</b>, ${seatName(a.accuser, seat)} out`}</li>`)}</ol>
  </section>`;
}

function Board({ obs, seat, catalog, legal, setFocus, act }) {
  const pub = obs.public;
  const mine = obs.private?.my_goals || null;
  const n = pub.players_info.length;
  const start = seat === null ? 0 : seat; // you first, then round the table to your left
  const order = Array.from({ length: n }, (_, i) => pub.players_info[(start + i) % n]);
  const spoils = pub.spoils;
  return html`<div class="wb">
    <p class="wb-status">Turn ${pub.turn} · ${pub.deck_size} in the deck
      ${spoils ? html` · <b>${Seat(spoils.chooser, seat)} take${spoils.chooser === seat ? "" : "s"} ${seatName(spoils.eliminated, seat)}'s
        cards or cans</b>` : null}</p>
    ${mine ? html`<${MyGoals} mine=${mine} me=${pub.players_info[seat]} catalog=${catalog} />` : null}
    ${pub.sale ? html`<${Sale} pub=${pub} phase=${obs.phase} seat=${seat} catalog=${catalog} legal=${legal} act=${act} />` : null}
    <section aria-labelledby="wb-seats-h"><h2 id="wb-seats-h">At the table</h2>
      <ul class="wb-players">${order.map((p) => html`<${Player} p=${p} pub=${pub} seat=${seat} catalog=${catalog}
        over=${obs.phase === "over"} legal=${legal} setFocus=${setFocus} act=${act} />`)}</ul>
    </section>
    <${Goals} pub=${pub} seat=${seat} mine=${mine} catalog=${catalog} legal=${legal} />
    <${Accusations} pub=${pub} seat=${seat} catalog=${catalog} />
    <${Deck} pub=${pub} catalog=${catalog} />
  </div>`;
}

// an accusation knocks someone out at once, right or wrong: a second tap on a touch screen
// the pieces a player must see while choosing, in order of preference (the page scrolls the first there is into view)
export default { key: [".wb-sale", ".wb-mine-goals"], Board, confirm: new Set(["accuse"]) };
