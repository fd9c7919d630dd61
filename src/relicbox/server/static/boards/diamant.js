// Diamant board: the cave path with rubies lying on the cards, the explorers inside and at
// camp, the five cave entrances, hazards seen, the own chest, rescued relics; continue/leave as
// big buttons (keys C and L), everyone's choices revealed together, a round summary, and on
// request the chance that the next card ends the round, computed from the view alone.

import {
  actionButton, el, legalByText, nameOf, replace, seatBadge, svg, typing,
} from "./kit.js";

const TRAPS = ["spiders", "snakes", "lava", "boulders", "rams"];
const TRAP_COPIES = 3;
const KEYS = { c: "continue", l: "leave", p: "continue", o: "leave" };

/** Walk the public history into rounds: who was inside at each decision, who left with what. */
export function readHistory(history, players) {
  const rounds = [];
  let current = null;
  for (const event of history) {
    if (event.type === "round") {
      current = {
        round: event.round,
        inside: Array(players).fill(true),
        pocket: Array(players).fill(0),
        taken: Array(players).fill(null),
        relics: Array(players).fill(0),
        cards: 0,
        decisions: [],
        end: null,
      };
      rounds.push(current);
    } else if (!current) {
      continue;
    } else if (event.type === "reveal") {
      current.cards += 1;
      for (let s = 0; s < players; s++) if (current.inside[s]) current.pocket[s] += event.share;
    } else if (event.type === "choices" || event.type === "leave") {
      const leavers = event.type === "leave" ? event.seats : [];
      const before = [];
      for (let s = 0; s < players; s++) if (current.inside[s]) before.push(s);
      for (const s of leavers) {
        current.inside[s] = false;
        current.taken[s] = current.pocket[s] + (event.path_share || 0);
        current.relics[s] = leavers.length === 1 ? (event.relics || []).length : 0;
      }
      current.decisions.push({ inside: before, leavers, card: current.cards });
    } else if (event.type === "round-end") {
      current.end = event;
    }
  }
  return rounds;
}

/** Cards still in the deck that would end the round now, per trap type on the path. */
export function danger(view) {
  const onPath = new Set(view.path.map((entry) => entry.card).filter((c) => TRAPS.includes(c)));
  const rows = [];
  let total = 0;
  for (const trap of TRAPS) {
    if (!onPath.has(trap)) continue;
    const used = view.path.filter((e) => e.card === trap).length
      + view.removed.filter((c) => c === trap).length;
    const left = Math.max(0, TRAP_COPIES - used);
    rows.push({ trap, left });
    total += left;
  }
  const deck = view.deck_size;
  return { rows, total, deck, chance: deck > 0 ? total / deck : 0 };
}

function cardArt(code, gems) {
  const parts = [];
  let kind = "treasure";
  if (TRAPS.includes(code)) kind = "trap";
  else if (code.startsWith("R")) kind = "relic";
  parts.push(svg("rect", { class: `dm-card-bg dm-${kind}`, x: 1, y: 1, width: 58, height: 82, rx: 6 }));
  if (kind === "treasure") {
    const rubies = Number(code.slice(1));
    parts.push(svg("text", { class: "dm-card-value", x: 30, y: 30, "text-anchor": "middle", text: String(rubies) }));
    parts.push(ruby(30, 46, 7, "dm-ruby-printed"));
  } else if (kind === "relic") {
    parts.push(svg("path", {
      class: "dm-relic-art",
      d: "M22 62 h16 l-3 -8 c6 -4 8 -12 4 -20 l-3 -6 h-12 l-3 6 c-4 8 -2 16 4 20 z M25 24 h10 v-4 h-10 z",
    }));
    if (code.length > 1) {
      parts.push(svg("text", { class: "dm-card-value dm-relic-value", x: 30, y: 76, "text-anchor": "middle", text: code.slice(1) }));
    }
  } else {
    parts.push(trapArt(code));
  }
  const shown = Math.min(gems, 12);
  for (let i = 0; i < shown; i++) {
    const col = i % 6;
    const row = Math.floor(i / 6);
    parts.push(ruby(9 + col * 8.4, 64 + row * 9, 3.6, "dm-ruby"));
  }
  if (gems > 12) {
    parts.push(svg("text", { class: "dm-more", x: 56, y: 81, "text-anchor": "end", text: `+${gems - 12}` }));
  }
  return parts;
}

