// The generic table page: works for every registered game. It keeps the seat's view
// (protocol v2, docs/protocol.md: a full `state` on join and resync, then one small
// `event` per decision applied to it), shows legal actions as buttons with the game's
// labels, whom we wait for, the log (written here from the history entries, in the
// page's language) and the result; a game's board module, if present, draws the same
// snapshot (see docs/boards.md for the interface).
import { el } from "./boards/kit.js";
import { loadCatalog, listNames } from "./i18n.js";
import { transcript } from "./log.js";

const root = document.getElementById("table");
const tableId = root.dataset.table;
const game = root.dataset.game;
const lang = document.body.dataset.lang;
const $ = (id) => document.getElementById(id);
const key = `relicbox:seat:${tableId}`;
let t = (id) => id;
let socket = null;
let last = null;
let board = null;
let retry = 500;
let clockTimer = null;
const SLOW_READER = 4008;  // the server closed a connection that fell behind: rejoin at once
const REFUSED = 4429;  // too many connections: say so, do not retry
const NO_TABLE = 4404;

function takeTokenFromUrl() {
  const match = location.hash.match(/seat=([\w-]+)/);
  if (match) {
    localStorage.setItem(key, match[1]);
    history.replaceState(null, "", location.pathname + location.search);
  }
}

function seatName(table, seat) {
  const info = table.seats[seat];
  if (info.kind === "bot") return t("web-bot-name", { seat: seat + 1, bot: info.bot });
  return info.name || t("web-player", { seat: seat + 1 });
}

function toast(text) {
  const box = $("toast");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { box.hidden = true; }, 6000);
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

// One decision per question: from the click until the server answers (the question
// changes, a state or an error arrives), every control is disabled and further clicks or
// keys are dropped. Other seats' choices at a simultaneous step do not answer ours.
let pending = null;
let askedWith = "";

const question = (legal) => (legal || []).map((action) => action.text).join("\n");

function disableControls() {
  for (const button of root.querySelectorAll("#actions button, #board button")) button.disabled = true;
}

function act(text) {
  if (!last || pending || !socket || socket.readyState !== WebSocket.OPEN) return;
  pending = setTimeout(settle, 15000);
  askedWith = question(last.legal);
  root.classList.add("busy");
  disableControls();
  send({ type: "act", action: text, seq: last.seq });
}

function settle() {
  clearTimeout(pending);
  pending = null;
  root.classList.remove("busy");
}

function drawSeats(message) {
  const { table } = message;
  const items = table.seats.map((info) => {
    const bits = [];
    if (info.seat === message.seat) bits.push(t("web-you"));
    if (info.host) bits.push(t("web-host"));
    if (info.kind === "open") bits.push(t("web-open"));
    else if (info.kind === "human" && info.away) bits.push(t("web-away"));
    else if (info.kind === "human" && !info.connected) bits.push(t("web-offline"));
    if (info.abandoned) bits.push(t("web-abandoned"));
    const waiting = message.to_act.includes(info.seat) && !message.over;
    const item = el("li", { class: `seat seat-${info.seat}${waiting ? " waiting" : ""}` },
      el("span", { class: "marker", "aria-hidden": "true", text: "●▲■◆★✚⬟⬢"[info.seat] || "●" }),
      el("span", { class: "who", text: seatName(table, info.seat) }),
      el("span", { class: "muted", text: bits.length ? ` (${bits.join(", ")})` : "" }),
      el("span", { class: "clock", "data-seat": String(info.seat) }));
    if (waiting) item.setAttribute("aria-label", `${seatName(table, info.seat)}: …`);
    return item;
  });
  if (table.watchers) items.push(el("li", { class: "watchers muted", text: t("web-watchers", { count: table.watchers }) }));
  $("seats").replaceChildren(...items);
}

function drawClocks(message) {
  clearInterval(clockTimer);
  if (!message.clocks) return;
  const started = performance.now();
  const tick = () => {
    const spent = (performance.now() - started) / 1000;
    for (const node of document.querySelectorAll(".clock")) {
      const left = message.clocks.left[node.dataset.seat];
      if (left === undefined) { node.textContent = ""; continue; }
      const running = message.clocks.running.includes(+node.dataset.seat);
      const seconds = Math.max(0, Math.ceil(running ? left - spent : left));
      node.textContent = ` ⏱ ${t("web-clock-left", { seconds })}`;
      node.classList.toggle("running", running);
    }
  };
  tick();
  clockTimer = setInterval(tick, 1000);
}

