// VoceDomino's page for network tables: plain JavaScript, no build step.
// Every event is written to the "cronaca" log (an ARIA live region); every control is a native
// button, field or list, reachable with Tab and used with Enter or Space.
"use strict";

const PROTOCOL = 1;
const STORAGE = "voicedomino-tavolo";
const $ = (id) => document.getElementById(id);

const state = {
  ws: null,
  greeted: false,
  code: null,
  token: null,
  seat: null,
  seq: 0,
  phase: "lobby",
  host: null,
  closed: false,
  seats: [],
  spectators: [],
  settings: {},
  view: null,
  legal: [],
  ends: [],
  timer: null,
  pendingPlays: null,
  backoff: 500,
  replaced: false,
};

// --- words ------------------------------------------------------------------------------

function tileText(tile) {
  const [a, b] = tile.split("-").map(Number);
  return a === b ? `doppio ${a}` : `${b} e ${a}`;
}

const SIDE_WORDS = { head: "in testa", tail: "in coda", up: "sopra", down: "sotto" };
const END_WORDS = { head: "In testa", tail: "in coda", up: "sopra", down: "sotto" };

function sideText(side) {
  return SIDE_WORDS[side] || side;
}

function nameOf(seat) {
  if (seat === state.seat) return "tu";
  const place = state.seats[seat];
  return place && place.name ? place.name : `posto ${seat + 1}`;
}

function Name(seat) {
  const name = nameOf(seat);
  return name.charAt(0).toUpperCase() + name.slice(1);
}

function teamName(team) {
  const teams = state.settings.pairs ? [[0, 2], [1, 3]] : state.seats.map((_, i) => [i]);
  const members = teams[team] || [];
  return members.map(nameOf).join(" e ");
}

function describe(event) {
  const me = (seat) => seat === state.seat;
  switch (event.kind) {
    case "PlayerJoined":
      return event.took_over
        ? `${event.name} prende il posto di ${event.took_over}.`
        : `${event.name} entra al tavolo.`;
    case "PlayerLeft":
      return `${event.name} ha lasciato il tavolo.` +
        (event.replaced_by ? ` Al suo posto gioca ${event.replaced_by}.` : "");
    case "SpectatorJoined":
      return `${event.name} guarda la partita.`;
    case "SpectatorLeft":
      return `${event.name} non guarda più.`;
    case "ConnectionChanged":
      return event.connected
        ? `${event.name} è di nuovo al tavolo.`
        : `${event.name} ha perso la connessione: il posto resta suo.`;
    case "StandIn":
      return event.on
        ? `${event.name} è assente: gioca il computer al suo posto.`
        : `${event.name} riprende a giocare.`;
    case "ComputerAdded":
      return `Si siede il computer ${event.name}, livello ${event.level}.`;
    case "ComputerRemoved":
      return `Il computer ${event.name} lascia il tavolo.`;
    case "SeatChanged":
      return `${event.name} cambia posto.`;
    case "HostChanged":
      return `Adesso ospita il tavolo ${event.name}.`;
    case "TableClosed":
      return event.closed ? "Il tavolo è chiuso ai nuovi arrivati." : "Il tavolo è di nuovo aperto.";
    case "MatchStarted":
      return `Comincia la partita ${event.match_number}: ${event.names.join(", ")}.`;
    case "PlayerReady":
      return `${event.name} aspetta la prossima mano.`;
    case "TimerWarning":
      return me(event.seat)
        ? `Restano ${event.seconds_left} secondi per la tua mossa.`
        : `${capital(toName(event.name))} restano ${event.seconds_left} secondi.`;
    case "TimedOut":
      return `Tempo scaduto per ${me(event.seat) ? "te" : event.name}: gioca il computer.`;
    case "ChatMessage":
      return `${event.name}${event.seat === null ? " (spettatore)" : ""}: ${event.text}`;
    case "RoundStarted":
      return `Mano ${event.round_number}. Comincia ${nameOf(event.leader)}` +
        (event.lead_tile ? ` con il ${tileText(event.lead_tile)}.` : ".");
    case "TilePlayed":
      return me(event.seat)
        ? `Hai giocato il ${tileText(event.tile)} ${sideText(event.side)}.`
        : `${Name(event.seat)} gioca il ${tileText(event.tile)} ${sideText(event.side)}.`;
    case "TilesDrawn":
      if (me(event.seat)) return `Hai pescato: ${event.tiles.map(tileText).join(", ")}.`;
      return `${Name(event.seat)} pesca ${event.count === 1 ? "una tessera" : event.count + " tessere"}.`;
    case "Passed":
      return me(event.seat) ? "Hai passato." : `${Name(event.seat)} passa.`;
    case "BonusTurn":
      return me(event.seat) ? "Hai giocato un doppio: giochi ancora." :
        `${Name(event.seat)} ha giocato un doppio e gioca ancora.`;
    case "TurnStarted":
      return me(event.seat) ? "Tocca a te." : `Tocca ${toName(nameOf(event.seat))}.`;
    case "RoundEnded": {
      const result = event.result;
      const start = result.outcome === "domino" && result.out_seat !== null
        ? `${Name(result.out_seat)} ha finito le tessere.` : "Mano bloccata.";
      const winner = result.winner === null ? "Nessuno vince la mano."
        : `Vince la mano: ${teamName(result.winner)}, ${result.points[result.winner]} punti.`;
      const scores = event.scores.map((s, t) => `${teamName(t)} ${s}`).join(", ");
      return `${start} ${winner} Punteggio: ${scores}.`;
    }
    case "MatchEnded":
      return `Partita finita: vince ${teamName(event.result.winner)}.`;
    default:
      return "";
  }
}

