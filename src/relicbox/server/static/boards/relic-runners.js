// Relic Runners board: the jungle map drawn from the board's own coordinates (trails, rivers,
// toolbox tokens, temples with their stacks by colour and height, ruins, shrines and relics,
// pathways per player, every explorer), the seat's legal moves, pathways and token flips as
// targets on the map, the toolbox trees as targets for steps and uses, and the player boards
// with rations, tiles and relics; other players' coin totals are shown as hidden.

import {
  SEAT_COLOURS, actionButton, el, legalByText, nameOf, replace, seatBadge, seatShape, shape, svg, svgTarget,
} from "./kit.js";

const TEMPLE_COLOURS = { ivory: "#f4ecd6", blue: "#5b9bd5", purple: "#9b6cc4" };
const DASHES = ["", "2.4 1.2", "0.8 0.9", "3 1 0.8 1", "4 1.6"];
const BRANCHES = ["machete", "compass", "shovel"];
const RELICS = ["toad", "skull", "bird", "juju"];
const SCALE = 1; // map units are the board file's 0..100 drawing coordinates

// The page's colour for the seat (the chips, the log, every board), not the box's explorer
// colour: one colour per person everywhere on the page.
function colourOf(view, seat) {
  return SEAT_COLOURS[seat % SEAT_COLOURS.length];
}

/** Split the legal actions into map targets (spaces, trails, tokens, toolbox nodes) and the rest. */
export function classify(view, legal, seat) {
  const here = seat !== null && seat !== undefined ? view.explorers[seat] : null;
  const spaces = new Map();
  const trails = new Map();
  const tokens = new Map();
  const tools = new Map();
  const rest = [];
  const claim = (map, key, entry) => {
    if (map.has(key)) rest.push(entry);
    else map.set(key, entry);
  };
  // Each entry carries its parsed arguments (``args``), so nothing here reads action text.
  for (const entry of legal) {
    const args = entry.args || {};
    switch (args.kind) {
      case "move":
        claim(spaces, args.a === here ? args.b : args.a, entry);
        break;
      case "jump":
      case "start":
      case "target":
        claim(spaces, args.space, entry);
        break;
      case "path":
      case "lift":
        claim(trails, `${args.a}-${args.b}`, entry);
        break;
      case "flip":
        claim(tokens, args.token, entry);
        break;
      case "step":
        // Level 0 is the start row: the toolbox enters level 1; otherwise it climbs one level.
        claim(tools, `${args.branch}:${args.level + 1}`, entry);
        break;
      case "use-tool":
        claim(tools, `${args.branch}:${args.level}`, entry);
        break;
      default:
        rest.push(entry);
    }
  }
  return { spaces, trails, tokens, tools, rest };
}

function mid(a, b) {
  return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
}

function wavy(a, b) {
  const [x1, y1] = a;
  const [x2, y2] = b;
  const len = Math.hypot(x2 - x1, y2 - y1);
  const nx = -(y2 - y1) / len;
  const ny = (x2 - x1) / len;
  const waves = Math.max(2, Math.round(len / 4));
  let d = `M${x1.toFixed(2)} ${y1.toFixed(2)}`;
  for (let i = 1; i <= waves; i++) {
    const f = i / waves;
    const fm = (i - 0.5) / waves;
    const side = i % 2 ? 1.4 : -1.4;
    const cx = x1 + (x2 - x1) * fm + nx * side;
    const cy = y1 + (y2 - y1) * fm + ny * side;
    d += ` Q${cx.toFixed(2)} ${cy.toFixed(2)} ${(x1 + (x2 - x1) * f).toFixed(2)} ${(y1 + (y2 - y1) * f).toFixed(2)}`;
  }
  return d;
}

