// The hexbox browser client: the lobby (/), a table (/tables/ID, a seat's link adds #token=…) and a replay
// (/tables/ID/replay). Everything it shows comes from the server's API: observations, legal actions, sentences.
import { useEffect, useRef, useState } from "preact/hooks";
import { api, catalog, gameEntry, gamesList, hostToken, html, personOf, render, seatColour, seatSymbol, seatToken,
  setPeople, title, watchTable } from "./lib.js";
import { ActionPicker, Chat, EndScreen, GenericBoard, Log, Seats, Timer } from "./ui.js";

const VIEWS = {}; // game -> its view module (static/games/<game>.js) or the generic board, and its registered title
// A game's own view and styles are asked for only where its registration lists them (/api/games: "view"), so that a
// game without a view gets the generic board and no 404.
async function viewOf(game) {
  if (!VIEWS[game]) {
    const { view, title: registered } = await gameEntry(game);
    if (view.includes(`${game}.css`)) {
      const style = document.createElement("link");
      style.rel = "stylesheet";
      style.href = `/static/games/${game}.css`;
      document.head.append(style);
    }
    const module = view.includes(`${game}.js`) ? (await import(`./games/${game}.js`)).default
      : { Board: GenericBoard, key: [".generic .mine", ".generic"] }; // the key piece: what only you see
    VIEWS[game] = { ...module, title: registered };
  }
  return VIEWS[game];
}

// ---- the lobby ---------------------------------------------------------------------------------------------

const NAME_LENGTH = 24;
// The bot a new seat gets: the game's middle level (its own bot, "normal"). The levels, weakest first, and the
// presets of options come with each game from /api/games, as its registration declares them.
const botOf = (game) => { const levels = Object.keys(game.levels); return levels[Math.floor(levels.length / 2)]; };