function ruby(cx, cy, r, cls) {
  return svg("polygon", {
    class: cls,
    points: `${cx - r},${cy - r * 0.3} ${cx - r * 0.5},${cy - r} ${cx + r * 0.5},${cy - r} ${cx + r},${cy - r * 0.3} ${cx},${cy + r}`,
  });
}

function trapArt(code) {
  const g = svg("g", { class: `dm-trap-art dm-trap-${code}` });
  if (code === "spiders") {
    g.append(svg("circle", { cx: 30, cy: 36, r: 8 }));
    for (const dx of [-1, 1]) {
      for (const dy of [-8, -3, 3, 8]) {
        g.append(svg("line", { x1: 30, y1: 36, x2: 30 + dx * 17, y2: 36 + dy * 1.6 - 2, "stroke-width": 2 }));
      }
    }
  } else if (code === "snakes") {
    g.append(svg("path", { d: "M12 50 q9 -14 18 0 t18 0 M12 34 q9 -14 18 0 t18 0", fill: "none", "stroke-width": 4 }));
  } else if (code === "lava") {
    g.append(svg("path", { d: "M30 14 C40 28 46 36 42 48 C39 56 21 56 18 48 C14 36 22 30 26 22 C27 30 30 32 33 30 C34 24 32 20 30 14 Z" }));
  } else if (code === "boulders") {
    g.append(svg("circle", { cx: 22, cy: 42, r: 10 }));
    g.append(svg("circle", { cx: 38, cy: 34, r: 8 }));
    g.append(svg("circle", { cx: 36, cy: 50, r: 6 }));
  } else {
    g.append(svg("rect", { x: 10, y: 30, width: 40, height: 12, rx: 3 }));
    g.append(svg("polygon", { points: "50,28 56,36 50,44" }));
  }
  return g;
}

