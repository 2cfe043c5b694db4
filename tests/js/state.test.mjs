// The view's state and its URL query (docs/assets/compare/state.js): what a shared link restores.
import assert from "node:assert/strict";
import test from "node:test";

import {
  choicesOf,
  dropBrokenAmounts,
  fillFromPreset,
  presetChanged,
  readQuery,
  resetTo,
  viewKeys,
  writeQuery,
} from "../../docs/assets/compare/state.js";
import { MAX_AMOUNT } from "../../docs/assets/compare/numbers.js";

const FILTERS = ["billed", "multi", "region", "spot"];
const KEYS = viewKeys(FILTERS);
const SETTINGS = {
  filters: FILTERS,
  presets: { fleet: { multi: "yes", sort: "price", dir: "asc" } },
  rates: { EUR: { usd_per_unit: 1.2, note: "" } },
};
// what the page's controls offer (form.js reads them from the form)
const OFFERED = {
  kind: ["network_volume", "block_volume", "object_storage"],
  billed: ["yes", "no"],
  multi: ["yes", "partial", "no"],
  region: ["machine", "zone"],
  spot: ["yes", "no", "not_applicable"],
  egress: ["free"],
  sort: ["product", "cost", "price", "throughput", "checked"],
  dir: ["asc", "desc"],
  known: ["1"],
  cur: ["EUR", "CNY"], // the settings' rates decide
};
const CHOICES = choicesOf(OFFERED, SETTINGS);
const HOSTILE = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "prototype"];

test("every key of the view is in the state, empty unless the query sets it", () => {
  const state = readQuery("", KEYS, CHOICES);
  assert.deepEqual(Object.keys(state), KEYS);
  assert.ok(Object.values(state).every((value) => value === ""));
});

test("a state survives its query: written, read back, the same", () => {
  const state = readQuery("", KEYS, CHOICES);
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
  assert.deepEqual(readQuery("?" + query, KEYS, CHOICES), state);
});

test("unknown keys are ignored", () => {
  const state = readQuery("?sort=price&evil=1&__proto__=x&constructor=y&toString=z", KEYS, CHOICES);
  assert.equal(state.sort, "price");
  for (const key of ["evil", "__proto__", "constructor", "toString"]) {
    assert.equal(Object.prototype.hasOwnProperty.call(state, key), false, key);
  }
  assert.equal(Object.getPrototypeOf(state), Object.prototype);
  assert.equal(writeQuery(state, KEYS), "sort=price");
});

test("a preset or currency the page does not offer is dropped", () => {
  const state = readQuery("?preset=nope&cur=XYZ", KEYS, CHOICES);
  assert.equal(state.preset, "");
  assert.equal(state.cur, "");
  assert.equal(readQuery("?cur=CNY", KEYS, CHOICES).cur, ""); // offered, but the page has no rate
});

test("every name of a link is one the page offers; others are ignored", () => {
  const state = readQuery("?sort=storage&dir=up&billed=maybe&egress=paid&known=yes&all=2", KEYS, CHOICES);
  assert.equal(writeQuery(state, KEYS), "");
  const kinds = readQuery("?kind=block_volume,tape,network_volume,", KEYS, CHOICES);
  assert.equal(kinds.kind, "block_volume,network_volume"); // the kinds offered are kept
});

test("names that only objects have (constructor, __proto__...) are ignored in every parameter", () => {
  for (const name of HOSTILE) {
    const query = KEYS.map((key) => `${key}=${encodeURIComponent(name)}`).join("&");
    const state = readQuery("?" + query, KEYS, CHOICES);
    assert.notEqual(dropBrokenAmounts(state, 730), false); // amounts are numbers or nothing
    const kept = KEYS.filter((key) => state[key] !== "");
    assert.deepEqual(kept, ["name"], name); // the name searched for is free text
    assert.equal(state.name, name);
    assert.equal(typeof state.sort, "string");
  }
});

