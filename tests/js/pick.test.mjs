// The offerings ticked to compare (docs/assets/compare/pick.js) and their place in the URL's state.
import assert from "node:assert/strict";
import test from "node:test";

import { offeringId, pickedIds, togglePick } from "../../docs/assets/compare/pick.js";
import { choicesOf, presetChanged, readQuery, resetTo, viewKeys, writeQuery } from "../../docs/assets/compare/state.js";

const KEYS = viewKeys(["billed"]);
const SETTINGS = { presets: { fleet: { billed: "yes", sort: "price" } }, rates: {} };
const IDS = ["alpha-cloud:1", "alpha-cloud:2", "beta-cloud:1"];
const CHOICES = choicesOf({ billed: ["yes", "no"], sort: ["price"] }, SETTINGS, IDS);

test("an offering is named by its provider and its number there", () => {
  assert.equal(offeringId("alpha-cloud", 2), "alpha-cloud:2");
});

test("ticking adds an offering last, unticking leaves it out, each once", () => {
  let pick = togglePick("", "beta-cloud:1", true);
  pick = togglePick(pick, "alpha-cloud:1", true);
  assert.equal(pick, "beta-cloud:1,alpha-cloud:1"); // in the order ticked
  assert.equal(togglePick(pick, "beta-cloud:1", true), "alpha-cloud:1,beta-cloud:1");
  assert.equal(togglePick(pick, "beta-cloud:1", false), "alpha-cloud:1");
  assert.deepEqual(pickedIds("a:1,,a:1,b:2"), ["a:1", "b:2"]);
  assert.deepEqual(pickedIds(""), []);
});

test("a link's ticks are kept if the page has those offerings, each once; the view with them", () => {
  const state = readQuery("?pick=beta-cloud:1,nowhere:9,__proto__,beta-cloud:1,alpha-cloud:2&side=1", KEYS, CHOICES);
  assert.equal(state.pick, "beta-cloud:1,alpha-cloud:2");
  assert.equal(state.side, "1");
  assert.equal(readQuery("?side=yes", KEYS, CHOICES).side, "");
  assert.equal(writeQuery(state, KEYS), "pick=beta-cloud%3A1%2Calpha-cloud%3A2&side=1");
});

test("a preset or a reset keeps the ticks; ticking leaves a preset as chosen", () => {
  const state = readQuery("?pick=alpha-cloud:1&side=1&billed=no", KEYS, CHOICES);
  resetTo(state, KEYS, SETTINGS.presets, "fleet");
  assert.equal(state.pick, "alpha-cloud:1");
  assert.equal(state.side, "1");
  assert.equal(state.billed, "yes");
  state.pick = "alpha-cloud:1,beta-cloud:1";
  assert.equal(presetChanged(state, SETTINGS.presets), false);
});
