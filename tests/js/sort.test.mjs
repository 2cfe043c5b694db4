// Sorting offerings (docs/assets/compare/sort.js) on entries with stand-in cells: a cell is anything
// with a dataset, as the DOM's is.
import assert from "node:assert/strict";
import test from "node:test";

import {
  basisRank,
  compareKeys,
  hasFigure,
  sortKey,
  sortedMatches,
  toSortKey,
  unpricedRank,
} from "../../docs/assets/compare/sort.js";

const collator = new Intl.Collator("de");

function entry(index, sortTexts) {
  const cells = Object.create(null);
  Object.keys(sortTexts).forEach((column) => {
    cells[column] = { dataset: sortTexts[column] === undefined ? {} : { sort: sortTexts[column] } };
  });
  return { cells: cells, keys: Object.create(null), match: true, group: { index: index }, position: 0 };
}

test("a cell's sort text is a number where it is one, text otherwise, null when absent", () => {
  assert.equal(toSortKey("0.07"), 0.07);
  assert.equal(toSortKey("zone"), "zone");
  assert.equal(toSortKey(""), null);
  assert.equal(toSortKey(undefined), null);
  assert.equal(toSortKey(null), null); // a rows file's absent key, not 0
});

test("numbers by value, texts in the language's order, unknown last either way", () => {
  assert.ok(compareKeys(2, 10, false, collator) < 0);
  assert.ok(compareKeys(2, 10, true, collator) > 0);
  assert.ok(compareKeys("Äpfel", "Birnen", false, collator) < 0);
  assert.ok(compareKeys(null, 1, false, collator) > 0);
  assert.ok(compareKeys(null, 1, true, collator) > 0);
  assert.equal(compareKeys(null, null, false, collator), 0);
});

test("matching entries sorted by a column; ties keep the page's order; others left out", () => {
  const entries = [entry(0, { price: "0.1" }), entry(1, { price: undefined }), entry(2, { price: "0.05" }),
    entry(3, { price: "0.1" })];
  entries[3].match = false;
  const order = sortedMatches(entries, "price", false, collator).map((e) => e.group.index);
  assert.deepEqual(order, [2, 0, 1]);
});

test("a column the row does not have sorts as unknown, whatever its name", () => {
  const one = entry(0, { price: "1" });
  for (const column of ["throughput", "constructor", "__proto__", "toString", "hasOwnProperty"]) {
    assert.equal(sortKey(one, column), null, column);
  }
  assert.equal(sortKey(one, "price"), 1);
});

test("among equal prices a list price comes before an example price, in either direction", () => {
  const example = entry(0, { price: "0.07", throughput: "5" });
  example.offering = { priceBasis: "example" };
  const listed = entry(1, { price: "0.07", throughput: "5" });
  listed.offering = { priceBasis: "list" };
  for (const descending of [false, true]) {
    const order = sortedMatches([example, listed], "price", descending, collator).map((e) => e.group.index);
    assert.deepEqual(order, [1, 0]);
  }
  assert.equal(basisRank(example, "cost"), 1);
  assert.equal(basisRank(example, "throughput"), 0); // other columns keep the page's order
  assert.deepEqual(sortedMatches([example, listed], "throughput", false, collator).map((e) => e.group.index), [0, 1]);
});

test("storage included in a plan sorts after every price and before unknown ones, in either direction", () => {
  const entries = [entry(0, { price: undefined }), entry(1, { price: undefined }), entry(2, { price: "0.1" }),
    entry(3, { price: "0" })];
  entries[1].offering = { included: true };
  assert.deepEqual(sortedMatches(entries, "price", false, collator).map((e) => e.group.index), [3, 2, 1, 0]);
  assert.deepEqual(sortedMatches(entries, "price", true, collator).map((e) => e.group.index), [2, 3, 1, 0]);
  // it has what a price column sorts by ("only known values" keeps it), not what another column does
  assert.equal(hasFigure(entries[1], "price"), true);
  assert.equal(hasFigure(entries[0], "price"), false);
  assert.equal(unpricedRank(entries[1], "egress"), 1);
});