export function mount(root, ctx) {
  const t = ctx.t;
  root.classList.add("rb-board", "rb-relic-runners");
  let last = null;
  // The seat whose view is drawn: the connection's, or in a replay the one picked to watch.
  const me = () => (ctx.seat ?? (last && last.view ? last.view.seat : null) ?? null);

  const header = el("header", { class: "rr-header" });
  const final = el("section", { class: "rr-final" });
  const decision = el("section", { class: "rr-decision", "aria-live": "polite" });
  const mapBox = el("section", { class: "rr-map" });
  const actions = el("section", { class: "rr-actions" });
  const boards = el("section", { class: "rr-boards" });
  root.replaceChildren(header, final, decision, mapBox, actions, boards);

  const spaceName = (view, id) => {
    const space = view.spaces.find((s) => s.id === id);
    const kind = space ? (space.colour || space.type) : "camp";
    return t("rr-space", { id, kind });
  };

  function drawHeader(snapshot) {
    const view = snapshot.view;
    const parts = [el("h2", { text: t("rr-turn", { turn: view.turn }) })];
    if (view.phase === "over" || snapshot.over) parts.push(el("span", { class: "rr-flag", text: t("rr-over") }));
    else if (view.to_act.length) {
      const current = view.current;
      parts.push(el("span", { class: "rr-current" }, seatBadge(current, nameOf(ctx, current), colourOf(view, current), 20), " ",
        t("rr-to-play", { player: nameOf(ctx, current) })));
    }
    const over = view.phase === "over" || snapshot.over;
    if (view.final_round && !over) parts.push(el("span", { class: "rr-flag rr-final-round", text: t("rr-final-round") }));
    if (view.extra_turn && !over) parts.push(el("span", { class: "rr-flag", text: t("rr-extra-turn") }));
    parts.push(el("span", { class: "rr-stat", text: t("rr-relics-progress", { collected: view.relics_collected, needed: view.relics_to_end }) }));
    parts.push(el("span", { class: "rr-stat", text: t("rr-camp-rations", { count: view.camp_rations }) }));
    replace(header, parts);
  }

  function drawDecision(snapshot) {
    const view = snapshot.view;
    const d = view.decision;
    const lines = [];
    const mine = me() !== null && me() !== undefined && snapshot.legal.length > 0;
    if (mine) {
      let text;
      if (!d) text = t(view.phase === "post" ? "rr-prompt-post" : "rr-prompt-move");
      else if (d.type === "place") text = d.anywhere ? t("rr-prompt-place-anywhere", { count: d.count }) : t("rr-prompt-place", { count: d.count, space: d.near });
      else if (d.type === "steps") text = t("rr-prompt-steps", { count: d.count });
      else if (d.type === "flip") text = t("rr-prompt-flip", { left: d.left ?? 1 });
      else if (d.type === "target") text = t("rr-prompt-target", { space: d.from });
      else if (d.type === "pick") text = t("rr-prompt-pick", { space: d.space });
      else if (d.type === "keep") text = t("rr-prompt-keep", { held: d.held, new: d.new });
      else if (d.type === "lift") text = t("rr-prompt-lift");
      else text = t("rr-prompt-start");
      lines.push(el("p", { class: "rr-prompt", text }));
    } else if (!snapshot.over && view.to_act.length) {
      lines.push(el("p", { class: "rr-wait", text: t("rr-waiting", { player: nameOf(ctx, view.current) }) }));
    }
    const turn = view.this_turn;
    if (turn && turn.route && turn.route.length > 1 && !snapshot.over) {
      lines.push(el("p", { class: "rr-route-line", text: t("rr-this-turn", { route: turn.route.map((id) => (id === "CAMP" ? t("rr-camp-name") : id)).join(" → "), moved: turn.trails_moved }) }));
    }
    replace(decision, lines);
  }

  function drawMap(snapshot, groups) {
    const view = snapshot.view;
    const at = new Map(view.spaces.map((s) => [s.id, s.xy.map((v) => v * SCALE)]));
    const map = svg("svg", {
      class: "rr-map-art", viewBox: "-3 -3 106 106", role: "group",
      "aria-label": t("rr-map-label"),
    });
    map.append(svg("rect", { x: -3, y: -3, width: 106, height: 106, class: "rr-jungle", rx: 3 }));
    const trailLayer = svg("g", { class: "rr-trails" });
    const pathLayer = svg("g", { class: "rr-pathways" });
    const tokenLayer = svg("g", { class: "rr-tokens" });
    const targetLayer = svg("g", { class: "rr-trail-targets" });
    for (const trail of view.trails) {
      const a = at.get(trail.a);
      const b = at.get(trail.b);
      if (trail.river) trailLayer.append(svg("path", { d: wavy(a, b), class: "rr-river" }));
      trailLayer.append(svg("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: "rr-trail" + (trail.river ? " rr-trail-river" : "") }));
      // pathways: one offset line per owner, in the owner's colour and dash pattern
      const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
      const nx = -(b[1] - a[1]) / len;
      const ny = (b[0] - a[0]) / len;
      trail.pathways.forEach((owner, i) => {
        const off = (i - (trail.pathways.length - 1) / 2) * 1.3;
        pathLayer.append(svg("line", {
          x1: a[0] + nx * off, y1: a[1] + ny * off, x2: b[0] + nx * off, y2: b[1] + ny * off,
          class: "rr-pathway", stroke: colourOf(view, owner), "stroke-dasharray": DASHES[owner % DASHES.length] || null,
          "data-owner": owner,
        }));
      });
      const entry = groups.trails.get(trail.id);
      if (entry) {
        // A band around the trail catches the pointer (a bare line has no area to click).
        const band = [[a, 2.6], [b, 2.6], [b, -2.6], [a, -2.6]]
          .map(([p, o]) => `${(p[0] + nx * o).toFixed(2)},${(p[1] + ny * o).toFixed(2)}`).join(" ");
        const hit = svg("g", { class: "rr-trail-hit" },
          svg("polygon", { points: band, class: "rr-trail-catch" }),
          svg("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: "rr-trail-glow" }));
        svgTarget(ctx, hit, entry, entry.label);
        targetLayer.append(hit);
      }
      if (trail.token) {
        const [mx, my] = mid(a, b);
        const token = svg("g", { class: "rr-token" + (trail.token_up ? " rr-token-up" : " rr-token-down"), "data-token": trail.token },
          svg("rect", { x: mx - 1.8, y: my - 1.8, width: 3.6, height: 3.6, rx: 0.6, transform: `rotate(45 ${mx} ${my})` }),
          svg("title", { text: t(trail.token_up ? "rr-token-up" : "rr-token-down", { token: trail.token }) }));
        const flip = groups.tokens.get(trail.token);
        if (flip) {
          token.append(svg("circle", { cx: mx, cy: my, r: 3.6, class: "rr-token-ring" }));
          svgTarget(ctx, token, flip, flip.label);
        }
        tokenLayer.append(token);
      }
    }
    map.append(trailLayer, pathLayer, targetLayer, tokenLayer);

    // the last move's route, so a move by someone else can be followed
    const moves = view.history.filter((e) => e.type === "move");
    if (moves.length) {
      const route = moves[moves.length - 1].route.map((id) => at.get(id)).filter(Boolean);
      if (route.length > 1) {
        map.append(svg("polyline", {
          points: route.map((p) => p.join(",")).join(" "), class: "rr-last-route",
          stroke: colourOf(view, moves[moves.length - 1].seat),
        }));
      }
    }

    const spaceLayer = svg("g", { class: "rr-spaces" });
    for (const space of view.spaces) {
      const [x, y] = at.get(space.id);
      const g = svg("g", { class: `rr-space rr-${space.type}`, "data-space": space.id });
      if (space.type === "camp") {
        g.append(svg("polygon", { points: `${x},${y - 4.2} ${x + 4.2},${y + 3} ${x - 4.2},${y + 3}`, class: "rr-camp-shape" }));
      } else if (space.type === "ruin") {
        g.append(shape("diamond", x, y, 3.2, { class: "rr-ruin-shape" }));
      } else {
        g.append(svg("rect", {
          x: x - 3.2, y: y - 3.2, width: 6.4, height: 6.4, rx: 0.8, class: "rr-temple-shape",
          fill: TEMPLE_COLOURS[space.colour] || "#ccc",
        }));
      }
      // the stack: one bar per tile left, tallest level on top
      if (space.levels.length) {
        space.levels.forEach((level, i) => {
          g.append(svg("rect", { x: x + 3.6, y: y + 2.4 - i * 1.5, width: 1.4 + level * 0.5, height: 1.1, class: "rr-stack-bar" }));
        });
      } else if (space.shrine) {
        g.append(shape("star", x + 5, y + 1.5, 1.6, { class: "rr-shrine" }));
      }
      g.append(svg("text", { x, y: y + 1.1, "text-anchor": "middle", class: "rr-space-id", text: space.id === "CAMP" ? "" : space.id }));
      if (space.top) {
        g.append(svg("text", { x, y: y - 4, "text-anchor": "middle", class: "rr-top-tile", text: space.top }));
      }
      if (space.relic) {
        g.append(svg("circle", { cx: x - 4, cy: y - 3.2, r: 1.6, class: `rr-relic rr-relic-${space.relic}` }));
        g.append(svg("text", { x: x - 4, y: y - 2.5, "text-anchor": "middle", class: "rr-relic-letter", text: t("rr-relic-letter", { relic: space.relic }) }));
      }
      const stack = space.levels.length ? t("rr-stack", { count: space.levels.length, levels: space.levels.join(", ") }) : "";
      g.append(svg("title", { text: [spaceName(view, space.id), stack, space.top ? `${t("rr-top", { tile: space.top })} (${tileMeaning(space.top)})` : "", space.relic ? t("rr-relic-here", { relic: space.relic }) : ""].filter(Boolean).join(" · ") }));
      const entry = groups.spaces.get(space.id);
      if (entry) {
        g.prepend(svg("circle", { cx: x, cy: y, r: 5.6, class: "rr-space-glow" }));
        svgTarget(ctx, g, entry, entry.label);
      }
      spaceLayer.append(g);
    }
    map.append(spaceLayer);

    const explorerLayer = svg("g", { class: "rr-explorers" });
    const bySpace = new Map();
    view.explorers.forEach((pos, seat) => {
      if (!bySpace.has(pos)) bySpace.set(pos, []);
      bySpace.get(pos).push(seat);
    });
    for (const [pos, seats] of bySpace) {
      const [x, y] = at.get(pos) || [50, 50];
      seats.forEach((seat, i) => {
        const angle = ((i / Math.max(seats.length, 1)) * 2 - 0.25) * Math.PI + (seats.length === 1 ? 0.5 : 0);
        const ex = x + 4.4 * Math.cos(angle);
        const ey = y + 4.4 * Math.sin(angle);
        const marker = seatShape(seat, ex, ey, 2.1, colourOf(view, seat));
        marker.classList.add("rr-explorer");
        if (seat === view.current && view.to_act.length) marker.classList.add("rr-explorer-current");
        marker.append(svg("title", { text: t("rr-explorer-at", { player: nameOf(ctx, seat), space: pos }) }));
        explorerLayer.append(marker);
      });
    }
    map.append(explorerLayer);

    replace(mapBox, map, el("p", { class: "rr-legend", text: t("rr-legend") }));
  }

  function drawActions(snapshot, groups) {
    const buttons = groups.rest.map((entry) => actionButton(ctx, entry, entry.label || entry.text, { class: "rr-act" }));
    if (!buttons.length) {
      replace(actions);
      return;
    }
    replace(actions, el("h3", { text: t("rr-more-actions") }), el("div", { class: "rr-act-list" }, buttons));
  }

  /** What a tile code means, in words: ivory and purple effects from the game's catalog. */
  function tileMeaning(code) {
    let match = /^I\d-[a-f]$/.exec(code);
    if (match) return t(`game:rr-${code}`);
    match = /^P(\d)-([a-h])$/.exec(code);
    if (match) return t("rr-tip-purple", { level: Number(match[1]), effect: t(`game:rr-P-${match[2]}`) });
    match = /^B?(\d)-(\d)$/.exec(code);
    if (match) return t("rr-tip-blue", { level: Number(match[1]), points: Number(match[2]) });
    match = /^\?(\d)$/.exec(code);
    if (match) return t("rr-tip-blue-hidden", { level: Number(match[1]) });
    match = /^I(\d)$/.exec(code);
    if (match) return t("rr-tip-ivory", { level: Number(match[1]) });
    return code;
  }

  /** The tooltip of a list of tile codes: one line per code. */
  function explained(codes) {
    if (!codes.length) return {};
    return { title: codes.map((code) => `${code}: ${tileMeaning(code)}`).join("\n"), "data-explain": "yes" };
  }

  function toolTree(view, seat, groups) {
    const boxes = view.seats[seat].toolboxes;
    const w = 96;
    const h = 60;
    const tree = svg("svg", { class: "rr-tree", viewBox: `0 0 ${w} ${h}`, role: "group", "aria-label": t("rr-toolboxes") });
    tree.append(svg("title", { text: t("rr-tip-toolboxes") }));
    const node = (x, y, count, label, key) => {
      const g = svg("g", { class: "rr-tool" + (count ? " rr-tool-full" : "") });
      g.append(svg("rect", { x: x - 6, y: y - 5, width: 12, height: 10, rx: 2 }));
      g.append(svg("text", { x, y: y + 2.3, "text-anchor": "middle", class: "rr-tool-count", text: String(count) }));
      g.append(svg("title", { text: label }));
      const entry = key && seat === me() ? groups.tools.get(key) : null;
      if (entry) svgTarget(ctx, g, entry, entry.label);
      return g;
    };
    tree.append(svg("text", { x: 2, y: h - 3, class: "rr-tree-label", text: t("rr-start-row") }));
    tree.append(node(30, h - 7, boxes.start, t("rr-start-row-count", { count: boxes.start }), null));
    tree.append(svg("text", { x: 52, y: h - 3, class: "rr-tree-label", text: t("rr-reserve") }));
    tree.append(node(86, h - 7, boxes.reserve, t("rr-reserve-count", { count: boxes.reserve }), null));
    BRANCHES.forEach((branch, b) => {
      const x = 18 + b * 30;
      tree.append(svg("text", { x, y: 6, "text-anchor": "middle", class: "rr-tree-label", text: t("rr-branch", { branch }) }));
      for (let level = 1; level <= 3; level++) {
        const y = h - 7 - level * 11.5;
        tree.append(node(x, y, boxes[branch][level - 1], t("rr-branch-level", { branch, level, count: boxes[branch][level - 1] }), `${branch}:${level}`));
      }
    });
    return tree;
  }

  function drawBoards(snapshot, groups) {
    const view = snapshot.view;
    const cards = view.seats.map((info, seat) => {
      const own = seat === me();
      const left = view.rations[seat];
      const rations = el("span", { class: "rr-rations", role: "img", "aria-label": t("rr-rations", { count: left }) },
        "●".repeat(left) + "○".repeat(Math.max(0, 5 - left)));
      const hiddenBlue = info.blue_levels.length - (info.blue || []).length;
      const blue = [...(info.blue || []), ...info.blue_levels.slice(info.blue_levels.length - hiddenBlue).map((l) => `?${l}`)];
      const relics = RELICS.filter((r) => info.relics[r]).map((r) => t("rr-relic-count", { relic: r, count: info.relics[r] }));
      return el("article", { class: "rr-board" + (own ? " rr-own" : ""), "data-seat": seat },
        el("h4", {}, seatBadge(seat, nameOf(ctx, seat), colourOf(view, seat), 22), " ",
          el("span", { text: nameOf(ctx, seat) }), own ? ` (${t("board-you")})` : ""),
        el("p", {}, el("span", { text: t("rr-rations-label") }), " ", rations, " ",
          el("span", { text: t("rr-pathways-left", { count: info.pathways_left }) })),
        el("p", { class: info.coins === null ? "rr-hidden" : "", title: t("rr-tip-coins"), "data-explain": "yes", text: info.coins === null ? t("rr-coins-hidden") : t("rr-coins", { coins: info.coins }) }),
        toolTree(view, seat, groups),
        el("p", { text: t("rr-blue-tiles", { tiles: blue.length ? blue.join(" ") : "—", count: blue.length }), ...explained(blue) }),
        el("p", { text: t("rr-ivory-tiles", { tiles: info.ivory.length ? info.ivory.join(" ") : "—", count: info.ivory.length }), ...explained(info.ivory) }),
        el("p", { text: t("rr-relics", { relics: relics.length ? relics.join(", ") : "—" }) }),
        info.ability ? el("p", { text: t("rr-ability", { ability: info.ability }) }) : null);
    });
    replace(boards, el("h3", { text: t("rr-players") }), el("div", { class: "rr-board-list" }, cards));
  }

  function drawFinal(view) {
    if (!view.scores) {
      replace(final);
      return;
    }
    const parts = view.score_parts || [];
    const cols = ["coins", "blue", "relics", "ivory"];
    const rows = view.scores.map((score, seat) => el("tr", { class: (view.winners || []).includes(seat) ? "rr-winner" : "" },
      el("th", { scope: "row" }, seatBadge(seat, nameOf(ctx, seat), colourOf(view, seat), 16), " ", nameOf(ctx, seat),
        (view.winners || []).includes(seat) ? " ★" : ""),
      el("td", { class: "rr-total", text: String(score) }),
      cols.map((c) => el("td", { text: parts[seat] && parts[seat][c] !== undefined ? String(parts[seat][c]) : "" }))));
    const winners = (view.winners || []).map((s) => nameOf(ctx, s)).join(", ");
    replace(final, el("h3", { text: t("rr-final") }),
      el("p", { class: "rr-winners", text: t("rr-winners", { count: (view.winners || []).length, names: winners }) }),
      el("div", { class: "rb-scroll-x", tabindex: "0", role: "region", "aria-label": t("rr-final") },
        el("table", {},
          el("thead", {}, el("tr", {}, el("th", { scope: "col", text: t("rr-col", { col: "player" }) }),
            el("th", { scope: "col", text: t("rr-col", { col: "total" }) }),
            cols.map((c) => el("th", { scope: "col", text: t("rr-col", { col: c }) })))),
          el("tbody", {}, rows))));
  }

  return {
    update(snapshot) {
      last = snapshot;
      const view = snapshot.view;
      const groups = classify(view, snapshot.legal || [], me());
      drawHeader(snapshot);
      drawFinal(view);
      drawDecision(snapshot);
      drawMap(snapshot, groups);
      drawActions(snapshot, groups);
      drawBoards(snapshot, groups);
    },
    destroy() {
      root.replaceChildren();
      last = null;
    },
  };
}