// --- telling -----------------------------------------------------------------------------

function tell(text) {
  if (!text) return;
  const line = document.createElement("p");
  line.textContent = text;
  const log = $("cronaca");
  log.appendChild(line);
  while (log.childElementCount > 300) log.firstElementChild.remove();
  log.scrollTop = log.scrollHeight;
}

function alertNow(text) {
  tell(text);
  $("avvisi").textContent = text;
}

function status(text) {
  $("stato-connessione").textContent = text;
}

// --- the connection ----------------------------------------------------------------------

function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${scheme}//${location.host}/`);
  state.ws = ws;
  state.greeted = false;
  ws.onopen = () => send({ type: "hello", version: PROTOCOL });
  ws.onmessage = (message) => {
    try {
      receive(JSON.parse(message.data));
    } catch (error) {
      console.error(error);
    }
  };
  ws.onclose = () => {
    if (state.ws !== ws || state.replaced) return;
    status("Connessione persa: riprovo tra poco.");
    setTimeout(connect, state.backoff);
    state.backoff = Math.min(state.backoff * 2, 10000);
  };
}

function send(message) {
  if (state.ws && state.ws.readyState === WebSocket.OPEN) {
    state.ws.send(JSON.stringify(message));
    return true;
  }
  alertNow("Non sei connesso al server: riprovo a collegarmi.");
  return false;
}

function saved() {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE) || "null");
  } catch (error) {
    return null;
  }
}

function remember() {
  sessionStorage.setItem(STORAGE, JSON.stringify({ code: state.code, token: state.token, seq: state.seq }));
}

function forget() {
  sessionStorage.removeItem(STORAGE);
  state.code = state.token = null;
  state.seat = null;
  state.view = null;
  state.seq = 0;
}

