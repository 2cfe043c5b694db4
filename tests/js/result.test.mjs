// What describes the rows (docs/assets/compare/result.js): costs and counts, each made once needed.
import assert from "node:assert/strict";
import test from "node:test";

import { resultOf, shownCount } from "../../docs/assets/compare/result.js";
import { countWriter, localNumbers, messageFiller } from "../../docs/assets/compare/numbers.js";
import { choicesOf, readQuery, viewKeys } from "../../docs/assets/compare/state.js";

const FILTERS = ["billed"];
const KEYS = viewKeys(FILTERS);
const CHOICES = choicesOf(
  { kind: ["block_volume", "object_storage"], billed: ["yes", "no"], known: ["1"], sort: ["cost"] },
  { filters: FILTERS, presets: {}, rates: { EUR: { usd_per_unit: 1.2 } } }
);

// two offerings of one provider: 0.10 USD per GB-month, and one without a price
function rows() {
  const group = { name: "alpha cloud", index: 0, rows: [] };
  const priced = {
    tiers: [[null, 0.1]],
    fee: 0,
    egress: "free",
    egressRate: null,
    egressIncluded: 0,
    billedIdle: "yes",
    idleTiers: null,
    maxGb: null,
    included: false,
    currency: "USD",
  };
  const unpriced = Object.assign({}, priced, { tiers: null });
  [
    { data: { kind: "block_volume", egress: "free", billed: "yes" }, offering: priced },
    { data: { kind: "object_storage", egress: "free", billed: "no" }, offering: unpriced },
  ].forEach((entry, position) => group.rows.push(Object.assign(entry, { group, position, keys: {} })));
  return { groups: [group], entries: group.rows };
}

function state(query) {
  return readQuery(query, KEYS, CHOICES);
}

test("costs are made once asked for, for the amounts last read, and not again for the same ones", () => {
  const table = rows();
  const result = resultOf(table, FILTERS, 730);
  assert.equal(result.readAmounts(state("")), ""); // no size: no cost
  const key = result.readAmounts(state("?gb=100"));
  assert.notEqual(key, "");
  assert.equal(table.entries[0].costs, undefined); // read, not yet made
  result.applyDueCosts();
  assert.equal(table.entries[0].costs.monthly, 10); // 100 GB at 0.10 USD
  assert.equal(table.entries[1].costs.monthly, null); // unknown, never 0
  table.entries[0].costs = "kept";
  assert.equal(result.readAmounts(state("?gb=100")), key);
  result.applyDueCosts();
  assert.equal(table.entries[0].costs, "kept"); // the same amounts: nothing made again
  assert.notEqual(result.readAmounts(state("?gb=100&cur=EUR")), key); // another currency is another key
});

test("a filter on known costs makes the costs before it matches", () => {
  const table = rows();
  const result = resultOf(table, FILTERS, 730);
  result.readAmounts(state("?gb=100&known=1&sort=cost"));
  const matching = result.match(state("?gb=100&known=1&sort=cost"));
  assert.equal(matching.offerings, 1); // the priced offering alone
  assert.equal(table.entries[0].costs.monthly, 10);
});

test("the choices' counts are given once per filter, and not again for a sort", () => {
  const table = rows();
  const result = resultOf(table, FILTERS, 730);
  result.match(state("?billed=yes"));
  const counts = result.dueCounts();
  assert.ok(counts);
  assert.equal(result.dueCounts(), null); // given: not again
  result.match(state("?billed=yes&sort=cost"));
  assert.equal(result.dueCounts(), null); // sorting changes no count
  result.match(state("?billed=no"));
  assert.ok(result.dueCounts());
});

test("a folded table says how many of the matching offerings it shows", () => {
  const counts = {
    shown: { message: "{offerings} von {providers}", numbers: {}, none: null },
    folded: { message: "{shown} von {total} gezeigt", numbers: {}, none: null },
  };
  const count = countWriter(counts, messageFiller("de", localNumbers("de")));
  assert.equal(shownCount(count, { offerings: 4000, providers: 2000 }, 0), "4.000 von 2.000");
  assert.equal(shownCount(count, { offerings: 4000, providers: 2000 }, 3950), "4.000 von 2.000 · 50 von 4.000 gezeigt");
});