export function mount(root, ctx) {
  const t = ctx.t;
  root.classList.add("rb-board", "rb-diamant");
  let last = null;
  // The seat whose view is drawn: the connection's, or in a replay the one picked to watch.
  const me = () => (ctx.seat ?? (last && last.view ? last.view.seat : null) ?? null);
  let chanceOpen = false;
  let seenHistory = null;
  let revealKey = null;

  const status = el("header", { class: "dm-status" });
  const reveal = el("section", { class: "dm-reveal", "aria-live": "polite" });
  const summary = el("section", { class: "dm-summary", "aria-live": "polite" });
  const pathBox = el("section", { class: "dm-path" });
  const choice = el("section", { class: "dm-choice" });
  const explorers = el("section", { class: "dm-explorers" });
  const final = el("section", { class: "dm-final" });
  root.replaceChildren(status, final, reveal, choice, pathBox, summary, explorers);

  function onKey(event) {
    if (!last || typing(event) || event.ctrlKey || event.metaKey || event.altKey) return;
    const wanted = KEYS[event.key.toLowerCase()];
    if (!wanted) return;
    const entry = legalByText(last).get(wanted);
    if (!entry) return;
    event.preventDefault();
    ctx.act(entry.text);
  }
  document.addEventListener("keydown", onKey);

  function drawStatus(view) {
    const closed = view.phase === "over" ? view.rounds : view.round - 1;
    const entrances = svg("svg", {
      class: "dm-entrances",
      viewBox: `0 0 ${view.rounds * 22} 22`,
      width: view.rounds * 22,
      height: 22,
      role: "img",
      "aria-label": t("diamant-barricades", { closed, rounds: view.rounds }),
    });
    for (let i = 0; i < view.rounds; i++) {
      const shut = i < closed;
      const now = i + 1 === view.round && view.phase !== "over";
      entrances.append(svg("rect", {
        x: i * 22 + 2, y: 2, width: 18, height: 18, rx: 3,
        class: shut ? "dm-shut" : now ? "dm-now" : "dm-open",
      }));
      entrances.append(svg("text", {
        x: i * 22 + 11, y: 15.5, "text-anchor": "middle", class: "dm-entrance-no", text: String(i + 1),
      }));
      if (shut) entrances.append(svg("path", { d: `M${i * 22 + 5} 5 L${i * 22 + 17} 17`, class: "dm-bar" }));
    }
    const parts = [
      el("h2", { class: "dm-round", text: t("diamant-round", { round: view.round, rounds: view.rounds }) }),
      entrances,
    ];
    if (view.phase !== "over") parts.push(el("span", { class: "dm-deck", text: t("diamant-deck", { count: view.deck_size }) }));
    if (view.phase !== "over" && view.next_relic_value !== null && view.next_relic_value !== undefined) {
      parts.push(el("span", { class: "dm-next-relic", text: t("diamant-next-relic", { value: view.next_relic_value }) }));
    }
    replace(status, parts);
  }

  function cardFigure(entry, index, fresh) {
    const { card, gems } = entry;
    let label;
    if (TRAPS.includes(card)) label = t("diamant-trap", { trap: card });
    else if (card === "R") label = t("diamant-card-relic");
    else if (card.startsWith("R")) label = t("diamant-card-relic-value", { value: Number(card.slice(1)) });
    else label = t("diamant-card-treasure", { rubies: Number(card.slice(1)), gems });
    const art = svg("svg", {
      class: "dm-card-art", viewBox: "0 0 60 84", role: "img", "aria-label": label,
    }, cardArt(card, gems));
    const caption = TRAPS.includes(card) ? t("diamant-trap", { trap: card })
      : gems ? t("diamant-gems-left", { gems }) : "";
    return el("li", { class: "dm-card" + (fresh ? " dm-new" : ""), "data-card": card, "data-index": index },
      art, el("span", { class: "dm-caption", text: caption }));
  }

  function drawPath(view, freshFrom) {
    const items = view.path.map((entry, i) => cardFigure(entry, i, i >= freshFrom));
    const list = items.length
      ? el("ol", { class: "dm-cards", "aria-label": t("diamant-path") }, items)
      : el("p", { class: "dm-empty", text: t("diamant-path-empty") });
    const traps = view.traps_on_path.length
      ? el("p", { class: "dm-traps" }, el("span", { text: t("diamant-traps-seen") }), " ",
        view.traps_on_path.map((trap) => el("span", { class: "dm-chip dm-chip-trap", text: t("diamant-trap", { trap }) })))
      : el("p", { class: "dm-traps", text: t("diamant-no-traps") });
    const removed = view.removed.length
      ? el("p", { class: "dm-removed" }, el("span", { text: t("diamant-removed") }), " ",
        view.removed.map((card) => el("span", {
          class: "dm-chip",
          text: TRAPS.includes(card) ? t("diamant-trap", { trap: card }) : t("diamant-card-relic"),
        })))
      : null;
    replace(pathBox,
      el("h3", { text: t("diamant-path") }),
      list,
      el("p", { class: "dm-path-gems", text: t("diamant-path-gems", { gems: view.path_gems }) }),
      traps, removed);
  }

  function drawChoice(snapshot) {
    const view = snapshot.view;
    const legal = legalByText(snapshot);
    const parts = [];
    if (legal.has("continue") || legal.has("leave")) {
      const buttons = el("div", { class: "dm-buttons" });
      for (const [text, key, hint] of [["continue", "C", "diamant-continue-hint"], ["leave", "L", "diamant-leave-hint"]]) {
        const entry = legal.get(text);
        if (!entry) continue;
        buttons.append(actionButton(ctx, entry, [
          el("span", { class: "dm-big", text: t(`diamant-${text}`) }),
          el("span", { class: "dm-hint", text: t(hint) }),
          el("kbd", { text: key }),
        ], { class: `dm-${text}`, "aria-label": t(hint), title: entry.label, "aria-keyshortcuts": key }));
      }
      parts.push(buttons);
    } else if (view.phase !== "over") {
      let line;
      if (me() === null || me() === undefined) line = t("diamant-spectating");
      else if (view.my_choice) line = t("diamant-you-chose", { choice: view.my_choice });
      else if (!view.inside[me()]) line = t("diamant-at-camp");
      else line = null;
      if (line) parts.push(el("p", { class: "dm-wait", text: line }));
    }
    const waiting = (snapshot.waiting && snapshot.waiting.length ? snapshot.waiting : snapshot.to_act || [])
      .filter((s) => s !== me());
    if (waiting.length && view.phase === "choice") {
      parts.push(el("p", { class: "dm-waiting", text: t("diamant-waiting-for", { names: waiting.map((s) => nameOf(ctx, s)).join(", ") }) }));
    }
    if (view.phase === "choice") {
      const toggle = el("button", {
        type: "button", class: "dm-chance-toggle", "aria-expanded": chanceOpen ? "true" : "false",
        text: t("diamant-chance-show"),
      });
      toggle.addEventListener("click", () => {
        chanceOpen = !chanceOpen;
        if (last) drawChoice(last);
      });
      parts.push(toggle);
      if (chanceOpen) {
        const d = danger(view);
        const box = el("div", { class: "dm-chance", role: "status" });
        if (!d.total) box.append(el("p", { text: t("diamant-chance-none") }));
        else {
          box.append(el("p", { class: "dm-chance-figure", text: t("diamant-chance", {
            percent: Math.round(d.chance * 1000) / 10, danger: d.total, deck: d.deck,
          }) }));
          box.append(el("ul", {}, d.rows.map((row) => el("li", { text: t("diamant-chance-trap", { trap: row.trap, left: row.left }) }))));
        }
        parts.push(box);
      }
    }
    replace(choice, parts);
  }

  function drawExplorers(view) {
    const rows = [];
    for (let s = 0; s < view.players; s++) {
      const inside = view.inside[s];
      const own = me() === s;
      const name = nameOf(ctx, s);
      const cells = [
        seatBadge(s, name),
        el("span", { class: "dm-name" }, name, own ? el("span", { class: "dm-you", text: ` (${t("board-you")})` }) : null),
        el("span", { class: "dm-where " + (inside ? "dm-inside" : "dm-at-camp"), text: t(inside ? "diamant-inside" : "diamant-camp") }),
      ];
      if (inside && view.phase === "choice") {
        cells.push(el("span", { class: "dm-chose", text: t(view.committed[s] ? "diamant-chosen" : "diamant-deciding") }));
      }
      cells.push(el("span", { class: "dm-pocket", text: t("diamant-pocket", { gems: view.pockets[s] }) }));
      if (view.scores) cells.push(el("span", { class: "dm-score", text: t("diamant-score", { points: view.scores[s] }) }));
      else if (own && view.chest !== null && view.chest !== undefined) {
        cells.push(el("span", { class: "dm-chest", text: t("diamant-chest", { gems: view.chest }) }));
      } else {
        cells.push(el("span", { class: "dm-chest dm-hidden", text: t("diamant-chest-hidden") }));
      }
      cells.push(el("span", { class: "dm-relics", text: t("diamant-relics", { count: view.relics[s].length }) }));
      rows.push(el("li", { class: "dm-explorer" + (own ? " dm-own" : ""), "data-seat": s }, cells));
    }
    replace(explorers, el("h3", { text: t("diamant-explorers") }), el("ul", { class: "dm-list" }, rows));
  }

  function drawReveal(view, rounds, animate) {
    let decision = null;
    let round = null;
    for (const r of rounds) {
      if (r.decisions.length) {
        decision = r.decisions[r.decisions.length - 1];
        round = r;
      }
    }
    const now = rounds[rounds.length - 1];
    // A new round starts afresh: its first choices have not been revealed yet.
    if (!decision || (now && round !== now && view.phase !== "over")) {
      replace(reveal);
      return;
    }
    const key = `${round.round}:${round.decisions.length}`;
    const items = decision.inside.map((s, i) => {
      const leaves = decision.leavers.includes(s);
      return el("li", {
        class: "dm-revealed " + (leaves ? "dm-leaves" : "dm-goes-on") + (animate && key !== revealKey ? " dm-flip" : ""),
        style: `animation-delay: ${i * 90}ms`,
      }, seatBadge(s, nameOf(ctx, s), null, 18), el("span", { text: nameOf(ctx, s) }), " ",
      el("strong", { text: t(leaves ? "diamant-reveal-leaves" : "diamant-reveal-continues") }));
    });
    revealKey = key;
    replace(reveal, el("h3", { text: t("diamant-reveal-title", { card: decision.card, round: round.round }) }),
      el("ul", { class: "dm-reveal-list" }, items));
  }

  function drawSummary(view, rounds) {
    const ended = rounds.filter((r) => r.end);
    const current = rounds[rounds.length - 1];
    const show = ended.length && (view.phase === "over" || (current && !current.end && current.decisions.length === 0));
    if (!show) {
      replace(summary);
      summary.hidden = true;
      return;
    }
    summary.hidden = false;
    const r = ended[ended.length - 1];
    const lines = [];
    for (let s = 0; s < view.players; s++) {
      const name = nameOf(ctx, s);
      let text;
      if (r.taken[s] !== null) text = t("diamant-summary-left", { gems: r.taken[s], relics: r.relics[s] });
      else text = t("diamant-summary-caught", { gems: r.pocket[s] });
      lines.push(el("li", {}, seatBadge(s, name, null, 18), el("span", { text: `${name}: ` }), el("span", { text })));
    }
    const reason = r.end.reason === "trap"
      ? t("diamant-summary-trap", { trap: r.end.trap })
      : t("diamant-summary-all-left");
    replace(summary,
      el("h3", { text: t("diamant-summary-title", { round: r.round }) }),
      el("p", { text: reason }),
      el("ul", { class: "dm-summary-list" }, lines),
      r.end.lost_relics.length ? el("p", { text: t("diamant-summary-relics-lost", { count: r.end.lost_relics.length }) }) : null);
  }

  function drawFinal(view) {
    if (!view.scores) {
      replace(final);
      final.hidden = true;
      return;
    }
    final.hidden = false;
    const order = [...Array(view.players).keys()].sort((a, b) => view.scores[b] - view.scores[a]);
    const rows = order.map((s) => el("tr", { class: view.winners.includes(s) ? "dm-winner" : "" },
      el("th", { scope: "row" }, seatBadge(s, nameOf(ctx, s), null, 18), " ", nameOf(ctx, s)),
      el("td", { text: String(view.scores[s]) }),
      el("td", { text: String(view.relics[s].length) }),
      el("td", { text: view.winners.includes(s) ? t("diamant-winner") : "" })));
    replace(final,
      el("h3", { text: t("diamant-final-title") }),
      el("table", { class: "dm-table" },
        el("thead", {}, el("tr", {},
          el("th", { scope: "col", text: t("diamant-col-player") }),
          el("th", { scope: "col", text: t("diamant-col-points") }),
          el("th", { scope: "col", text: t("diamant-col-relics") }),
          el("th", { scope: "col", text: t("diamant-col-winner") }))),
        el("tbody", {}, rows)));
  }

  return {
    update(snapshot) {
      const view = snapshot.view;
      const previous = last ? last.view : null;
      last = snapshot;
      let freshFrom = view.path.length;
      if (previous && previous.round === view.round && view.path.length > previous.path.length) {
        freshFrom = previous.path.length;
      } else if (previous && previous.round !== view.round) {
        freshFrom = 0;
      }
      const rounds = readHistory(view.history, view.players);
      const grew = seenHistory !== null && view.history.length > seenHistory;
      seenHistory = view.history.length;
      drawStatus(view);
      drawFinal(view);
      drawReveal(view, rounds, grew);
      drawChoice(snapshot);
      if (view.phase === "over") {
        replace(pathBox);
        pathBox.hidden = true;
      } else {
        pathBox.hidden = false;
        drawPath(view, freshFrom);
      }
      drawSummary(view, rounds);
      drawExplorers(view);
    },
    destroy() {
      document.removeEventListener("keydown", onKey);
      root.replaceChildren();
    },
  };
}