function receive(message) {
  switch (message.type) {
    case "welcome": {
      state.greeted = true;
      state.backoff = 500;
      status("Connesso al server.");
      const before = saved();
      if (before && before.code && before.token) {
        send({ type: "resume", code: before.code, token: before.token, last_seq: before.seq || 0 });
      }
      break;
    }
    case "joined":
      state.token = message.token;
      snapshot(message);
      tell(`Sei al tavolo ${spaced(message.code)}` +
        (message.seat === null ? " come spettatore." : `, al posto ${message.seat + 1}.`) +
        " Dai il codice agli amici per farli entrare.");
      $("titolo-tavolo").focus?.();
      break;
    case "table": {
      const missed = message.missed || [];
      const fresh = missed.filter((entry) => entry.seq > state.seq);
      snapshot(message);
      if (fresh.length) {
        tell("Mentre eri via:");
        fresh.forEach((entry) => tell(describe(entry.event)));
      }
      tell(`Di nuovo al tavolo ${spaced(message.code)}.`);
      break;
    }
    case "update":
      update(message);
      break;
    case "error":
      // The table or the seat is no more (deleted, lost with a restart of the server, its
      // last player left while we watched), or the server has this connection at no table:
      // the page must not go on showing a table it no longer sits at. Back to the entrance.
      if (["no_table", "bad_token", "not_at_table"].includes(message.code) && (state.code || saved())) {
        const code = state.code || (saved() || {}).code;
        forget();
        show();
        const text = message.code === "not_at_table"
          ? `Il server non ti ha più al tavolo ${spaced(code)}: sei di nuovo all'ingresso.`
          : `${message.text} Sei di nuovo all'ingresso.`;
        alertNow(text);
        break;
      }
      alertNow(message.text);
      break;
    case "left":
      forget();
      show();
      tell("Hai lasciato il tavolo.");
      break;
    case "replaced":
      state.replaced = true;
      alertNow("Il tuo posto è stato ripreso da un'altra finestra.");
      break;
    default:
      break;
  }
}

// "a" before a name, "ad" before one that begins with a: "Tocca ad Anna".
function toName(name) {
  return /^[aà]/i.test(name) ? `ad ${name}` : `a ${name}`;
}

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function spaced(code) {
  return String(code).split("").join(" ");
}

function facts(message) {
  for (const key of ["phase", "host", "closed", "seats", "spectators", "timer"]) {
    if (key in message) state[key] = message[key];
  }
  if ("view" in message) state.view = message.view;
  state.ends = message.ends || [];
  state.legal = message.legal || [];
  state.pendingPlays = null;
}

function snapshot(message) {
  state.code = message.code;
  state.seat = message.seat;
  state.settings = message.settings || {};
  facts(message);
  state.seq = message.seq;
  remember();
  show();
}

function update(message) {
  const fresh = (message.events || []).filter((entry) => entry.seq > state.seq);
  if (!fresh.length) return;
  facts(message);
  state.seq = message.seq;
  remember();
  show();
  for (const entry of fresh) {
    const text = describe(entry.event);
    if (entry.event.kind === "TurnStarted" && entry.event.seat === state.seat) alertNow(text);
    else tell(text);
  }
}

// --- drawing the table ---------------------------------------------------------------------

function show() {
  const atTable = Boolean(state.code);
  $("ingresso").hidden = atTable;
  $("tavolo").hidden = !atTable;
  if (!atTable) return;
  $("titolo-tavolo").textContent = `Tavolo ${state.code}`;
  const phases = {
    lobby: "In attesa di cominciare.",
    playing: "Si gioca.",
    round_over: "Mano finita.",
    match_over: "Partita finita.",
  };
  $("fase").textContent = phases[state.phase] || "";
  showSeats();
  showHost();
  showLine();
  showHand();
  const timer = state.timer;
  $("timer-mossa").textContent = timer ? `Tempo per ${nameOf(timer.seat)}: ${timer.seconds_left} secondi.` : "";
}

