/* Numbers in the reader's language: amounts read as the reader types them, numbers and money written
 * as the language writes them, and messages filled with them (CLDR plural forms). Intl only, no DOM. */

import { own } from "./own.js";

// GB, months or GB per month: anything larger is a typing slip. A guard on what is typed, not a site
// setting (no page or data depends on it); the hint for a refused amount names it.
export const MAX_AMOUNT = 1e9;

function separator(parts, type, fallback) {
  const part = parts.find((p) => p.type === type);
  return part ? part.value : fallback;
}

/* Reading and writing plain numbers in `locale`: "1,5" in German and Romanian, "1.5" in Chinese. */
export function localNumbers(locale) {
  const format = new Intl.NumberFormat(locale);
  const parts = format.formatToParts(12345.6);
  const group = separator(parts, "group", ",");
  const decimal = separator(parts, "decimal", ".");
  const groups = new RegExp("\\" + group, "g");

  // An amount as typed: null when empty, NaN when it is no number or above MAX_AMOUNT. Group
  // separators ("1.500" in German) are dropped; a comma is a decimal mark only where the language says so.
  function parse(text) {
    let cleaned = String(text).trim().replace(/[\s\u00a0\u202f]/g, "");
    if (cleaned === "") return null;
    if (group === "." || group === "\u2019") cleaned = cleaned.split(group).join("");
    else if (decimal !== ",") cleaned = cleaned.split(",").join("");
    cleaned = cleaned.replace(decimal, ".");
    if (!/^\d+(\.\d+)?$/.test(cleaned)) return NaN;
    const value = Number(cleaned);
    return isFinite(value) && value <= MAX_AMOUNT ? value : NaN;
  }

  // A stored amount ("1500.5") as an input shows it, without group separators: "1500,5" in German.
  function forInput(value) {
    const number = Number(value);
    return isFinite(number) ? format.format(number).replace(groups, "") : "";
  }

  return { format: (number) => format.format(number), parse: parse, forInput: forInput };
}

/* A message of the page's strings with its {placeholders} filled; a message given per plural form
 * ({one: ..., other: ...}) takes the form that fits values.count. Numbers are written by `numbers`. */
export function messageFiller(locale, numbers) {
  const plurals = new Intl.PluralRules(locale);
  return function fill(message, values) {
    let text = message;
    if (typeof message === "object") {
      const form = plurals.select(values.count);
      text = own(message, form) ? message[form] : message.other;
    }
    return text.replace(/\{(\w+)\}/g, (match, key) => {
      if (!own(values, key)) return match;
      const value = values[key];
      return typeof value === "number" ? numbers.format(value) : String(value);
    });
  };
}

/* Amounts in USD written in the currency chosen (`rates`: {EUR: {usd_per_unit}}); USD where the
 * page has no rate for it. One Intl format per currency, made when first needed. */
export function moneyWriter(locale, rates) {
  const formats = {};
  return function money(amount, currency) {
    const chosen = currency && own(rates, currency) ? currency : "USD";
    if (!own(formats, chosen)) {
      formats[chosen] = new Intl.NumberFormat(locale, { style: "currency", currency: chosen });
    }
    const rate = chosen === "USD" ? 1 : rates[chosen].usd_per_unit;
    return formats[chosen].format(amount / rate);
  };
}
