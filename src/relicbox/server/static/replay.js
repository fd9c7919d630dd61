// Step through a game's record: the public view (or a seat's view once the game is over,
// when the table allows it), drawn by the game's board module if it has one.
import { el } from "./boards/kit.js";
import { loadCatalog } from "./i18n.js";
import { transcript } from "./log.js";

const root = document.getElementById("replay");
const tableId = root.dataset.table;
const lang = document.body.dataset.lang;
const $ = (id) => document.getElementById(id);
let t = (id) => id;
let step = 0;
let steps = 1;
let board = null;

async function show(wanted) {
  const seat = $("seat").value;
  const query = new URLSearchParams({ step: String(wanted), lang });
  if (seat !== "") query.set("seat", seat);
  const response = await fetch(`/api/tables/${tableId}/replay?${query}`);
  const data = await response.json();
  if (!response.ok) { $("where").textContent = data.message; return; }
  step = data.step;
  steps = data.steps;
  $("where").textContent = t("web-replay-step", { step: step + 1, steps });
  $("text-board").innerHTML = data.board_html;
  // written here from the history, with the table page's names for the seats
  const written = data.view ? transcript(root.dataset.game, data.view.history || [], data.view, t, (s) => seatName(data.table, s)) : [];
  const lines = written.length ? written : data.log;
  $("log").replaceChildren(...lines.slice(-40).map((line) => el("li", { text: line })));
  $("log").scrollTop = $("log").scrollHeight;  // the newest line in sight, as on the table page
  // a game with a board shows its final scores there: one result table per game
  $("result-box").hidden = !data.result || Boolean(root.dataset.board);
  if (data.result) {
    const { headers, rows } = data.result;
    $("result").replaceChildren(el("div", { class: "scroll" }, el("table", {},
      el("thead", {}, el("tr", {}, ...headers.map((h) => el("th", { text: h })))),
      el("tbody", {}, ...rows.map((row, seat) => el("tr", {}, ...row.map((cell, i) =>
        el(i === 0 ? "th" : "td", { text: i === 0 ? seatName(data.table, seat) : cell }))))))));
  }
  if (root.dataset.board) {
    if (!board) {  // one mount, even if the reader steps while the module loads
      board = import(`/static/boards/${root.dataset.game}.js`).then((module) => {
        $("board").hidden = false;
        return module.mount($("board"), { lang, seat: null, players: data.table.players, act: () => {}, t,
          seatName: (s) => seatName(data.table, s) });
      });
    }
    const mounted = await board;
    if (data.step === step) mounted.update(data);
  }
}

// -- analysis of a finished game: a table of decisions and an SVG plot of their values ----

const SVG = "http://www.w3.org/2000/svg";
const fixed = (value) => value.toLocaleString(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  node.append(...children);
  return node;
}

// The names the table page uses: the person's name, a bot as "Bot 2 (rule)".
function seatName(info, seat) {
  const entry = info.seats[seat];
  if (entry.kind === "bot") return t("web-bot-name", { seat: seat + 1, bot: entry.bot });
  return entry.name || t("web-player", { seat: seat + 1 });
}

function setUpAnalysis(info) {
  $("analysis-box").hidden = false;
  for (const s of info.seats) $("analysis-seat").append(el("option", { value: String(s.seat), text: seatName(info, s.seat) }));
  $("analyse").addEventListener("click", () => analyse(info));
}

async function analyse(info) {
  const seat = Number($("analysis-seat").value);
  const query = new URLSearchParams({ seat: String(seat), lang });
  $("analyse").disabled = true;
  $("analysis-status").textContent = t("web-analysis-running");
  try {
    const response = await fetch(`/api/tables/${tableId}/analysis?${query}`, { method: "POST" });
    const data = await response.json();
    if (!response.ok) { $("analysis-status").textContent = data.message; return; }
    $("analysis-status").textContent = "";
    drawAnalysis(data, info, seat);
  } finally {
    $("analyse").disabled = false;
  }
}

