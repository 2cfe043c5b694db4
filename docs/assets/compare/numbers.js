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

/* A count worded as the page words it (render_html.count_text): `counts` is contract.COUNT_WORDING in
 * the page's language (settings.counts). The count's message takes its numbers by name, each worded by
 * the message named for it ({count}) or else written as a number, and 0 by its word for none if it has one. */
export function countWriter(counts, fill) {
  return function count(name, numbers) {
    const wording = counts[name];
    const values = {};
    Object.keys(numbers).forEach((key) => {
      const n = numbers[key];
      if (n === 0 && wording.none !== null) values[key] = wording.none;
      else if (own(wording.numbers, key)) values[key] = fill(wording.numbers[key], { count: n });
      else values[key] = n;
    });
    return fill(wording.message, values);
  };
}

/* A rate per GB-month rounded as the page rounds it (transform.rate_amount): three significant digits,
 * no fewer decimals than a cent's two and no more than four. */
export function rateAmount(amount) {
  if (amount <= 0) return 0;
  const leading = Math.floor(Math.log10(amount));
  const decimals = Math.min(4, Math.max(2, 3 - 1 - leading));
  const scale = Math.pow(10, decimals);
  return Math.round(amount * scale) / scale;
}

/* Amounts in USD written in the currency chosen (`rates`: {EUR: {usd_per_unit}}); USD where the
 * page has no rate for it. A sum in cents; a rate per GB-month (`asRate`) as rateAmount rounds it.
 * One Intl format per currency and kind, made when first needed. */
export function moneyWriter(locale, rates) {
  const formats = {};
  function formatOf(currency, asRate) {
    const key = currency + (asRate ? "/rate" : "");
    if (!own(formats, key)) {
      const options = { style: "currency", currency: currency };
      if (asRate) Object.assign(options, { minimumFractionDigits: 2, maximumFractionDigits: 4 });
      formats[key] = new Intl.NumberFormat(locale, options);
    }
    return formats[key];
  }
  return function money(amount, currency, asRate) {
    const chosen = currency && own(rates, currency) ? currency : "USD";
    const value = chosen === "USD" ? amount : amount / rates[chosen].usd_per_unit;
    return formatOf(chosen, asRate).format(asRate ? rateAmount(value) : value);
  };
}

/* Whether an amount priced in `source` reads exact in `currency`: in its own currency, or nothing at
 * all (0 is 0 in every currency: an allowance that covers a month's transfer). The comparison's amounts
 * (moneyIn) and the planner's (plan.js: exactIn) follow this one rule; the others carry "≈". */
export function readsExact(amount, source, currency) {
  return !amount || source === currency;
}

/* Before an amount converted from another currency, joined to it: no line ends with the sign
 * (the same as transform.CONVERTED: tests/pages/test_contract.py). */
export const CONVERTED = "≈\u00a0";

/* An amount of the page (transform.Money: `usd`, its source's currency `source`, a rate or a sum) as
 * the reader's `currency` shows it: exact (readsExact), or with "≈" before it once converted. */
export function moneyIn(money, amount, currency) {
  const chosen = currency || "USD";
  const text = money(amount.usd, chosen, amount.rate);
  return readsExact(amount.usd, amount.source, chosen) ? text : CONVERTED + text;
}
