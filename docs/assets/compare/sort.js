/* Sorting offerings by a column. A cell's sort key is its data-sort attribute (or, for a row of a long
 * comparison's rows file, the key the file lists for it), read when first needed and kept in entry.keys
 * (cost.js writes the calculator's keys there). No DOM at load time. */

import { own } from "./own.js";

/* A raw data-sort text as a key: a number where it is one, the text otherwise, null when absent (a
 * rows file lists an absent key as null). */
export function toSortKey(raw) {
  if (raw === undefined || raw === null || raw === "") return null;
  const number = Number(raw);
  return isNaN(number) ? raw : number;
}

/* The entry's key for `column`, a column of its row (null for an unknown value or no such cell): from
 * its cells, or, for a row of a long comparison's rows file not read yet, from the keys it lists. */
export function sortKey(entry, column) {
  if (!own(entry.keys, column)) entry.keys[column] = toSortKey(rawSortKey(entry, column));
  return entry.keys[column];
}

function rawSortKey(entry, column) {
  if (entry.sorts) return own(entry.sorts, column) ? entry.sorts[column] : undefined;
  const cell = own(entry.cells, column) ? entry.cells[column] : undefined;
  return cell ? cell.dataset.sort : undefined;
}

/* Numbers by value, texts in the language's order (`collator`); unknown (null) always last. */
export function compareKeys(a, b, descending, collator) {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  const numbers = typeof a === "number" && typeof b === "number";
  const order = numbers ? a - b : collator.compare(String(a), String(b));
  return descending ? -order : order;
}

/* The columns whose keys come from the price: among equal keys, a price list's price before an
 * example's (a worked example or one region's figure), in either direction (derive.BASIS_RANK). */
const PRICE_COLUMNS = ["price", "cost", "idle"];

/* 1 for an example price in a column that sorts by price, 0 otherwise. */
export function basisRank(entry, column) {
  const example = entry.offering !== undefined && entry.offering.priceBasis === "example";
  return example && PRICE_COLUMNS.indexOf(column) !== -1 ? 1 : 0;
}

/* 0 for an offering whose storage is included in a plan or an instance, in a column that sorts by
 * price: without a figure, it comes after every priced offering but before those whose price is unknown. */
export function unpricedRank(entry, column) {
  const included = entry.offering !== undefined && entry.offering.included;
  return included && PRICE_COLUMNS.indexOf(column) !== -1 ? 0 : 1;
}

/* Whether the entry has what `column` sorts by: a key, or a price included in something else. */
export function hasFigure(entry, column) {
  return sortKey(entry, column) !== null || unpricedRank(entry, column) === 0;
}

/* The matching entries in the column's order; equal keys put a list price before an example price,
 * then keep the page's order. */
export function sortedMatches(entries, column, descending, collator) {
  const ordered = entries.filter((entry) => entry.match);
  ordered.sort(
    (a, b) =>
      compareKeys(sortKey(a, column), sortKey(b, column), descending, collator) ||
      unpricedRank(a, column) - unpricedRank(b, column) ||
      basisRank(a, column) - basisRank(b, column) ||
      a.group.index - b.group.index ||
      a.position - b.position
  );
  return ordered;
}