function showSeats() {
  const list = $("posti");
  list.replaceChildren();
  const view = state.view;
  const running = state.phase === "playing" || state.phase === "round_over";
  state.seats.forEach((place, number) => {
    const item = document.createElement("li");
    let text = `Posto ${number + 1}: `;
    if (place.kind === "empty") text += "libero";
    else text += place.name + (number === state.seat ? " (tu)" : "");
    if (place.kind === "computer") text += `, computer ${place.level}`;
    if (number === state.host) text += ", ospita";
    if (place.kind === "human" && !place.connected) text += ", senza connessione";
    if (place.stand_in) text += ", al suo posto gioca il computer";
    if (view && state.phase !== "lobby") text += `, ${view.hand_counts[number]} tessere`;
    if (view && state.phase === "playing" && view.to_move === number) text += ", è il suo turno";
    item.textContent = text;
    if (place.kind === "computer" && isHost() && !running) {
      const remove = document.createElement("button");
      remove.type = "button";
      remove.textContent = `Togli ${place.name}`;
      remove.addEventListener("click", () => send({ type: "remove_computer", seat: number }));
      item.append(" ", remove);
    }
    list.appendChild(item);
  });
  $("spettatori").textContent = state.spectators.length
    ? `Guardano: ${state.spectators.join(", ")}.` : "";
}

function isHost() {
  if (state.seat === null) return false;
  const host = state.seats[state.host];
  return state.seat === state.host || !host || !host.connected;
}

function showHost() {
  const running = state.phase === "playing" || state.phase === "round_over";
  $("comandi-ospite").hidden = !isHost() || running;
  $("inizia").textContent = state.phase === "match_over" ? "Nuova partita" : "Inizia la partita";
  $("chiudi").textContent = state.closed ? "Riapri il tavolo" : "Chiudi il tavolo ai nuovi arrivati";
  $("pronto").hidden = state.phase !== "round_over" || state.seat === null;
}

function tileElement(tile, extra) {
  const [a, b] = tile.split("-");
  const element = document.createElement("span");
  element.className = "tessera" + (a === b ? " doppio" : "") + (extra ? " " + extra : "");
  const left = document.createElement("span");
  const right = document.createElement("span");
  left.textContent = a;
  right.textContent = b;
  element.append(left, right);
  return element;
}

function showLine() {
  const view = state.view;
  const layout = view ? view.layout : { line: [], up: [], down: [], spinner_at: null };
  const row = (pairs) => pairs.map(([a, b]) => tileElement(`${a}-${b}`));
  const drawing = $("serpente");
  drawing.replaceChildren();
  for (const [label, pairs] of [["Sopra", layout.up], ["", layout.line], ["Sotto", layout.down]]) {
    if (!pairs.length) continue;
    const line = document.createElement("div");
    line.className = "braccio";
    if (label) line.append(label + ": ");
    line.append(...row(pairs));
    drawing.appendChild(line);
  }
  const count = layout.line.length + layout.up.length + layout.down.length;
  if (!count) {
    $("estremi").textContent = "Il tavolo è vuoto.";
  } else {
    const ends = state.ends.map(([side, number]) => `${END_WORDS[side]} ${number}`).join(", ");
    $("estremi").textContent = `${ends}. Sul tavolo ${count} tessere.`;
  }
  if (view) {
    const scores = view.scores.map((s, t) => `${teamName(t)} ${s}`).join(", ");
    const boneyard = view.boneyard_count ? ` Nel pozzo ${view.boneyard_count} tessere.` : "";
    $("punteggio").textContent = `Punteggio: ${scores}.${boneyard}`;
  }
}

function showHand() {
  const view = state.view;
  const box = $("tessere");
  box.replaceChildren();
  const hand = view ? view.hand : [];
  const plays = state.legal.filter((action) => action.type === "play");
  for (const tile of hand) {
    const button = document.createElement("button");
    button.type = "button";
    const mine = plays.filter((play) => play.tile === tile);
    button.appendChild(tileElement(tile));
    button.setAttribute("aria-label", tileText(tile) + (mine.length ? "" : ", non si può giocare"));
    button.disabled = mine.length === 0;
    button.addEventListener("click", () => choose(mine));
    box.appendChild(button);
  }
  if (!hand.length) box.textContent = state.seat === null ? "Guardi la partita." : "Nessuna tessera.";
  $("pesca").disabled = !state.legal.some((action) => action.type === "draw");
  $("passa").disabled = !state.legal.some((action) => action.type === "pass");
  $("lati").hidden = true;
}