function drawStatus(message) {
  const { table } = message;
  let text;
  if (table.status === "open") text = t("web-status-open");
  else if (message.over) {
    const names = (message.result ? message.result.winners : []).map((s) => seatName(table, s));
    text = `${t("web-status-over")} ${t("web-winner", { count: names.length, names: listNames(lang, names) })}`;
  } else {
    const others = message.to_act.filter((s) => s !== message.seat).map((s) => seatName(table, s));
    const mine = message.legal.length > 0;
    if (message.seat === null) text = `${t("web-status-watching")} ${t("web-status-waiting", { count: others.length, names: listNames(lang, others) })}`;
    else if (mine && others.length) text = t("web-status-your-turn-waiting", { names: listNames(lang, others) });
    else if (mine) text = t("web-status-your-turn");
    else text = t(message.to_act.length > 1 ? "web-status-done-waiting" : "web-status-waiting", { count: others.length, names: listNames(lang, others) });
  }
  $("status").textContent = text;
  document.title = `${message.legal.length ? "● " : ""}${table.title} — relicbox`;
}

function drawLobby(message) {
  const { table } = message;
  const open = table.status === "open";
  $("lobby-box").hidden = !open;
  $("invite").value = `${location.origin}/t/${table.id}`;
  const hasOpen = table.seats.some((s) => s.kind === "open");
  $("join-form").hidden = !(open && message.seat === null && hasOpen);
  $("start").hidden = !(open && message.seat !== null && table.seats[message.seat].host);
  const token = localStorage.getItem(key);
  $("seat-link-box").hidden = !(token && message.seat !== null);
  if (token) $("seat-link").value = `${location.origin}/t/${table.id}#seat=${token}`;
}

function drawActions(message) {
  const box = $("actions");
  // with a board, the buttons show only once the board says which actions it has no target for
  $("actions-box").hidden = message.legal.length === 0 || Boolean(root.dataset.board && message.view);
  const buttons = message.legal.map((action, number) => {
    const button = el("button", { type: "button", class: "action", "data-action": action.text,
      "aria-keyshortcuts": number < 9 ? String(number + 1) : "" });
    if (number < 9) button.append(el("kbd", { text: String(number + 1) }), " ");
    button.append(action.label);
    button.title = action.text;
    button.addEventListener("click", () => { for (const b of box.querySelectorAll("button")) b.disabled = true; act(action.text); });
    return button;
  });
  box.replaceChildren(...buttons);
  if (pending) disableControls();
}

function tieLine(message) {
  const { tied, winners, scores } = message.result;
  const names = (seats) => listNames(lang, seats.map((s) => seatName(message.table, s)));
  if (tied.length < 2) return "";
  const shared = winners.length === tied.length;
  const rule = t(`web-tiebreak-${game}`);
  const text = shared
    ? t("web-tie-shared", { score: scores[tied[0]], names: names(tied), rule })
    : t("web-tie-broken", { score: scores[tied[0]], names: names(tied), winners: names(winners), rule });
  return el("p", { class: "tie", text });
}

function drawResult(message) {
  $("result-box").hidden = !message.over;
  if (!message.over || !message.result) return;
  const { headers, rows } = message.result;
  const table = el("table", {}, el("thead", {}, el("tr", {}, ...headers.map((h) => el("th", { scope: "col", text: h })))),
    el("tbody", {}, ...rows.map((row, seat) => el("tr", { class: message.result.winners.includes(seat) ? "winner" : "" },
      ...row.map((cell, i) => el(i === 0 ? "th" : "td", i === 0 ? { scope: "row", text: seatName(message.table, seat) } : { text: cell }))))));
  // a game with a board shows its own final scores there: one result table per game
  $("result").replaceChildren(root.dataset.board ? "" : el("div", { class: "scroll" }, table), tieLine(message));
  const info = message.table;
  $("rematch").hidden = !(message.seat !== null && !info.rematch_id);
  const link = $("rematch-link");
  link.hidden = !info.rematch_id;
  if (info.rematch_id) link.href = `/t/${info.rematch_id}`;
}

