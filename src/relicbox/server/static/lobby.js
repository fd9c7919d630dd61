// The lobby: make a table from any registered game's options, join or watch others.
import { el } from "./boards/kit.js";
import { loadCatalog } from "./i18n.js";

const lang = document.body.dataset.lang;
const $ = (id) => document.getElementById(id);
let t = (id) => id;
let games = [];

// A catalog message, or the server's English text when the catalog has none for it.
function words(id, fallback) {
  const text = t(id);
  return text === id ? fallback : text;
}

// The seconds of a time limit mean nothing without one.
function drawClock() {
  $("clock-seconds").closest("label").hidden = $("clock-mode").value === "none";
}

function currentGame() {
  return games.find((g) => g.name === $("game").value);
}

function drawOptions() {
  const game = currentGame();
  $("game-summary").textContent = words(`web-summary-${game.name}`, game.summary);
  const players = $("players");
  players.min = game.players[0];
  players.max = game.players[1];
  if (!(+players.value >= game.players[0] && +players.value <= game.players[1])) {
    players.value = game.default_players;
  }
  const box = $("options");
  box.replaceChildren(el("legend", { text: t("web-options") }));
  for (const option of game.options) {
    let input;
    if (option.choices) {
      input = el("select", { name: option.name });
      for (const choice of option.choices) {
        const item = el("option", { value: String(choice),
          text: words(`web-choice-${game.name}-${option.name}-${String(choice)}`, String(choice)) });
        if (choice === option.default) item.selected = true;
        input.append(item);
      }
    } else {
      input = el("input", { name: option.name, type: option.integer ? "number" : "text", min: "0" });
      if (option.default !== null) input.value = option.default;
    }
    input.dataset.option = option.name;
    input.dataset.integer = option.integer ? "1" : "";
    const label = words(`web-option-${game.name}-${option.name}`, option.name);
    const help = words(`web-option-${game.name}-${option.name}-help`, option.help);
    input.setAttribute("aria-description", help);
    box.append(el("label", { class: "row option", "data-name": option.name }, el("span", { class: "option-label", text: label }), input),
      el("p", { class: "muted option-help", text: help }));
  }
  drawSeats();
}

function drawSeats() {
  const game = currentGame();
  const count = Math.max(game.players[0], Math.min(game.players[1], +$("players").value || game.default_players));
  const box = $("seats");
  const previous = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren(el("legend", { text: t("web-seats") }));
  for (let seat = 0; seat < count; seat += 1) {
    const select = el("select", { "aria-label": t("web-seat-n", { seat: seat + 1 }) });
    select.append(el("option", { value: "me", text: t("web-seat-me") }));
    select.append(el("option", { value: "open", text: t("web-seat-open") }));
    // the server offers only the bots that fit its budget, named in words
    for (const bot of game.bots) {
      const words = (game.bot_labels && game.bot_labels[bot]) || t("web-seat-bot", { bot });
      select.append(el("option", { value: `bot:${bot}`, text: words }));
    }
    const fallback = seat === 0 ? "me" : (game.bots.includes("rule") ? "bot:rule" : "bot:random");
    select.value = previous[seat] && [...select.options].some((o) => o.value === previous[seat]) ? previous[seat] : fallback;
    box.append(el("label", { class: "row" }, el("span", { text: t("web-seat-n", { seat: seat + 1 }) }), select));
  }
}

function myName() {
  const name = $("name").value.trim();
  if (name) localStorage.setItem("relicbox:name", name);
  return name;
}

async function post(url, body) {
  const response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const data = await response.json();
  if (!response.ok) throw new Error(data.message || (data.detail && JSON.stringify(data.detail)) || response.statusText);
  return data;
}

async function create(event) {
  event.preventDefault();
  const seats = [...$("seats").querySelectorAll("select")].map((s) =>
    s.value.startsWith("bot:") ? { kind: "bot", bot: s.value.slice(4) } : { kind: s.value });
  const name = myName();
  if (!name && seats.some((s) => s.kind === "me")) {
    $("create-error").textContent = t("web-need-name");
    $("name").focus();
    return;
  }
  const options = {};
  for (const input of $("options").querySelectorAll("[data-option]")) {
    if (input.value === "") continue;
    options[input.dataset.option] = input.dataset.integer ? Number(input.value) : input.value;
  }
  const mode = $("clock-mode").value;
  try {
    const data = await post("/api/tables", {
      game: $("game").value, players: seats.length, options, seats, name: name || null,
      clock: { mode, seconds: +$("clock-seconds").value || 60 }, grace: +$("grace").value || 0,
    });
    if (data.token) localStorage.setItem(`relicbox:seat:${data.table}`, data.token);
    location.href = `/t/${data.table}`;
  } catch (error) {
    $("create-error").textContent = error.message;
  }
}

function seatSummary(table) {
  return table.seats.map((s) => s.kind === "open" ? t("web-open") : s.kind === "bot" ? t("web-bot-name", { bot: s.bot, seat: s.seat + 1 }) : s.name).join(", ");
}

async function join(table) {
  const name = myName();
  if (!name) { $("name").focus(); alert(t("web-need-name")); return; }
  try {
    const data = await post(`/api/tables/${table.id}/join`, { name });
    localStorage.setItem(`relicbox:seat:${table.id}`, data.token);
    location.href = `/t/${table.id}`;
  } catch (error) {
    alert(error.message);
    refresh();
  }
}

async function refresh() {
  for (const [status, list] of [["open", "open-tables"], ["playing", "playing-tables"], ["finished", "finished-tables"]]) {
    const tables = await (await fetch(`/api/tables?status=${status}`)).json();
    const items = tables.map((table) => {
      const line = el("span", { text: t("web-table-line", { title: table.title, players: table.players, seats: seatSummary(table) }) });
      const item = el("li", {}, line, " ");
      if (status === "open") {
        const open = table.seats.filter((s) => s.kind === "open").length;
        item.append(el("span", { class: "muted", text: `(${t("web-open-seats", { count: open })}) ` }));
        const button = el("button", { type: "button", text: t("web-join") });
        button.addEventListener("click", () => join(table));
        item.append(button, " ");
      }
      if (status === "finished") item.append(el("a", { href: `/t/${table.id}/replay`, text: t("web-replay") }));
      else item.append(el("a", { href: `/t/${table.id}`, text: t("web-watch") }));
      return item;
    });
    $(list).replaceChildren(...(items.length ? items : [el("li", { class: "muted", text: t("web-no-tables") })]));
  }
}

async function main() {
  t = await loadCatalog(lang);
  if (!$("name").value) $("name").value = localStorage.getItem("relicbox:name") || "";
  games = await (await fetch(`/api/games?lang=${lang}`)).json();
  for (const game of games) $("game").append(el("option", { value: game.name, text: game.title }));
  $("game").addEventListener("change", drawOptions);
  $("players").addEventListener("change", drawSeats);
  $("clock-mode").addEventListener("change", drawClock);
  drawClock();
  $("create").addEventListener("submit", create);
  drawOptions();
  document.body.dataset.ready = "yes";
  await refresh();
  setInterval(refresh, 5000);
}

main();
