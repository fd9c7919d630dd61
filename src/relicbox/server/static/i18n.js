// Formats the pages' Fluent messages (text, variables, plural or exact-value selects),
// from the catalog the server serves at /i18n/<lang>.json.
const catalogs = new Map();

export async function loadCatalog(lang) {
  if (!catalogs.has(lang)) {
    const response = await fetch(`/i18n/${lang}.json`);
    catalogs.set(lang, await response.json());
  }
  return makeTranslator(lang, catalogs.get(lang));
}

export function makeTranslator(lang, catalog) {
  const plural = new Intl.PluralRules(lang);
  const format = (pattern, args) =>
    pattern.map((part) => {
      if (typeof part === "string") return part;
      if (part.var !== undefined) return String(args[part.var] ?? "");
      const value = args[part.select];
      const exact = String(value);
      let chosen = part.variants[exact];
      if (chosen === undefined && typeof value === "number") chosen = part.variants[plural.select(value)];
      if (chosen === undefined) chosen = part.variants[part.default];
      return format(chosen, args);
    }).join("");
  return (id, args = {}) => (catalog[id] ? format(catalog[id], args) : id);
}

export function listNames(lang, names) {
  if (!names.length) return "";
  return new Intl.ListFormat(lang, { style: "long", type: "conjunction" }).format(names);
}