async function drawBoard(message) {
  if (!root.dataset.board || !message.view) return;
  if (!board) {  // one mount, even if more messages arrive while the module loads
    board = import(`/static/boards/${game}.js`).then((module) => {
      $("board").hidden = false;
      return module.mount($("board"), { lang, seat: message.seat, players: message.table.players, act, t,
        seatName: (s) => seatName(last.table, s) });
    });
  }
  const mounted = await board;
  if (message !== last) return;
  mounted.update(message);
  coverActions(message);
  if (pending) disableControls();
}

// The board is the way to act: the buttons below it stay only for actions it has no target for.
function coverActions(message) {
  const targets = new Set([...$("board").querySelectorAll("[data-action]")].map((node) => node.dataset.action));
  const missing = message.legal.filter((action) => !targets.has(action.text));
  $("actions-box").hidden = missing.length === 0;
  for (const button of $("actions").querySelectorAll("button")) button.hidden = targets.has(button.dataset.action);
}

function drawLog(message) {
  const view = message.view;
  const lines = view ? transcript(game, view.history, view, t, (s) => seatName(message.table, s)) : [];
  $("log").replaceChildren(...lines.slice(-60).map((line) => el("li", { text: line })));
  $("log-box").hidden = lines.length === 0;
  $("log").scrollTop = $("log").scrollHeight;
}

function draw(message) {
  drawSeats(message);
  drawLeaveWarning(message);
  drawStatus(message);
  drawLobby(message);
  drawActions(message);
  drawResult(message);
  drawClocks(message);
  drawLog(message);
  drawBoard(message).catch((error) => {
    console.error(error);
    $("actions-box").hidden = message.legal.length === 0;  // no board: the buttons are the way to act
  });
}

function onState(message) {
  settle();
  last = message;
  draw(message);
}

// One decision: new history entries are appended, each changed top-level view key is
// replaced. An event that does not follow the seq we hold means we missed one: resync.
function onEvent(event) {
  if (!last || event.seq <= last.seq) return;
  if (event.since !== last.seq) { send({ type: "resync" }); return; }
  // answered: the question changed, or something happened (a new one may ask the same)
  if (event.history.length || question(event.legal) !== askedWith) settle();
  const view = { ...(last.view || {}), ...event.view };
  if (event.history.length) view.history = [...(view.history || []), ...event.history];
  last = {
    ...last,
    seq: event.seq,
    view,
    to_act: event.to_act,
    over: event.over,
    legal: event.legal || [],
    result: event.result !== undefined ? event.result : last.result,
    clocks: event.clocks !== undefined ? event.clocks : last.clocks,
  };
  draw(last);
}

// A person who closed the page: the others see when a bot will take their seat over.
const leaving = new Map();
let leavingTimer = null;

function graceOf(table) {
  const grace = table.settings && table.settings.grace;
  return typeof grace === "number" ? grace : 60;
}

function drawLeaving() {
  const now = Date.now();
  const lines = [...leaving].filter(([, until]) => until > now).map(([seat, until]) =>
    el("p", { text: t("web-bot-takeover-other", { name: seatName(last.table, seat), seconds: Math.ceil((until - now) / 1000) }) }));
  $("leave-notice").replaceChildren(...lines);
  $("leave-notice").hidden = lines.length === 0;
  if (!lines.length) { clearInterval(leavingTimer); leavingTimer = null; }
}

function noteLeaving(message) {
  const info = last.table.seats[message.seat];
  const playing = last.table.status === "playing" && !last.over;
  if (info && info.kind === "human" && playing && message.connected === false && !message.away && message.seat !== last.seat) {
    if (!leaving.has(message.seat)) leaving.set(message.seat, Date.now() + graceOf(last.table) * 1000);
  } else leaving.delete(message.seat);
  if (!leavingTimer) leavingTimer = setInterval(drawLeaving, 1000);
  drawLeaving();
}

