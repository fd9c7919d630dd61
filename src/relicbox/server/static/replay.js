// Step through a game's record: the public view (or a seat's view once the game is over,
// when the table allows it), drawn by the game's board module if it has one.
import { loadCatalog } from "./i18n.js";

const root = document.getElementById("replay");
const tableId = root.dataset.table;
const lang = document.body.dataset.lang;
const $ = (id) => document.getElementById(id);
let t = (id) => id;
let step = 0;
let steps = 1;
let board = null;

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (name === "text") node.textContent = value;
    else node.setAttribute(name, value);
  }
  node.append(...children);
  return node;
}

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
  $("log").replaceChildren(...data.log.slice(-40).map((line) => el("li", { text: line })));
  $("result-box").hidden = !data.result;
  if (data.result) {
    const { headers, rows } = data.result;
    $("result").replaceChildren(el("div", { class: "scroll" }, el("table", {},
      el("thead", {}, el("tr", {}, ...headers.map((h) => el("th", { text: h })))),
      el("tbody", {}, ...rows.map((row) => el("tr", {}, ...row.map((cell) => el("td", { text: cell }))))))));
  }
  if (root.dataset.board) {
    if (!board) {  // one mount, even if the reader steps while the module loads
      board = import(`/static/boards/${root.dataset.game}.js`).then((module) => {
        $("board").hidden = false;
        return module.mount($("board"), { lang, seat: null, players: data.table.players, act: () => {}, t,
          seatName: (s) => data.table.seats[s].name || t("web-player", { seat: s + 1 }) });
      });
    }
    const mounted = await board;
    if (data.step === step) mounted.update(data);
  }
}

async function main() {
  t = await loadCatalog(lang);
  const info = await (await fetch(`/api/tables/${tableId}`)).json();
  $("seat").append(el("option", { value: "", text: t("web-replay-public") }));
  if (root.dataset.reveal) {
    $("seat-pick").hidden = false;
    for (const s of info.seats) $("seat").append(el("option", { value: String(s.seat), text: s.name || t("web-player", { seat: s.seat + 1 }) }));
  }
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
