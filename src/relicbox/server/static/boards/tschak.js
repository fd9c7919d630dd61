// Tschak! board: the tower with its three floors of monster and treasure cards and the loot
// above it, the parties being revealed, the own hand grouped by background (cards that cannot
// join the party are disabled with the reason), the last floor's parties with their strengths
// and how a tie was broken, the loot, the passing of hands, and the final breakdown.

import { actionButton, el, legalByText, nameOf, replace, seatBadge, svg } from "./kit.js";

const CLASSES = ["wizard", "warrior", "dwarf", "artifact"];
const CLASS_OF = { W: "wizard", R: "warrior", D: "dwarf", A: "artifact" };
const CLASS_COLOUR = { wizard: "#0072B2", warrior: "#009E73", dwarf: "#D55E00", artifact: "#8E4B9E" };

/** What an adventurer code says: class, printed value (null for W? and A), icon. */
export function adventurer(code) {
  const cls = CLASS_OF[code[0]];
  const match = /^[WRD](\d)/.exec(code);
  return {
    code,
    cls,
    value: match ? Number(match[1]) : null,
    icon: /[*+a]$/.test(code),
    chameleon: code === "W?",
  };
}

/** The engine's tie-break rank of one card (spec 4.3): higher is stronger, 0 when absent. */
function rank(code, chameleonRank) {
  const card = adventurer(code);
  if (card.cls === "artifact") return 0;
  if (card.chameleon) return chameleonRank;
  return (card.cls === "wizard" ? 2 : 1) + 2 * card.value + (card.icon ? 1 : 0);
}

/** Why the holder of a floor's treasure (or monster) beat the party tied with it. */
export function tieBreak(event, seat, chameleonOption, strongest) {
  const strengths = event.strengths;
  const tied = strengths
    .map((s, i) => i)
    .filter((i) => i !== seat && strengths[i] === strengths[seat]);
  if (!tied.length) return null;
  const chameleonRank = chameleonOption === "no-wizard" ? 0 : 1;
  const ranks = (party) => ["wizard", "warrior", "dwarf"].map((cls) => {
    const card = party.find((code) => adventurer(code).cls === cls);
    return card ? { card, rank: rank(card, chameleonRank) } : { card: null, rank: 0 };
  });
  const mine = ranks(event.parties[seat]);
  // The closest rival: the tied party that comes nearest under the hierarchy.
  let best = null;
  for (const other of tied) {
    const theirs = ranks(event.parties[other]);
    let step = 3;
    for (let i = 0; i < 3; i++) {
      if (mine[i].rank !== theirs[i].rank) { step = i; break; }
    }
    if (!best || step > best.step) best = { other, theirs, step };
  }
  const cls = ["wizard", "warrior", "dwarf", "seat"][best.step];
  return {
    rival: best.other,
    cls,
    mine: best.step < 3 ? mine[best.step].card : null,
    theirs: best.step < 3 ? best.theirs[best.step].card : null,
    strength: strengths[seat],
    strongest,
  };
}

function cardArt(code, width = 44) {
  const card = adventurer(code);
  const colour = CLASS_COLOUR[card.cls];
  const height = Math.round(width * 1.4);
  const parts = [
    svg("rect", { x: 1, y: 1, width: 42, height: 60, rx: 5, fill: colour, stroke: "#111", "stroke-width": 1.5 }),
    svg("rect", { x: 5, y: 5, width: 34, height: 52, rx: 3, fill: "none", stroke: "#fff", "stroke-opacity": 0.5 }),
  ];
  const big = card.cls === "artifact" ? "×2" : card.chameleon ? "?" : String(card.value);
  parts.push(svg("text", { x: 22, y: 31, "text-anchor": "middle", class: "tk-value", text: big }));
  parts.push(svg("text", { x: 22, y: 50, "text-anchor": "middle", class: "tk-letter", text: code[0] }));
  if (card.icon) {
    parts.push(svg("circle", { cx: 36, cy: 10, r: 5.5, fill: "#fff", stroke: "#111" }));
    parts.push(svg("text", { x: 36, y: 13.2, "text-anchor": "middle", class: "tk-icon", text: card.cls === "wizard" ? "✦" : "⚒" }));
  }
  return svg("svg", {
    class: "tk-card", viewBox: "0 0 44 62", width, height, "aria-hidden": "true",
  }, parts);
}