function drawLeaveWarning(message) {
  const { table } = message;
  const seated = message.seat !== null && table.seats[message.seat] && table.seats[message.seat].kind === "human";
  $("leave-warning").hidden = !(seated && table.status === "playing" && !message.over);
  $("leave-warning").textContent = t("web-bot-takeover-warning", { seconds: graceOf(table) });
}

function onPresence(message) {
  if (!last) return;
  if (message.seat !== undefined && message.watchers === undefined) noteLeaving(message);
  const table = { ...last.table };
  if (message.watchers !== undefined) table.watchers = message.watchers;
  else table.seats = table.seats.map((info) => (info.seat === message.seat ? { ...info, connected: message.connected, away: message.away } : info));
  last = { ...last, table, clocks: message.clocks !== undefined ? message.clocks : last.clocks };
  drawSeats(last);
  drawStatus(last);
  if (message.clocks !== undefined) drawClocks(last);
}

function onTable(message) {
  if (!last) return;
  last = { ...last, table: message.table };
  drawSeats(last);
  drawStatus(last);
  drawLobby(last);
  drawResult(last);
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${tableId}`);
  socket.addEventListener("open", () => {
    retry = 500;
    send({ type: "join", token: localStorage.getItem(key), lang });
  });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "event") onEvent(message);
    else if (message.type === "state") onState(message);
    else if (message.type === "presence") onPresence(message);
    else if (message.type === "table") onTable(message);
    else if (message.type === "error") {
      // a refused seat link is kept: a process that has not yet heard that the seat was
      // taken refuses it, so the page watches for now and the next connection tries again
      if (message.code === "bad-token") { toast(t("web-error-bad-token")); send({ type: "join", lang }); }
      else toast(t("web-error", { message: message.message }));
      if (message.code === "table-crowded" || message.code === "too-many-connections") $("status").textContent = message.message;
      settle();
      if (last) draw(last);
    } else if (message.type === "chat") {
      $("chat").append(el("li", {}, el("strong", { text: `${message.name}: ` }), message.text));
    }
  });
  socket.addEventListener("close", (event) => {
    if (event.code === REFUSED || event.code === NO_TABLE) return;  // the error said why
    $("status").textContent = t("web-status-reconnecting");
    // a reader closed for falling behind comes back at once: its join brings the full state
    setTimeout(connect, event.code === SLOW_READER ? 0 : retry);
    retry = Math.min(retry * 2, 8000);
  });
}

async function main() {
  takeTokenFromUrl();
  t = await loadCatalog(lang);
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, textarea, select")) return;
    const number = Number(event.key);
    if (number >= 1 && number <= 9 && last && last.legal[number - 1]) act(last.legal[number - 1].text);
  });
  $("copy-invite").addEventListener("click", async () => { await navigator.clipboard.writeText($("invite").value).catch(() => {}); toast(t("web-copied")); });
  $("join-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = $("join-name").value.trim();
    if (!name) return;
    localStorage.setItem("relicbox:name", name);
    const response = await fetch(`/api/tables/${tableId}/join`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ name }) });
    const data = await response.json();
    if (!response.ok) { toast(t("web-error", { message: data.message })); return; }
    localStorage.setItem(key, data.token);
    socket.close();
  });
  if (!$("join-name").value) $("join-name").value = localStorage.getItem("relicbox:name") || "";
  $("start").addEventListener("click", async () => {
    const response = await fetch(`/api/tables/${tableId}/start`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ token: localStorage.getItem(key) }) });
    if (!response.ok) toast(t("web-error", { message: (await response.json()).message }));
  });
  $("rematch").addEventListener("click", async () => {
    const response = await fetch(`/api/tables/${tableId}/rematch`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ token: localStorage.getItem(key) }) });
    const data = await response.json();
    if (!response.ok) { toast(t("web-error", { message: data.message })); return; }
    localStorage.setItem(`relicbox:seat:${data.table}`, data.token);
    location.href = `/t/${data.table}`;
  });
  $("chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("chat-text").value.trim();
    if (text) send({ type: "chat", text });
    $("chat-text").value = "";
  });
  connect();
}

main();
