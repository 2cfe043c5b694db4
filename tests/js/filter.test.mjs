// Filtering offerings (docs/assets/compare/filter.js): which match, and what each choice would leave.
import assert from "node:assert/strict";
import test from "node:test";

import { filterOf, markMatches, tallyChoices } from "../../docs/assets/compare/filter.js";
import { choicesOf, readQuery, viewKeys } from "../../docs/assets/compare/state.js";

const FILTERS = ["billed", "multi", "region"];
const KEYS = viewKeys(FILTERS);
const OFFERED = {
  kind: ["network_volume", "block_volume", "object_storage"],
  egress: ["free"],
  billed: ["yes", "no"],
  multi: ["yes", "no"],
  region: ["zone", "region", "global"],
};
const CHOICES = choicesOf(OFFERED, { filters: FILTERS, presets: {}, rates: {} });

function provider(name, index, offerings) {
  const group = { name: name.toLowerCase(), index: index, rows: [] };
  offerings.forEach((data, position) => group.rows.push({ data: data, group: group, position: position }));
  return group;
}

const GROUPS = [
  provider("Alpha Cloud", 0, [
    { kind: "network_volume", egress: "free", billed: "yes", multi: "no", region: "zone" },
    { kind: "object_storage", egress: "table", billed: "yes", multi: "yes", region: "global" },
  ]),
  provider("Beta Cloud", 1, [
    { kind: "block_volume", egress: "unknown", billed: "no", multi: "no", region: "region" },
  ]),
  provider("Delta Cloud", 2, []), // no persistent storage
];
const ENTRIES = GROUPS.flatMap((group) => group.rows);

function filterFor(query) {
  return filterOf(readQuery(query, KEYS, CHOICES), FILTERS);
}

function shown(query) {
  markMatches(GROUPS, filterFor(query), () => null);
  return GROUPS.filter((group) => group.match).map((group) => group.name);
}

test("no filter shows every provider, those without storage too", () => {
  assert.deepEqual(shown(""), ["alpha cloud", "beta cloud", "delta cloud"]);
});

test("filters on offerings leave out providers without storage", () => {
  assert.deepEqual(shown("?billed=no"), ["beta cloud"]);
  assert.deepEqual(shown("?kind=object_storage,block_volume"), ["alpha cloud", "beta cloud"]);
  assert.deepEqual(shown("?egress=free&multi=no"), ["alpha cloud"]);
  assert.deepEqual(shown("?name=TA"), ["beta cloud", "delta cloud"]);
});

test("each choice counts what it would leave given the other filters", () => {
  const filter = filterFor("?billed=yes");
  markMatches(GROUPS, filter, () => null);
  const tallies = tallyChoices(ENTRIES, filter, ["kind", "egress", ...FILTERS]);
  assert.equal(tallies.billed.yes, 2);
  assert.equal(tallies.billed.no, 1); // its own filter is not applied to its choices
  assert.equal(tallies.multi.yes, 1);
  assert.equal(tallies.kind.block_volume, undefined); // billed=yes leaves it out
  assert.equal(tallies.kind.constructor, undefined);
});

test("the matches are counted in both units: offerings and providers", () => {
  assert.deepEqual(markMatches(GROUPS, filterFor(""), () => null), { providers: 3, offerings: 3 });
  assert.deepEqual(markMatches(GROUPS, filterFor("?billed=yes"), () => null), {
    providers: 1,
    offerings: 2,
  });
});

test("binding takes several values, and a link made when it took one still works", () => {
  assert.deepEqual(shown("?region=zone"), ["alpha cloud"]);
  assert.deepEqual(shown("?region=region,global"), ["alpha cloud", "beta cloud"]);
  assert.deepEqual(shown("?region=region,nowhere"), ["beta cloud"]); // a value not offered is ignored
});

test("the name filter takes several names, separated by commas", () => {
  assert.deepEqual(shown("?name=alpha, delta"), ["alpha cloud", "delta cloud"]);
  assert.deepEqual(shown("?name=beta,"), ["beta cloud"]);
  assert.deepEqual(shown("?name=%2C"), ["alpha cloud", "beta cloud", "delta cloud"]);
});