function choose(plays) {
  const sides = [...new Set(plays.map((play) => play.side))];
  if (sides.length <= 1) {
    send({ type: "act", action: plays[0] });
    return;
  }
  state.pendingPlays = plays;
  const buttons = { head: "in-testa", tail: "in-coda", up: "sopra", down: "sotto" };
  for (const [side, id] of Object.entries(buttons)) $(id).hidden = !sides.includes(side);
  $("lati").hidden = false;
  $(buttons[sides[0]]).focus();
  tell(`Dove? ${sides.map(sideText).join(", ")}.`);
}

function playAt(side) {
  const plays = state.pendingPlays || [];
  const play = plays.find((p) => p.side === side);
  $("lati").hidden = true;
  state.pendingPlays = null;
  if (play) send({ type: "act", action: play });
}

// --- the controls ----------------------------------------------------------------------------

function playerName() {
  const name = $("nome").value.trim();
  if (!name) {
    alertNow("Scrivi prima il tuo nome.");
    $("nome").focus();
  }
  return name;
}

function setUp() {
  $("form-entra").addEventListener("submit", (event) => {
    event.preventDefault();
    const name = playerName();
    const code = $("codice").value.replace(/\s+/g, "");
    if (!name) return;
    if (!/^[0-9]+$/.test(code)) {
      alertNow("Il codice del tavolo è fatto di sole cifre.");
      $("codice").focus();
      return;
    }
    const role = document.querySelector("input[name=ruolo]:checked").value;
    send({ type: "join", code, name, role });
  });
  $("form-crea").addEventListener("submit", (event) => {
    event.preventDefault();
    const name = playerName();
    if (!name) return;
    const pairs = $("a-coppie").checked;
    const settings = {
      variant: pairs ? "coppie" : $("variante").value,
      seats: pairs ? 4 : Number($("giocatori").value),
      pairs,
    };
    if ($("obiettivo").value !== "") settings.target = Number($("obiettivo").value);
    if ($("jolly").checked) settings.wildcard = true;
    const options = { absent: $("assenti").value };
    if ($("timer").value !== "") options.turn_timer = Number($("timer").value);
    send({ type: "create", name, settings, options });
  });
  $("aggiungi-computer").addEventListener("click", () =>
    send({ type: "add_computer", level: $("livello").value }));
  $("inizia").addEventListener("click", () => send({ type: "start", fill: $("riempi").checked }));
  $("chiudi").addEventListener("click", () => send({ type: "close", closed: !state.closed }));
  $("pesca").addEventListener("click", () => send({ type: "act", action: { type: "draw" } }));
  $("passa").addEventListener("click", () => send({ type: "act", action: { type: "pass" } }));
  $("pronto").addEventListener("click", () => send({ type: "ready" }));
  $("esci").addEventListener("click", () => send({ type: "leave" }));
  $("in-testa").addEventListener("click", () => playAt("head"));
  $("in-coda").addEventListener("click", () => playAt("tail"));
  $("sopra").addEventListener("click", () => playAt("up"));
  $("sotto").addEventListener("click", () => playAt("down"));
  $("annulla-lato").addEventListener("click", () => {
    $("lati").hidden = true;
    state.pendingPlays = null;
    tell("Scegli un'altra tessera.");
  });
  for (const button of document.querySelectorAll(".rapido")) {
    button.addEventListener("click", () => send({ type: "chat", quick: button.dataset.quick }));
  }
  $("form-chat").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("chat").value.trim();
    if (text && send({ type: "chat", text })) $("chat").value = "";
  });
  show();
  connect();
}

document.addEventListener("DOMContentLoaded", setUp);
