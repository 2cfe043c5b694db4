// The view's state and its URL query (docs/assets/compare/state.js): what a shared link restores.
import assert from "node:assert/strict";
import test from "node:test";

import {
  dropBrokenAmounts,
  fillFromPreset,
  readQuery,
  resetTo,
  viewKeys,
  writeQuery,
} from "../../docs/assets/compare/state.js";

const FILTERS = ["billed", "multi", "region", "spot"];
const KEYS = viewKeys(FILTERS);
const SETTINGS = {
  filters: FILTERS,
  presets: { fleet: { multi: "yes", sort: "price", dir: "asc" } },
  rates: { EUR: { usd_per_unit: 1.2, note: "" } },
};

test("every key of the view is in the state, empty unless the query sets it", () => {
  const state = readQuery("", KEYS, SETTINGS);
  assert.deepEqual(Object.keys(state), KEYS);
  assert.ok(Object.values(state).every((value) => value === ""));
});

test("a state survives its query: written, read back, the same", () => {
  const state = readQuery("", KEYS, SETTINGS);
  Object.assign(state, {
    name: "Tom's & Co #1",
    kind: "block_volume,network_volume",
    billed: "yes",
    sort: "price",
    dir: "desc",
    gb: "250.5",
    cur: "EUR",
    preset: "fleet",
  });
  const query = writeQuery(state, KEYS);
  assert.ok(!query.includes("months") && !query.startsWith("?"), query); // empty keys are left out
  assert.deepEqual(readQuery("?" + query, KEYS, SETTINGS), state);
});

test("unknown keys are ignored", () => {
  const state = readQuery("?sort=price&evil=1&__proto__=x&constructor=y&toString=z", KEYS, SETTINGS);
  assert.equal(state.sort, "price");
  for (const key of ["evil", "__proto__", "constructor", "toString"]) {
    assert.equal(Object.prototype.hasOwnProperty.call(state, key), false, key);
  }
  assert.equal(Object.getPrototypeOf(state), Object.prototype);
  assert.equal(writeQuery(state, KEYS), "sort=price");
});

test("a preset or currency the page does not offer is dropped", () => {
  const state = readQuery("?preset=nope&cur=XYZ", KEYS, SETTINGS);
  assert.equal(state.preset, "");
  assert.equal(state.cur, "");
});

test("a link's preset fills what the link leaves empty", () => {
  const state = readQuery("?preset=fleet&dir=desc", KEYS, SETTINGS);
  fillFromPreset(state, SETTINGS.presets);
  assert.equal(state.multi, "yes");
  assert.equal(state.sort, "price");
  assert.equal(state.dir, "desc");
});

test("a reset empties every key, then applies the preset chosen", () => {
  const state = readQuery("?name=x&gb=5&spot=no", KEYS, SETTINGS);
  resetTo(state, KEYS, SETTINGS.presets, "fleet");
  assert.equal(writeQuery(state, KEYS), "sort=price&dir=asc&preset=fleet&multi=yes");
  resetTo(state, KEYS, SETTINGS.presets, "");
  assert.equal(writeQuery(state, KEYS), "");
});

test("broken or absurd amounts of a link are dropped, and said to be", () => {
  const state = readQuery("?gb=250&months=1e999&out=-3", KEYS, SETTINGS);
  assert.equal(dropBrokenAmounts(state), true);
  assert.deepEqual([state.gb, state.months, state.out], ["250", "", ""]);
  assert.equal(dropBrokenAmounts(state), false);
});