// An option's help in players' words: no rule ids ("(R8)", "R9, D51:"), no "-1 = random".
export const plain = (help) => help.replace(/\s*\([^()]*\b[RDTV]\d+[^()]*\)/g, "")
  .replace(/^(?:[RDTV]\d+(?:,\s*)?)+:\s*/, "")
  .replace(/\s*(?:in |of )?(?:the )?(?:windows )?\b[RDTV]\d+\b(?:\s*(?:\/|and|,)\s*[RDTV]\d+\b)*/g, "")
  .replace(/^-1 = random ([^,]+), else that seat.*$/i, "who: $1")
  .replace(/^-1 = random ([^(,]+).*$/i, "who: $1");
const seatOption = (o) => /^-1 = random/i.test(o.help);

function OptionField({ option, value, onChange, players }) {
  const id = `option-${option.name}`;
  const bounds = option.bounds ? option.bounds[String(players)] || [] : [option.low, option.high];
  let input;
  if (typeof option.default === "boolean") {
    input = html`<input id=${id} type="checkbox" checked=${value} onChange=${(e) => onChange(e.target.checked)} />`;
  } else if (seatOption(option)) {
    input = html`<select id=${id} value=${value} onChange=${(e) => onChange(Number(e.target.value))}>
      <option value="-1">Random</option>
      ${Array.from({ length: players }, (_, i) => html`<option value=${i}>Seat ${i + 1}</option>`)}</select>`;
  } else if (option.choices) {
    input = html`<select id=${id} value=${value} onChange=${(e) => onChange(e.target.value)}>
      ${option.choices.map((c) => html`<option value=${c}>${title(c)}</option>`)}</select>`;
  } else if (typeof option.default === "number") {
    input = html`<input id=${id} type="number" inputmode="numeric" value=${value} min=${bounds[0] ?? undefined}
      max=${bounds[1] ?? undefined} onInput=${(e) => onChange(Number(e.target.value))} />`;
  } else {
    input = html`<input id=${id} value=${value} onInput=${(e) => onChange(e.target.value)} />`;
  }
  return html`<div class="field"><label for=${id}>${title(option.name)}</label>${input}
    <small>${plain(option.help)}</small></div>`;
}

// Copying a link: visible feedback, and a fallback where the clipboard API is refused (a plain-http LAN address).
async function copyText(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (e) {
    if (!input) return false;
    input.focus();
    input.select();
    try {
      return document.execCommand("copy");
    } catch (err) {
      return false;
    }
  }
}

function ShareLink({ label, url }) {
  const [said, setSaid] = useState("");
  const [qr, setQr] = useState(false);
  const input = useRef(null);
  return html`<div class="share">
    <input ref=${input} readonly aria-label=${`link for ${label}`} value=${url} onFocus=${(e) => e.target.select()} />
    <button type="button" onClick=${async () => setSaid(await copyText(url, input.current)
      ? "Copied ✓" : "Select the link and copy it")}>Copy</button>
    ${navigator.share ? html`<button type="button" onClick=${() => navigator.share({ title: "hexbox", text: label, url })
      .catch(() => {})}>Share…</button>` : null}
    <button type="button" aria-expanded=${qr} onClick=${() => setQr(!qr)}>QR code</button>
    <span class="said" role="status">${said}</span>
    ${qr ? html`<${QrCode} text=${url} label=${`QR code of the link for ${label}`} />` : null}
  </div>`;
}

// A QR code of a seat's link, drawn as SVG squares by the vendored qrcode-generator (loaded on first use).
function QrCode({ text, label }) {
  const [cells, setCells] = useState(null);
  useEffect(() => {
    import("./vendor/qrcode.module.js").then(({ default: qrcode }) => {
      const code = qrcode(0, "M");
      code.addData(text);
      code.make();
      const n = code.getModuleCount();
      const dark = [];
      for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (code.isDark(r, c)) dark.push([r, c]);
      setCells({ n, dark });
    });
  }, [text]);
  if (!cells) return html`<span role="status">drawing the QR code…</span>`;
  const size = cells.n + 8; // a quiet zone of four cells on each side
  return html`<svg class="qr" role="img" aria-label=${label} viewBox=${`0 0 ${size} ${size}`} width="220" height="220"
    shape-rendering="crispEdges"><rect width=${size} height=${size} fill="#fff" />
    <path fill="#000" d=${cells.dark.map(([r, c]) => `M${c + 4} ${r + 4}h1v1h-1z`).join("")} /></svg>`;
}

function Lobby() {
  const [games, setGames] = useState([]);
  const [open, setOpen] = useState([]);
  const [game, setGame] = useState(null);
  const [players, setPlayers] = useState(0);
  const [options, setOptions] = useState({});
  const [preset, setPreset] = useState("Standard");
  const [seats, setSeats] = useState([]); // per seat: "me", "friend", "open", or a bot level of the game's
  const [name, setName] = useState(() => localStorage.getItem("hexbox:name") || "");
  const [made, setMade] = useState(null);
  const [error, setError] = useState("");
  useEffect(() => {
    gamesList().then(setGames);
    api("/api/tables").then(setOpen);
  }, []);
  const defaults = (g) => Object.fromEntries(g.options.map((o) => [o.name, o.default]));
  const pick = (g) => {
    setGame(g);
    setPlayers(g.default_players);
    setOptions(defaults(g));
    setPreset("Standard");
    setSeats(Array.from({ length: g.default_players }, (_, i) => (i === 0 ? "me" : botOf(g))));
    setMade(null);
  };
  const usePreset = (p) => {
    setPreset(p);
    setOptions({ ...defaults(game), ...(game.presets[p] || {}) });
  };
  const resize = (n) => {
    setPlayers(n);
    setSeats(Array.from({ length: n }, (_, i) => seats[i] || botOf(game)));
  };
  const keepName = (text) => {
    const clean = text.replace(/[<>]/g, "").slice(0, NAME_LENGTH);
    setName(clean);
    localStorage.setItem("hexbox:name", clean);
  };
  const create = async () => {
    setError("");
    const bots = {};
    const openSeats = [];
    const names = {};
    seats.forEach((s, i) => {
      if (s in game.levels) bots[String(i)] = s; // the server runs the level's spec for this game
      if (s === "open") openSeats.push(i);
      if (s === "me" && name.trim()) names[String(i)] = name.trim();
    });
    const changed = Object.fromEntries(game.options.filter((o) => options[o.name] !== o.default)
      .map((o) => [o.name, options[o.name]]));
    try {
      const table = await api("/api/tables", { method: "POST",
        body: { game: game.name, players, options: changed, bots, open: openSeats, names } });
      localStorage.setItem(`hexbox:host:${table.id}`, table.host_token);
      setMade(table);
    } catch (e) {
      setError(e.message);
    }
  };
  const join = async (table, seat) => {
    try {
      const body = name.trim() ? { name: name.trim() } : undefined;
      const { token } = await api(`/api/tables/${table}/seats/${seat}/claim`, { method: "POST", body });
      location.href = `/tables/${table}#token=${token}`;
    } catch (e) {
      setError(e.message);
    }
  };
  const link = (id, token) => `${location.origin}/tables/${id}#token=${token}`;
  const titleOf = (g) => games.find((x) => x.name === g)?.title || title(g);
  return html`<main class="lobby">
    <h1>hexbox</h1>
    <p>Tabletop games of curses, werewolves and hidden loyalties. Pick a game, set the seats, send each friend
      their link.</p>
    <div class="field"><label for="my-name">Your name</label>
      <input id="my-name" value=${name} maxlength=${NAME_LENGTH} autocomplete="nickname" placeholder="what the others see"
        onInput=${(e) => keepName(e.target.value)} /></div>
    <section aria-label="games"><h2>New table</h2>
      <div class="games">${games.map((g) => html`<div class="game-card">
        <button type="button" aria-pressed=${game?.name === g.name}
          class=${`game ${game?.name === g.name ? "selected" : ""}`} onClick=${() => pick(g)}>
          <b>${g.title}</b><small>${g.min_players}–${g.max_players} players · ${g.summary}</small></button>
        <a class="rules-link" href=${`/rules/${g.name}`}>Rules of ${g.title}</a></div>`)}</div>
    </section>
    ${game && !made ? html`<form class="setup" onSubmit=${(e) => { e.preventDefault(); create(); }}>
      <div class="field"><label for="players">Players</label>
        <select id="players" value=${players} onChange=${(e) => resize(Number(e.target.value))}>
          ${Array.from({ length: game.max_players - game.min_players + 1 }, (_, i) => game.min_players + i)
            .map((n) => html`<option value=${n}>${n}</option>`)}</select></div>
      <fieldset><legend>Seats</legend>${seats.map((s, i) => html`<div class="field">
        <label for=${`seat-${i}`}>Seat ${i + 1}</label>
        <select id=${`seat-${i}`} value=${s} onChange=${(e) => setSeats(seats.map((x, j) => (j === i ? e.target.value : x)))}>
          <option value="me">me${name ? ` (${name})` : ""}</option><option value="friend">a friend (I send a link)</option>
          <option value="open">open (anyone may join)</option>
          ${Object.keys(game.levels).map((level) => html`<option value=${level}>Bot · ${level}</option>`)}
        </select></div>`)}</fieldset>
      <fieldset><legend>Game</legend>
        <div class="choices" role="group" aria-label="ready-made options">${["Standard", ...Object.keys(game.presets)]
          .map((p) => html`<button type="button" aria-pressed=${preset === p} class=${preset === p ? "selected" : ""}
            onClick=${() => usePreset(p)}>${p}</button>`)}</div>
        <details><summary>All options</summary>${game.options.map((o) => html`<${OptionField} option=${o}
          players=${players} value=${options[o.name]} onChange=${(v) => { setPreset(""); setOptions({ ...options, [o.name]: v }); }} />`)}
        </details></fieldset>
      <button type="submit" class="primary">Create the table</button>
    </form>` : null}
    ${made ? html`<section class="made" aria-label="your table"><h2>Table ${made.id}</h2>
      <ul>${made.seats.filter((s) => s.token).map((s) => html`<li>
        <b>Seat ${s.seat + 1}${seats[s.seat] === "me" ? ` (you${name ? `, ${name}` : ""})` : ""}</b>
        ${seats[s.seat] === "me" ? html` <a class="button primary" href=${`/tables/${made.id}#token=${s.token}`}>Take my seat</a>`
          : html`<${ShareLink} label=${`seat ${s.seat + 1}`} url=${link(made.id, s.token)} />`}
      </li>`)}</ul>
      <p><a href=${`/tables/${made.id}`}>Watch as a spectator</a></p></section>` : null}
    ${error ? html`<p class="error" role="alert">${error}</p>` : null}
    <section aria-label="open tables"><h2>Open tables</h2>
      ${open.length ? html`<ul class="open">${open.map((t) => html`<li><b>${titleOf(t.game)}</b> · ${t.players} players ·
        ${t.seeded ? html`<span class="seeded" title="Made with a chosen seed: whoever chose it may know every hand.">
          ⚠ seeded deal</span> · ` : null}
        ${Object.values(t.names || {}).length ? html`with ${Object.values(t.names).join(", ")} · ` : null}
        ${t.open.map((seat) => html`<button type="button" onClick=${() => join(t.id, seat)}>Join seat ${seat + 1}</button>`)}
        <a href=${`/tables/${t.id}`}>watch</a></li>`)}</ul>` : html`<p>No table is waiting for players.</p>`}
    </section>
  </main>`;
}

// ---- a table ---------------------------------------------------------------------------------------------

// The signals that it is your turn: the tab's title and icon, a banner, a vibration where the phone allows it, and a
// short sound if the player turned it on. `window.hexboxSignals` counts them (the tests read it).
const ICON = (colour) => `data:image/svg+xml,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="${colour}"/></svg>`)}`;
window.hexboxSignals = { turns: 0, vibrations: 0, sounds: 0 };

function signal(mine, name) {
  document.title = mine ? `● Your move — ${name}` : `${name} · hexbox`;
  const icon = document.querySelector("link[rel='icon']");
  if (icon) icon.href = ICON(mine ? "#f0b429" : "#3b3546");
  document.body.dataset.yourTurn = mine ? "1" : "";
  if (!mine) return;
  window.hexboxSignals.turns += 1;
  // a phone vibrates only once the person has touched the page: before that Chromium refuses, and says so
  const touched = navigator.userActivation ? navigator.userActivation.hasBeenActive : false;
  if (touched && navigator.vibrate && navigator.vibrate(180)) window.hexboxSignals.vibrations += 1;
  if (localStorage.getItem("hexbox:sound") === "on") {
    try {
      const audio = new AudioContext();
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      gain.gain.value = 0.06;
      tone.frequency.value = 660;
      tone.connect(gain).connect(audio.destination);
      tone.start();
      tone.stop(audio.currentTime + 0.15);
      window.hexboxSignals.sounds += 1;
    } catch (e) { /* no audio here: the other signals remain */ }
  }
}

// At your decision the game's key piece (its hand, dice, map or track: the first of the game module's `key`
// selectors on the board) scrolls into view, clear of the choices; "nearest": a piece in view stays where it is.
// Called again when the sheet of choices changes its height, and when the page does: what is above the board can
// grow or shrink with no new view (a font that arrives late, "Since your move" folding away when a move's answer
// lands after the next view), which left a Prowl hand under the choices on a busy machine.
let keys = [];
function showKey() {
  if (document.body.dataset.yourTurn !== "1") return;
  const piece = keys.map((k) => document.querySelector(`.board ${k}`)).find((e) => e);
  if (piece) piece.scrollIntoView({ block: "nearest" });
}
new ResizeObserver(() => requestAnimationFrame(showKey)).observe(document.body);

function SoundToggle() {
  const [on, setOn] = useState(() => localStorage.getItem("hexbox:sound") === "on");
  return html`<button type="button" class="sound" aria-pressed=${on} onClick=${() => {
    localStorage.setItem("hexbox:sound", on ? "off" : "on");
    setOn(!on);
  }} aria-label="a sound when it is your turn">${on ? "🔔" : "🔕"}</button>`;
}

// The choices: beside the board on a wide screen, a sheet at the bottom on a phone that folds down to one line.
// The sheet's height is kept in --sheet, so that the page scrolls the board's pieces clear of it.
function Sheet({ mine, count, error, deadline, children }) {
  const [open, setOpen] = useState(true);
  const ref = useRef(null);
  useEffect(() => {
    const sheet = ref.current;
    if (!sheet) return undefined;
    const measure = () => {
      document.documentElement.style.setProperty("--sheet",
        getComputedStyle(sheet).position === "fixed" ? `${sheet.offsetHeight}px` : "0px");
      requestAnimationFrame(showKey);
    };
    const watch = new ResizeObserver(measure);
    watch.observe(sheet);
    measure();
    return () => {
      watch.disconnect();
      document.documentElement.style.setProperty("--sheet", "0px");
    };
  }, []);
  return html`<aside ref=${ref} class=${`sheet ${mine ? "mine" : ""} ${open ? "" : "folded"}`} aria-label="your choices">
    <div class="sheet-head">
      <span>${mine ? html`<b>Your move</b> · ${count} choice${count === 1 ? "" : "s"}` : "Nothing to choose now"}</span>
      ${mine ? html`<${Timer} deadline=${deadline} />` : null}
      <button type="button" class="fold" aria-expanded=${open} onClick=${() => setOpen(!open)}>
        ${open ? "Hide ▾" : "Show ▴"}</button>
    </div>
    ${error ? html`<p class="error refused" role="alert">${error}</p>` : null}
    ${open ? children : null}
  </aside>`;
}

// What happened since your last move, near the board.
function Recent({ lines }) {
  if (!lines.length) return null;
  return html`<section class="recent" aria-label="since your last move">
    <h2>Since your move</h2>
    <ul>${lines.slice(-4).map((line) => html`<li>${line}</li>`)}</ul>
  </section>`;
}

// What changed on the board since the last update is marked for a moment (the card that moved, the bid, the die):
// the board's smallest pieces of text that were not there before get the class "fresh".
let lastTexts = null;
function markChanges(board) {
  if (!board) return;
  const leaves = [...board.querySelectorAll("*")].filter((e) => !e.firstElementChild && e.textContent.trim());
  const before = lastTexts;
  lastTexts = new Map();
  for (const e of leaves) {
    const text = e.textContent.trim();
    lastTexts.set(text, (lastTexts.get(text) || 0) + 1);
  }
  if (!before) return;
  const left = new Map(before);
  for (const e of leaves) {
    const text = e.textContent.trim();
    if (left.get(text)) {
      left.set(text, left.get(text) - 1);
      continue;
    }
    const mark = e.closest("button, li, .card, g, td") || e;
    mark.classList.remove("fresh");
    void mark.getBoundingClientRect(); // restart the animation
    mark.classList.add("fresh");
    setTimeout(() => mark.classList.remove("fresh"), 2500);
  }
}

// The name the others see: asked when a person first sits at a table (a seat link, a claimed seat), offered from
// what this browser remembers, and changeable at any time; the server keeps it with the seat.
function NameForm({ id, token, seat, onDone }) {
  const [name, setName] = useState(() => (seat.name || localStorage.getItem("hexbox:name") || ""));
  const [error, setError] = useState("");
  const save = async () => {
    const clean = name.replace(/[<>]/g, "").trim().slice(0, NAME_LENGTH);
    if (!clean) {
      setError("Type the name the others will see.");
      return;
    }
    try {
      await api(`/api/tables/${id}/name`, { method: "POST", token, body: { name: clean } });
      localStorage.setItem("hexbox:name", clean);
      onDone();
    } catch (e) {
      setError(e.message);
    }
  };
  return html`<form class="name-form" aria-label="your name" onSubmit=${(e) => { e.preventDefault(); save(); }}>
    <label for="seat-name">${seat.name ? "Your name at this table" : "What should the others call you?"}</label>
    <input id="seat-name" value=${name} maxlength=${NAME_LENGTH} autocomplete="nickname"
      placeholder="your name" onInput=${(e) => setName(e.target.value)} />
    <button type="submit" class="primary">${seat.name ? "Change" : "Sit down"}</button>
    ${seat.name ? html`<button type="button" onClick=${onDone}>Cancel</button>` : null}
    ${error ? html`<p class="error" role="alert">${error}</p>` : null}
  </form>`;
}

// Out of the game (dead, eliminated): said at once and why, then the game goes on in front of the person.
function OutNotice({ out }) {
  return html`<section class="out" role="alert" aria-label="you are out">
    <h2>${out.how === "dead" ? "💀 You are dead" : `You are ${out.how}`} — out of the game</h2>
    ${out.because ? html`<p><b>Why:</b> ${out.because}.</p>` : null}
    ${out.why.length ? html`<ul>${out.why.map((line) => html`<li>${line}</li>`)}</ul>` : null}
    <p>You watch the rest as the table sees it; your side can still win, and the end shows every role.</p>
  </section>`;
}

function Table({ id }) {
  const [token] = useState(() => seatToken(id));
  const [view, setView] = useState(null);
  const [status, setStatus] = useState("connecting");
  const [module, setModule] = useState(null);
  const [cards, setCards] = useState(null);
  const [focus, setFocus] = useState(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  // the table's seq after your last move: the server's answer may come before the move's view, and until that
  // view comes the choices on screen are the ones you just answered (a second tap would be refused as stale)
  const [answered, setAnswered] = useState(0);
  const [seen, setSeen] = useState(0); // the log's length at your last move
  const [naming, setNaming] = useState(false);
  const wasMine = useRef(false);
  useEffect(() => watchTable(id, token, setView, setStatus), [id]);
  useEffect(() => {
    if (view && !module) {
      viewOf(view.game).then((m) => setModule(() => m));
      catalog(view.game).then(setCards).catch(() => setCards({}));
    }
  }, [view?.game]);
  const me = view ? view.seat : null;
  const mine = !!view && view.legal.length > 0;
  useEffect(() => {
    if (!view) return;
    if (module && (mine !== wasMine.current || !document.title.includes(module.title))) signal(mine, module.title);
    keys = module?.key || [];
    requestAnimationFrame(() => markChanges(document.querySelector(".table .board")));
    if (mine) requestAnimationFrame(() => requestAnimationFrame(showKey));
    wasMine.current = mine;
  }, [view?.seq, mine, module]);
  if (!view || !module || !cards) {
    return html`<main class="table"><p role="status">${status.startsWith("closed") ? status : "Loading the table…"}</p></main>`;
  }
  setPeople(view.seats, me);
  const mySeat = me === null ? null : view.seats[me];
  const askName = mySeat !== null && (naming || !mySeat.name);
  const { observation: obs } = view;
  const act = async (action) => {
    setBusy(true);
    setError("");
    try {
      const moved = await api(`/api/tables/${id}/actions`, { method: "POST", token,
        body: { seq: view.seq, action } });
      setAnswered(moved.seq);
      setFocus(null);
      setSeen(view.log.length);
    } catch (e) {
      setError(e.status === 409 ? "The table moved on before your move arrived: look again and choose."
        : `Refused: ${e.message}`);
    } finally {
      setBusy(false);
    }
  };
  const say = (body) => api(`/api/tables/${id}/chat`, { method: "POST", token, body });
  const host = hostToken(id);
  const rematch = async () => {
    try {
      const made = await api(`/api/tables/${id}/rematch`, { method: "POST", token: host || token });
      location.href = `/tables/${made.id}${token ? `#token=${token}` : ""}`;
    } catch (e) {
      setError(e.message);
    }
  };
  const Board = module.Board;
  const narrow = (predicate) => setFocus(() => predicate || null); // a function given to a state setter is an updater
  const actors = obs.actors;
  // the server's sentences, shown as they come: they already name people, and say "You" in the right grammar
  const { log, labels, chat, waiting } = view;
  const silent = obs.talk_allowed === false && me !== null && !view.result;
  return html`<main class=${`table game-${view.game} ${mine ? "your-turn" : ""}`} data-seq=${view.seq}>
    <header>
      <h1>${module.title} <small>table ${id}</small></h1>
      <span class="who">${me === null ? "👁 spectator"
        : html`<span class="seat-mark" style=${`--seat:${seatColour(me)}`} aria-hidden="true">${seatSymbol(me)}</span>${" "}${personOf(me)} <small>(seat ${me + 1})</small>
          ${mySeat.name ? html` <button type="button" class="rename" aria-label="change your name"
            onClick=${() => setNaming(true)}>✎</button>` : null}`}</span>
      <a class="rules-link" href=${`/rules/${view.game}`} target="_blank" rel="noopener">Rules & cards</a>
      <span class=${`status ${status}`}>${status === "live" ? "● live" : status}</span>
      ${view.seeded ? html`<span class="seeded" title="This table was made with a chosen seed: whoever chose it may
        know every hand.">⚠ seeded deal</span>` : null}
      <${SoundToggle} />
      ${mine ? null : html`<${Timer} deadline=${timeLeft(view, me)} />`}
    </header>
    ${askName ? html`<${NameForm} id=${id} token=${token} seat=${mySeat} onDone=${() => setNaming(false)} />` : null}
    ${view.out && !view.result ? html`<${OutNotice} out=${view.out} />` : null}
    <p class=${`turn ${mine ? "banner" : ""}`} role="status">${waiting}</p>
    ${view.ending ? html`<${EndScreen} result=${view.ending} me=${me} seats=${view.seats} rematch=${view.rematch}
      tableId=${id} canPropose=${!!host || me !== null} onRematch=${rematch} token=${token} turns=${obs.turn} />` : null}
    <div class="play">
      ${me !== null && !view.result ? html`<${Recent} lines=${log.slice(seen)} />` : null}
      <div class="board"><${Board} obs=${obs} seat=${me} catalog=${cards} legal=${view.legal} labels=${labels}
        focus=${focus} setFocus=${narrow} act=${act} /></div>
    </div>
    <div class="rail">
    ${me !== null && view.started && !view.result ? html`<${Sheet} mine=${mine} count=${view.legal.length} error=${error}
      deadline=${timeLeft(view, me)}>
      <${ActionPicker} legal=${view.legal} labels=${labels} choices=${view.choices} onAct=${act}
        focus=${focus} onClearFocus=${() => setFocus(null)} confirmKinds=${module.confirm || new Set()}
        busy=${busy || view.seq < answered} />
    </${Sheet}>` : error ? html`<p class="error" role="alert">${error}</p>` : null}
    <div class="side">
      <${Seats} seats=${view.seats} me=${me} actors=${view.started ? actors : []} scores=${view.result?.scores} />
      <${Log} lines=${log} />
      <${Chat} messages=${chat} onSay=${say} silent=${silent} room=${me === null ? "spectators" : "players"} />
    </div>
    </div>
  </main>`;
}

// The viewer's own deadline: the game's clock on the open window, or the seat's turn clock and time bank, whichever
// runs out first (a spectator sees the game's clock).
function timeLeft(view, me) {
  const mine = view.clocks.find((c) => c.seat === me)?.deadline;
  const times = [view.deadline, mine].filter((d) => d);
  return times.length ? Math.min(...times) : null;
}

// ---- a replay ----------------------------------------------------------------------------------------------

function Replay({ id }) {
  const [step, setStep] = useState(0);
  const [seat, setSeat] = useState(null);
  const [view, setView] = useState(null);
  const [module, setModule] = useState(null);
  const [cards, setCards] = useState(null);
  const [error, setError] = useState("");
  useEffect(() => {
    const query = seat === null ? "" : `&seat=${seat}`;
    api(`/api/tables/${id}/replay?step=${step}${query}`).then((v) => {
      setView(v);
      setError("");
      viewOf(v.game).then((m) => setModule(() => m));
      catalog(v.game).then(setCards);
    }).catch((e) => setError(e.message));
  }, [id, step, seat]);
  if (error) return html`<main class="table"><p class="error" role="alert">${error}</p></main>`;
  if (!view || !module || !cards) return html`<main class="table"><p role="status">Loading the replay…</p></main>`;
  const Board = module.Board;
  const go = (n) => setStep(Math.max(0, Math.min(view.steps, n)));
  return html`<main class=${`table replay game-${view.game}`}>
    <header><h1>Replay of ${module.title} <small>table ${id}</small></h1></header>
    <nav class="choices" aria-label="steps">
      <button type="button" onClick=${() => go(0)} aria-label="first move">⏮</button>
      <button type="button" onClick=${() => go(step - 1)} aria-label="previous move">◀</button>
      <span role="status">move ${step} of ${view.steps}</span>
      <button type="button" onClick=${() => go(step + 1)} aria-label="next move">▶</button>
      <button type="button" onClick=${() => go(view.steps)} aria-label="last move">⏭</button>
      <label for="as">as</label>
      <select id="as" value=${seat === null ? "" : seat} onChange=${(e) => setSeat(e.target.value === "" ? null : Number(e.target.value))}>
        <option value="">a spectator</option>
        ${Array.from({ length: view.players }, (_, i) => html`<option value=${i}>seat ${i + 1}</option>`)}
      </select>
    </nav>
    <div class="play"><div class="board"><${Board} obs=${view.observation} seat=${seat} catalog=${cards} legal=${[]}
      labels=${[]} focus=${null} setFocus=${() => {}} act=${() => {}} /></div></div>
    <div class="side"><${Log} lines=${view.log} /></div>
  </main>`;
}

// ---- the address decides the page --------------------------------------------------------------------------

function App() {
  const parts = location.pathname.split("/").filter(Boolean);
  if (parts[0] === "tables" && parts[1] && parts[2] === "replay") return html`<${Replay} id=${parts[1]} />`;
  if (parts[0] === "tables" && parts[1]) return html`<${Table} id=${parts[1]} />`;
  return html`<${Lobby} />`;
}

render(html`<${App} />`, document.getElementById("app"));