function drawAnalysis(data, info, seat) {
  const own = data.decisions.filter((d) => d.seat === seat);
  const row = data.summary.find((r) => r.seat === seat) || { decisions: 0, mistakes: 0, blunders: 0 };
  const label = (d, action) => d.options.find((o) => o.action === action).label;
  const headers = ["decision", "taken", "best", "value", "best-value", "loss", "verdict"];
  const rows = own.map((d, i) => {
    const taken = d.options.find((o) => o.action === d.taken);
    return el("tr", { class: d.verdict, title: `#${d.event}` },
      el("td", { class: "num", text: String(i + 1) }),
      el("td", { text: label(d, d.taken) }),
      el("td", { text: d.best === d.taken ? "=" : label(d, d.best) }),
      el("td", { class: "num", text: `${fixed(taken.value)} [${fixed(taken.low)}, ${fixed(taken.high)}]` }),
      el("td", { class: "num", text: fixed(d.value_best) }),
      el("td", { class: "num", text: fixed(Math.max(0, d.loss)) }),
      el("td", { text: t(`web-analysis-verdict-${d.verdict}`) }));
  });
  $("analysis").replaceChildren(
    el("h3", { text: t("web-analysis-title", { seat: seatName(info, seat) }) }),
    el("p", { text: t("web-analysis-summary", row) }),
    plot(own),
    el("p", { class: "analysis-legend" },
      el("span", {}, el("span", { class: "swatch-taken" }), " ", t("web-analysis-plot-taken")),
      el("span", {}, el("span", { class: "swatch-best" }), " ", t("web-analysis-plot-best"))),
    el("div", { class: "scroll" }, el("table", { class: "analysis-table" },
      el("thead", {}, el("tr", {}, ...headers.map((h) => el("th", { text: t(`web-analysis-col-${h}`) })))),
      el("tbody", {}, ...rows))),
    el("p", { class: "muted", text: t("web-analysis-explained", {
      bot: data.bot, worlds: data.budget.worlds ?? "∞", mistake: fixed(data.thresholds.mistake), blunder: fixed(data.thresholds.blunder) }) }));
}

function plot(own) {
  const width = 720, height = 240, left = 40, right = 18, top = 12, bottom = 28;
  const n = Math.max(own.length, 1);
  const x = (i) => left + (n === 1 ? 0.5 : i / (n - 1)) * (width - left - right);
  const y = (v) => top + (1 - Math.min(1, Math.max(0, v))) * (height - top - bottom);
  const figure = svg("svg", { class: "analysis-plot", viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": t("web-analysis-plot") });
  figure.append(svg("title", {}, t("web-analysis-plot")));
  for (const v of [0, 0.25, 0.5, 0.75, 1]) {
    figure.append(svg("line", { class: "grid", x1: left, x2: width - right, y1: y(v), y2: y(v) }));
    figure.append(svg("text", { x: left - 6, y: y(v) + 4, "text-anchor": "end" }, fixed(v)));
  }
  figure.append(svg("line", { class: "axis", x1: left, x2: left, y1: top, y2: height - bottom }));
  figure.append(svg("line", { class: "axis", x1: left, x2: width - right, y1: height - bottom, y2: height - bottom }));
  const taken = own.map((d) => d.options.find((o) => o.action === d.taken));
  if (own.length) {
    const upper = taken.map((o, i) => `${x(i)},${y(o.high)}`);
    const lower = taken.map((o, i) => `${x(i)},${y(o.low)}`).reverse();
    figure.append(svg("polygon", { class: "band", points: [...upper, ...lower].join(" ") }));
    figure.append(svg("polyline", { class: "taken", points: taken.map((o, i) => `${x(i)},${y(o.value)}`).join(" ") }));
  }
  own.forEach((d, i) => {
    figure.append(svg("circle", { class: "best", cx: x(i), cy: y(d.value_best), r: 3 }));
    if (d.verdict !== "good") {
      const mark = svg("circle", { class: d.verdict, cx: x(i), cy: y(d.value_taken), r: d.verdict === "blunder" ? 7 : 5 });
      mark.append(svg("title", {}, `${d.event}: ${t(`web-analysis-verdict-${d.verdict}`)}`));
      figure.append(mark);
    }
    if (n <= 12 || i % Math.ceil(n / 12) === 0) figure.append(svg("text", { x: x(i), y: height - bottom + 16, "text-anchor": "middle" }, String(i + 1)));
  });
  return figure;
}

async function main() {
  t = await loadCatalog(lang);
  const info = await (await fetch(`/api/tables/${tableId}`)).json();
  $("seat").append(el("option", { value: "", text: t("web-replay-public") }));
  if (root.dataset.reveal) {
    $("seat-pick").hidden = false;
    for (const s of info.seats) $("seat").append(el("option", { value: String(s.seat), text: seatName(info, s.seat) }));
  }
  if (root.dataset.reveal) setUpAnalysis(info);
  $("seat").addEventListener("change", () => show(step));
  $("first").addEventListener("click", () => show(0));
  $("prev").addEventListener("click", () => show(Math.max(0, step - 1)));
  $("next").addEventListener("click", () => show(Math.min(steps - 1, step + 1)));
  $("last").addEventListener("click", () => show(steps - 1));
  document.addEventListener("keydown", (event) => {
    if (event.key === "ArrowLeft") show(Math.max(0, step - 1));
    if (event.key === "ArrowRight") show(Math.min(steps - 1, step + 1));
  });
  await show(0);
}

main();