test("a link of any length keeps the names the page offers and drops the rest (issue #31)", () => {
  // about 265 KB: one offering the page has, amid names it has not and one endless name
  const ids = ["alpha-cloud:1", "beta-cloud:2"];
  const junk = Array.from({ length: 20000 }, (_, place) => "nowhere:" + place).join(",");
  const pick = [junk, "beta-cloud:2", "x".repeat(100000), junk, "beta-cloud:2"].join(",");
  const name = "y".repeat(60000);
  const query = `?pick=${encodeURIComponent(pick)}&name=${name}&kind=block_volume&gb=${"9".repeat(5000)}`;
  assert.ok(query.length > 265000, String(query.length));
  const state = readQuery(query, KEYS, choicesOf(OFFERED, SETTINGS, ids));
  dropBrokenAmounts(state, 730);
  assert.equal(state.pick, "beta-cloud:2"); // ticked once
  assert.equal(state.kind, "block_volume"); // the rest of the link kept
  assert.equal(writeQuery(state, KEYS), "kind=block_volume&pick=beta-cloud%3A2"); // the address cleaned
});

test("a searched text past a sane length is dropped; one of that length is kept", () => {
  assert.equal(readQuery("?name=" + "a".repeat(200), KEYS, CHOICES).name.length, 200);
  assert.equal(readQuery("?name=" + "a".repeat(201), KEYS, CHOICES).name, "");
});

test("the choices a link is checked against are the page's own", () => {
  assert.deepEqual(CHOICES.preset, ["fleet"]);
  assert.deepEqual(CHOICES.cur, ["EUR"]);
  assert.deepEqual(CHOICES.all, ["1"]);
  assert.deepEqual(CHOICES.sort, OFFERED.sort);
  assert.equal(Object.prototype.hasOwnProperty.call(CHOICES, "name"), false); // free text
});

test("a link's preset fills what the link leaves empty", () => {
  const state = readQuery("?preset=fleet&dir=desc", KEYS, CHOICES);
  fillFromPreset(state, SETTINGS.presets);
  assert.equal(state.multi, "yes");
  assert.equal(state.sort, "price");
  assert.equal(state.dir, "desc");
});

test("a reset empties every key, then applies the preset chosen", () => {
  const state = readQuery("?name=x&gb=5&spot=no", KEYS, CHOICES);
  resetTo(state, KEYS, SETTINGS.presets, "fleet");
  assert.equal(writeQuery(state, KEYS), "sort=price&dir=asc&preset=fleet&multi=yes");
  resetTo(state, KEYS, SETTINGS.presets, "");
  assert.equal(writeQuery(state, KEYS), "");
});

test("broken or absurd amounts of a link are dropped, and said to be", () => {
  const state = readQuery("?gb=250&months=1e999&out=-3&hours=731", KEYS, CHOICES);
  assert.equal(dropBrokenAmounts(state, 730), 730); // the hint names the last one's limit
  assert.deepEqual([state.gb, state.months, state.out, state.hours], ["250", "", "", ""]);
  assert.equal(dropBrokenAmounts(state, 730), false);
  const half = readQuery("?gb=250&hours=365", KEYS, CHOICES);
  assert.equal(dropBrokenAmounts(half, 730), false); // at most the month's hours, 0 included
  assert.equal(half.hours, "365");
  const months = readQuery("?months=1e999", KEYS, CHOICES);
  assert.equal(dropBrokenAmounts(months, 730), MAX_AMOUNT); // an amount's limit, not the hours'
});

test("the hours the GPU runs are a parameter of their own: older links read as before", () => {
  const old = "kind=block_volume&sort=price&dir=desc&gb=250&months=2&billed=yes";
  const state = readQuery("?" + old, KEYS, CHOICES);
  assert.equal(state.hours, ""); // none: the calculator counts the whole month, as it did
  assert.equal(writeQuery(state, KEYS), old); // the same link again
  state.hours = "365";
  assert.equal(writeQuery(state, KEYS), old.replace("&billed", "&hours=365&billed"));
});

test("a preset adjusted by a filter or the sort shows as changed; amounts leave it as it is", () => {
  const state = readQuery("", KEYS, CHOICES);
  resetTo(state, KEYS, SETTINGS.presets, "fleet");
  assert.equal(presetChanged(state, SETTINGS.presets), false);
  state.gb = "500";
  state.cur = "EUR";
  assert.equal(presetChanged(state, SETTINGS.presets), false);
  state.spot = "yes";
  assert.equal(presetChanged(state, SETTINGS.presets), true);
  state.spot = "";
  state.sort = "throughput";
  assert.equal(presetChanged(state, SETTINGS.presets), true);
  state.preset = "";
  assert.equal(presetChanged(state, SETTINGS.presets), false);
});
