// Small helpers shared by the board modules: DOM and SVG builders, seat markers that do not
// rely on colour alone, and clickable action targets wired to ctx.act.
// Every text goes in through textContent or attributes: names typed by people never become markup.

export const SVG_NS = "http://www.w3.org/2000/svg";

function fill(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = String(value);
    else if (key === "class") node.setAttribute("class", value);
    else if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2), value);
    } else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** An HTML element: el("div", {class: "x"}, child, "text"). */
export function el(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** An SVG element: svg("rect", {x: 1, y: 2}). */
export function svg(tag, attrs, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** Colours safe for the common colour-vision deficiencies (Okabe and Ito), in the order the
 * table page gives its seats (style.css --seat-N), so a seat looks the same everywhere. */
export const SEAT_COLOURS = [
  "#D55E00", "#0072B2", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#7F7F00",
];

/** One shape per seat, the table page's markers (● ▲ ■ ◆ ★ ✚ ⬟ ⬢): seats differ without
 * colour, and the seat number is drawn inside too. */
export const SEAT_SHAPES = [
  "circle", "triangle", "square", "diamond", "star", "cross", "pentagon", "hexagon",
];

function polygon(cx, cy, r, corners, rotate = -90, inner = null) {
  const points = [];
  const steps = inner === null ? corners : corners * 2;
  for (let i = 0; i < steps; i++) {
    const radius = inner !== null && i % 2 === 1 ? inner : r;
    const angle = ((rotate + (360 / steps) * i) * Math.PI) / 180;
    points.push(`${(cx + radius * Math.cos(angle)).toFixed(2)},${(cy + radius * Math.sin(angle)).toFixed(2)}`);
  }
  return points.join(" ");
}

/** An SVG shape element centred on (cx, cy) with radius r. */
export function shape(name, cx, cy, r, attrs = {}) {
  switch (name) {
    case "square":
      return svg("rect", { x: cx - r * 0.85, y: cy - r * 0.85, width: r * 1.7, height: r * 1.7, ...attrs });
    case "triangle":
      return svg("polygon", { points: polygon(cx, cy + r * 0.15, r * 1.1, 3), ...attrs });
    case "diamond":
      return svg("polygon", { points: polygon(cx, cy, r * 1.1, 4), ...attrs });
    case "pentagon":
      return svg("polygon", { points: polygon(cx, cy, r, 5), ...attrs });
    case "hexagon":
      return svg("polygon", { points: polygon(cx, cy, r, 6, 0), ...attrs });
    case "star":
      return svg("polygon", { points: polygon(cx, cy, r * 1.15, 5, -90, r * 0.55), ...attrs });
    case "cross":
      return svg("polygon", { points: polygon(cx, cy, r * 1.05, 4, -45, r * 0.5), ...attrs });
    default:
      return svg("circle", { cx, cy, r, ...attrs });
  }
}

/** The marker of a seat as SVG children: its shape, filled with its colour, its number inside. */
export function seatShape(seat, cx, cy, r, colour = null) {
  const fillColour = colour || SEAT_COLOURS[seat % SEAT_COLOURS.length];
  const dark = ["#F0E442", "#E69F00", "#56B4E9", "#CC79A7"].includes(fillColour);
  return svg(
    "g",
    { class: "rb-seat-marker", "data-seat": seat },
    shape(SEAT_SHAPES[seat % SEAT_SHAPES.length], cx, cy, r, {
      fill: fillColour,
      stroke: "#111",
      "stroke-width": Math.max(0.6, r / 8),
    }),
    svg("text", {
      x: cx,
      y: cy + r * 0.36,
      "text-anchor": "middle",
      "font-size": r * 1.05,
      "font-weight": "700",
      fill: dark ? "#111" : "#fff",
      "aria-hidden": "true",
      text: String(seat + 1),
    }),
  );
}

/** A small standalone inline SVG badge for a seat, with an accessible name. */
export function seatBadge(seat, label, colour = null, size = 22) {
  return svg(
    "svg",
    {
      class: "rb-seat-badge",
      viewBox: "0 0 24 24",
      width: size,
      height: size,
      role: "img",
      "aria-label": label,
    },
    seatShape(seat, 12, 12, 9.5, colour),
  );
}

/** The legal actions of a snapshot by their text form. */
export function legalByText(snapshot) {
  const map = new Map();
  for (const entry of snapshot.legal || []) map.set(entry.text, entry);
  return map;
}

/** A button that sends a legal action. */
export function actionButton(ctx, entry, content, attrs = {}) {
  const button = el(
    "button",
    {
      type: "button",
      class: "rb-action " + (attrs.class || ""),
      "data-action": entry.text,
      "aria-label": attrs["aria-label"] || entry.label || entry.text,
      title: attrs.title || entry.label || entry.text,
    },
    content,
  );
  button.addEventListener("click", () => ctx.act(entry.text));
  return button;
}

/** Make an SVG node a keyboard- and pointer-operable target for a legal action. */
export function svgTarget(ctx, node, entry, label = null) {
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", "0");
  node.setAttribute("data-action", entry.text);
  node.setAttribute("aria-label", label || entry.label || entry.text);
  node.classList.add("rb-target");
  node.append(svg("title", { text: label || entry.label || entry.text }));
  node.addEventListener("click", (event) => {
    event.stopPropagation();
    ctx.act(entry.text);
  });
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      ctx.act(entry.text);
    }
  });
  return node;
}

/** True when a key press is meant for a text field rather than for the board. */
export function typing(event) {
  const target = event.target;
  if (!target || !target.tagName) return false;
  return ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName) || target.isContentEditable;
}

/** Replace the children of a node. */
export function replace(node, ...children) {
  node.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
  return node;
}

/** The display name of a seat, with the page's own name when it gives one. */
export function nameOf(ctx, seat) {
  try {
    const name = ctx.seatName ? ctx.seatName(seat) : null;
    if (name) return name;
  } catch (error) {
    // fall through to the number
  }
  return ctx.t("board-seat", { seat: seat + 1 });
}
