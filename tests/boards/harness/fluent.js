// A test-only formatter for the Fluent subset the table page promises to boards:
// plain text, { $variable }, and select expressions on a variable (plural categories or
// exact values, with one *[default]). Used by the board harness page only.

function parsePattern(src, pos, stop) {
  // Returns [parts, pos]; stops at `stop` characters outside placeables.
  const parts = [];
  let text = "";
  while (pos < src.length) {
    const ch = src[pos];
    if (stop && stop.test(src.slice(pos))) break;
    if (ch === "{") {
      if (text) parts.push(text);
      text = "";
      const [node, next] = parsePlaceable(src, pos + 1);
      parts.push(node);
      pos = next;
      continue;
    }
    text += ch;
    pos += 1;
  }
  if (text) parts.push(text);
  return [parts, pos];
}

function skipSpace(src, pos) {
  while (pos < src.length && /\s/.test(src[pos])) pos += 1;
  return pos;
}

function parsePlaceable(src, pos) {
  pos = skipSpace(src, pos);
  let node;
  if (src[pos] === '"') {
    const end = src.indexOf('"', pos + 1);
    node = src.slice(pos + 1, end);
    pos = end + 1;
  } else if (src[pos] === "$") {
    const match = /^\$([a-zA-Z][\w-]*)/.exec(src.slice(pos));
    node = { variable: match[1] };
    pos += match[0].length;
  } else {
    const match = /^-?\d+/.exec(src.slice(pos));
    node = match[0];
    pos += match[0].length;
  }
  pos = skipSpace(src, pos);
  if (src.startsWith("->", pos)) {
    pos = skipSpace(src, pos + 2);
    const variants = [];
    let fallback = null;
    while (src[pos] === "[" || src[pos] === "*") {
      const isDefault = src[pos] === "*";
      if (isDefault) pos += 1;
      const close = src.indexOf("]", pos);
      const key = src.slice(pos + 1, close).trim();
      const [parts, next] = parsePattern(src, close + 1, /^\s*(\*?\[|\})/);
      const value = trimParts(parts);
      variants.push({ key, value });
      if (isDefault) fallback = variants.length - 1;
      pos = skipSpace(src, next);
    }
    node = { select: node, variants, fallback: fallback ?? variants.length - 1 };
  }
  pos = skipSpace(src, pos);
  if (src[pos] !== "}") throw new Error("bad placeable near: " + src.slice(pos, pos + 40));
  return [node, pos + 1];
}

function trimParts(parts) {
  const out = parts.slice();
  if (typeof out[0] === "string") out[0] = out[0].replace(/^\s+/, "");
  const last = out.length - 1;
  if (typeof out[last] === "string") out[last] = out[last].replace(/\s+$/, "");
  return out;
}

export function parse(text) {
  const messages = new Map();
  let id = null;
  let lines = [];
  const flush = () => {
    if (id === null) return;
    const body = lines.join("\n").replace(/^\s+/, "").replace(/\s+$/, "");
    messages.set(id, parsePattern(body, 0, null)[0]);
    id = null;
    lines = [];
  };
  for (const line of text.split("\n")) {
    if (/^#/.test(line)) { flush(); continue; }
    const start = /^([a-zA-Z][\w-]*)\s*=\s?(.*)$/.exec(line);
    if (start) { flush(); id = start[1]; lines = [start[2]]; continue; }
    if (id !== null && (/^[\s}\[*.]/.test(line) || line === "")) lines.push(line.replace(/^\s+/, ""));
    else flush();
  }
  flush();
  return messages;
}

function value(node, args, rules) {
  if (typeof node === "string") return node;
  if (node.variable !== undefined) {
    const v = args[node.variable];
    return v === undefined || v === null ? `{$${node.variable}}` : String(v);
  }
  const selector = node.select.variable !== undefined ? args[node.select.variable] : node.select;
  let chosen = node.variants.find((v) => v.key === String(selector));
  if (!chosen && typeof selector === "number") {
    const category = rules.select(selector);
    chosen = node.variants.find((v) => v.key === category);
  }
  if (!chosen) chosen = node.variants[node.fallback];
  return chosen.value.map((part) => value(part, args, rules)).join("");
}

export function formatter(text, lang) {
  const messages = parse(text);
  const rules = new Intl.PluralRules(lang);
  const missing = new Set();
  const t = (id, args = {}) => {
    const pattern = messages.get(id);
    if (!pattern) { missing.add(id); return id; }
    return pattern.map((part) => value(part, args, rules)).join("");
  };
  t.missing = missing;
  return t;
}