function backArt(width = 30) {
  return svg("svg", { class: "tk-card tk-back", viewBox: "0 0 44 62", width, height: Math.round(width * 1.4), "aria-hidden": "true" },
    svg("rect", { x: 1, y: 1, width: 42, height: 60, rx: 5, fill: "#4a4036", stroke: "#111", "stroke-width": 1.5 }),
    svg("path", { d: "M8 8 L36 54 M36 8 L8 54", stroke: "#8d7c66", "stroke-width": 3 }));
}

function towerCardKind(code) {
  if (!code) return "unknown";
  if (code === "Trog" || /^M\d/.test(code)) return "monster";
  return "treasure";
}

export function mount(root, ctx) {
  const t = ctx.t;
  root.classList.add("rb-board", "rb-tschak");
  let last = null;
  // The seat whose view is drawn: the connection's, or in a replay the one picked to watch.
  const me = () => (ctx.seat ?? (last && last.view ? last.view.seat : null) ?? null);

  const header = el("header", { class: "tk-header" });
  const final = el("section", { class: "tk-final" });
  const layout = el("div", { class: "tk-layout" });
  const towerBox = el("section", { class: "tk-tower" });
  const floorBox = el("section", { class: "tk-floor" });
  const handBox = el("section", { class: "tk-hand" });
  const resultBox = el("section", { class: "tk-result", "aria-live": "polite" });
  const playersBox = el("section", { class: "tk-players" });
  layout.append(towerBox, floorBox);
  root.replaceChildren(header, final, layout, handBox, resultBox, playersBox);

  const cardName = (code) => {
    const card = adventurer(code);
    return t("tschak-card", { cls: card.cls, value: card.value ?? 0, icon: card.icon ? "yes" : "no", chameleon: card.chameleon ? "yes" : "no" });
  };
  const towerName = (code) => {
    if (!code) return t("tschak-tower-unknown");
    if (code === "Trog") return t("tschak-trog");
    if (/^M\d$/.test(code)) return t("tschak-monster", { skulls: Number(code.slice(1)) });
    if (/^C-\d$/.test(code)) return t("tschak-cursed", { skulls: Number(code.slice(2)) });
    if (/^C\d$/.test(code)) return t("tschak-chest", { coins: Number(code.slice(1)) });
    return t("tschak-treasure", { name: code.toLowerCase() });
  };
  const who = (seat) => (seat === null || seat === undefined ? t("tschak-road-board") : nameOf(ctx, seat));

  function drawHeader(view) {
    let step;
    if (view.phase === "over") step = t("tschak-over");
    else if (view.phase !== "play") step = t("tschak-setup");
    else step = t("tschak-step", { floor: view.floor, need: view.need });
    replace(header,
      el("h2", { text: t("tschak-tower-of", { tower: view.tower, towers: view.towers }) }),
      el("p", { class: "tk-step", text: step }));
  }

  function towerSvg(view) {
    const w = 200;
    const floorH = 58;
    const top = 34;
    const h = top + floorH * 3 + 6;
    const box = svg("svg", {
      class: "tk-tower-art", viewBox: `0 0 ${w} ${h}`, role: "img",
      "aria-label": t("tschak-tower-label", { tower: view.tower }),
    });
    // loot piles above the tower
    const piles = view.loot || [];
    piles.forEach((coins, i) => {
      const cx = w / 2 + (i - (piles.length - 1) / 2) * 44;
      box.append(svg("circle", { cx, cy: 16, r: 13, class: "tk-coin" }));
      box.append(svg("text", { x: cx, y: 21, "text-anchor": "middle", class: "tk-coin-no", text: String(coins) }));
    });
    box.append(svg("title", { text: t("tschak-loot", { piles: piles.join(" · ") }) }));
    for (const floor of view.floors) {
      const y = top + (3 - floor.floor) * floorH;
      const current = view.phase === "play" && view.floor === floor.floor;
      box.append(svg("rect", { x: 2, y, width: w - 4, height: floorH - 4, rx: 4, class: "tk-floor-bg" + (current ? " tk-current" : "") }));
      box.append(svg("text", { x: 12, y: y + floorH / 2 + 2, "text-anchor": "middle", class: "tk-floor-no", text: String(floor.floor) }));
      const slots = [[floor.monster, floor.monster_to, 26], [floor.treasure, floor.treasure_to, 112]];
      for (const [code, winner, x] of slots) {
        const kind = towerCardKind(code);
        const g = svg("g", { class: `tk-tcard tk-${kind}` });
        g.append(svg("rect", { x, y: y + 5, width: 78, height: floorH - 14, rx: 4 }));
        g.append(svg("text", { x: x + 39, y: y + 23, "text-anchor": "middle", class: "tk-tcard-code", text: code ? t("tschak-short", { code }) : "?" }));
        g.append(svg("text", { x: x + 39, y: y + 37, "text-anchor": "middle", class: "tk-tcard-kind", text: t(kind === "monster" ? "tschak-kind-monster" : "tschak-kind-treasure") }));
        g.append(svg("title", { text: winner === null || winner === undefined ? towerName(code) : t("tschak-won-by", { card: towerName(code), player: who(winner) }) }));
        box.append(g);
        if (winner !== null && winner !== undefined) {
          const badge = seatBadge(winner, who(winner), null, 18);
          badge.setAttribute("x", x + 62);
          badge.setAttribute("y", y + 1);
          box.append(badge);
        }
      }
    }
    return box;
  }

  function drawTower(view) {
    const order = view.cycle.map((s) => who(s));
    replace(towerBox,
      towerSvg(view),
      el("p", { class: "tk-loot-line", text: t("tschak-loot", { piles: (view.loot || []).join(" · ") }) }),
      el("p", { class: "tk-decks", text: t("tschak-decks", { monsters: view.decks.monsters, treasures: view.decks.treasures }) }),
      el("p", { class: "tk-passing", text: t("tschak-passing", { order: [...order, order[0]].join(" → ") }) }));
  }

  function partyRow(view, seat) {
    const revealed = view.revealed[seat] || [];
    const down = view.committed[seat] || 0;
    const cards = revealed.map((code) => el("span", { class: "tk-mini", role: "img", "aria-label": cardName(code), title: cardName(code) }, cardArt(code, 30)));
    for (let i = 0; i < down; i++) cards.push(el("span", { class: "tk-mini", role: "img", "aria-label": t("tschak-face-down") }, backArt(30)));
    const state = view.to_act.includes(seat) ? t("tschak-choosing") : t("tschak-ready");
    return el("li", { class: "tk-party" + (seat === me() ? " tk-own" : ""), "data-seat": seat },
      seatBadge(seat, who(seat)),
      el("span", { class: "tk-name", text: who(seat) }),
      el("span", { class: "tk-cards" }, cards.length ? cards : el("span", { class: "tk-none", text: "—" })),
      view.phase === "play" ? el("span", { class: "tk-state", text: state }) : null);
  }

  function drawFloor(snapshot) {
    const view = snapshot.view;
    if (view.phase !== "play") {
      replace(floorBox);
      return;
    }
    const rows = [];
    for (let s = 0; s < view.players; s++) rows.push(partyRow(view, s));
    replace(floorBox,
      el("h3", { text: t("tschak-floor-parties", { floor: view.floor }) }),
      el("ul", { class: "tk-parties" }, rows));
  }

  function reasonFor(view, snapshot, code) {
    if (!view.to_act.includes(me())) return t("tschak-why-waiting");
    const cls = adventurer(code).cls;
    const party = [...(view.revealed[me()] || []), ...(view.picks || [])];
    const clash = party.find((c) => adventurer(c).cls === cls);
    if (clash) return t("tschak-why-clash", { cls, card: clash });
    return t("tschak-why-not-now");
  }

  function drawHand(snapshot) {
    const view = snapshot.view;
    if (me() === null || me() === undefined || !view.hand || view.phase !== "play") {
      replace(handBox);
      return;
    }
    const legal = legalByText(snapshot);
    const groups = Object.fromEntries(CLASSES.map((c) => [c, []]));
    for (const code of view.hand) groups[adventurer(code).cls].push(code);
    const rows = [];
    for (const cls of CLASSES) {
      if (!groups[cls].length) continue;
      const cards = groups[cls].map((code) => {
        const entry = legal.get(`play ${code}`);
        if (entry) {
          return actionButton(ctx, entry, [cardArt(code), el("span", { class: "tk-cap", text: code, title: cardName(code) })],
            { class: "tk-play", "aria-label": t("tschak-play", { card: cardName(code) }) });
        }
        const reason = reasonFor(view, snapshot, code);
        return el("button", {
          type: "button", class: "tk-play tk-disabled", disabled: true,
          "aria-label": t("tschak-cannot-play", { card: cardName(code), reason }), title: reason,
        }, cardArt(code), el("span", { class: "tk-cap", text: code, title: cardName(code) }), el("span", { class: "tk-why", text: reason }));
      });
      rows.push(el("div", { class: `tk-group tk-group-${cls}` },
        el("h4", { text: t("tschak-class", { cls, count: groups[cls].length }) }),
        el("div", { class: "tk-group-cards" }, cards)));
    }
    const picks = view.picks && view.picks.length
      ? el("p", { class: "tk-picks" }, el("span", { text: t("tschak-your-picks") }), " ",
        view.picks.map((code) => el("span", { class: "tk-mini", role: "img", "aria-label": cardName(code), title: cardName(code) }, cardArt(code, 30))))
      : null;
    let prompt = null;
    if (legal.size && view.phase === "play") {
      const chosen = (view.picks || []).length;
      prompt = el("div", {}, el("p", { class: "tk-prompt", text: t("tschak-prompt", { left: view.need - chosen }) }),
        el("p", { class: "tk-decision-hint", text: t("tschak-decision-hint") }));
    }
    replace(handBox, el("h3", { text: t("tschak-your-hand") }), prompt, picks, rows);
  }

  function floorResult(view, event) {
    const parties = event.parties.map((party, seat) => el("li", { class: "tk-party" },
      seatBadge(seat, who(seat)),
      el("span", { class: "tk-name", text: who(seat) }),
      el("span", { class: "tk-cards" }, party.map((code) => el("span", { class: "tk-mini", role: "img", "aria-label": cardName(code), title: cardName(code) }, cardArt(code, 26)))),
      el("strong", { class: "tk-strength", text: t("tschak-strength", { strength: event.strengths[seat] }) })));
    const lines = [
      el("p", { text: t("tschak-took-treasure", { player: who(event.treasure_to), card: towerName(event.treasure) }) }),
      el("p", { text: t("tschak-took-monster", { player: who(event.monster_to), card: towerName(event.monster) }) }),
    ];
    const option = view.options ? view.options.chameleon_rank : null;
    for (const [seat, strongest] of [[event.treasure_to, true], [event.monster_to, false]]) {
      const why = tieBreak(event, seat, option, strongest);
      if (!why) continue;
      const args = { player: who(seat), rival: who(why.rival), strength: why.strength, mine: why.mine || "—", theirs: why.theirs || "—", cls: why.cls };
      lines.push(el("p", { class: "tk-tie", text: t(strongest ? "tschak-tie-strongest" : "tschak-tie-weakest", args) }));
    }
    return [
      el("h3", { text: t("tschak-floor-result", { tower: event.tower, floor: event.floor }) }),
      el("ul", { class: "tk-parties" }, parties),
      ...lines,
    ];
  }

  function lootResult(event) {
    const rows = event.cards.map((code, seat) => el("li", { class: "tk-party" },
      seatBadge(seat, who(seat)),
      el("span", { class: "tk-name", text: who(seat) }),
      el("span", { class: "tk-mini", role: "img", "aria-label": cardName(code), title: cardName(code) }, cardArt(code, 26)),
      el("span", { text: t("tschak-loot-gold", { gold: event.gold[seat] }) })));
    return [
      el("h3", { text: t("tschak-loot-result", { tower: event.tower }) }),
      el("ul", { class: "tk-parties" }, rows),
      event.tower < 4 ? el("p", { class: "tk-pass-note", text: t("tschak-hands-passed") }) : null,
    ];
  }

  function drawResult(view) {
    const events = view.history.filter((e) => e.type === "floor" || e.type === "loot");
    if (!events.length) {
      replace(resultBox);
      return;
    }
    const event = events[events.length - 1];
    replace(resultBox, event.type === "loot" ? lootResult(event) : floorResult(view, event));
  }

  function drawPlayers(view) {
    const rows = [];
    for (let s = 0; s < view.players; s++) {
      const won = view.won[s];
      rows.push(el("li", { class: "tk-player" + (s === me() ? " tk-own" : "") },
        seatBadge(s, who(s)),
        el("span", { class: "tk-name" }, who(s), s === me() ? ` (${t("board-you")})` : ""),
        el("span", { text: t("tschak-gold", { gold: view.gold[s] }) }),
        el("span", { class: "tk-won", text: t("tschak-won-cards", {
          monsters: won.monsters.length, treasures: won.treasures.length,
        }) }),
        el("span", { class: "tk-won-list", text: [...won.monsters, ...won.treasures].join(" "),
          title: [...won.monsters, ...won.treasures].map(towerName).join(", ") })));
    }
    replace(playersBox, el("h3", { text: t("tschak-players") }), el("ul", { class: "tk-player-list" }, rows));
  }

  function drawFinal(view) {
    if (!view.breakdown) {
      replace(final);
      return;
    }
    const columns = ["total", "gold", "chests", "rings", "cursed", "trophy", "monsters", "troglodytes", "elixir"];
    const head = el("tr", {}, el("th", { scope: "col", text: t("tschak-col-player") }),
      columns.map((c) => el("th", { scope: "col", text: t("tschak-col", { col: c }) })));
    const body = view.breakdown.map((row, s) => el("tr", { class: view.winners.includes(s) ? "tk-winner" : "" },
      el("th", { scope: "row" }, seatBadge(s, who(s), null, 16), " ", who(s), view.winners.includes(s) ? " ★" : ""),
      columns.map((c) => el("td", { class: c === "total" ? "tk-total" : null, text: c === "elixir" ? (row.elixir || "—") : String(row[c]) }))));
    const winners = view.winners.map((s) => who(s)).join(", ");
    replace(final,
      el("h3", { text: t("tschak-final") }),
      el("p", { class: "tk-winners", text: t("tschak-winners", { count: view.winners.length, names: winners }) }),
      el("div", { class: "rb-scroll-x", tabindex: "0", role: "region", "aria-label": t("tschak-final") },
        el("table", { class: "tk-table" }, el("thead", {}, head), el("tbody", {}, body))));
  }

  return {
    update(snapshot) {
      last = snapshot;
      const view = snapshot.view;
      drawHeader(view);
      drawFinal(view);
      drawTower(view);
      drawFloor(snapshot);
      drawHand(snapshot);
      drawResult(view);
      drawPlayers(view);
    },
    destroy() {
      root.replaceChildren();
      last = null;
    },
  };
}
