// The cost calculator (docs/assets/compare/cost.js) on offerings shaped as rows.js reads them. The
// figures are round so that each expected cost can be checked by hand.
import assert from "node:assert/strict";
import test from "node:test";

import {
  applyCosts,
  calculatorAmounts,
  costsOf,
  egressCost,
  idleCost,
  idleRate,
  storageCost,
  usageCost,
} from "../../docs/assets/compare/cost.js";

function offering(fields) {
  return {
    tiers: [[null, 0.1]],
    idleTiers: null,
    billedIdle: "yes",
    fee: 0,
    egress: "free",
    egressRate: null,
    egressIncluded: 0,
    egressPooled: false,
    maxGb: null,
    ...fields,
  };
}

const MONTH = 730; // the page's hours a month (settings.hours_per_month)
const AMOUNTS = { gb: 1500, months: 3, out: 0, hours: MONTH, idleHours: 0 };
const HALF = { ...AMOUNTS, gb: 100, hours: 365, idleHours: 365 };

// money in floating point: equal to the cent's ten-thousandth
function near(actual, expected) {
  assert.equal(typeof actual, "number");
  assert.ok(Math.abs(actual - expected) < 1e-6, `${actual} is not ${expected}`);
}

test("tiers are charged in turn: 1,000 GB at 0.07 and 500 GB at 0.05", () => {
  near(storageCost([[1000, 0.07], [null, 0.05]], 0, 1500), 95);
  near(storageCost([[1000, 0.07], [null, 0.05]], 0, 400), 28); // the first tier alone
});

test("a free first tier is an allowance", () => {
  near(storageCost([[100, 0], [null, 0.02]], 0, 100), 0);
  near(storageCost([[100, 0], [null, 0.02]], 0, 600), 10);
});

test("a monthly fee is paid whatever the size", () => {
  near(storageCost([[null, 0.02]], 5, 0), 5);
  near(storageCost([[null, 0.02]], 5, 1000), 25);
});

test("the idle price has its own tiers where the data gives them", () => {
  const stopped = offering({ tiers: [[null, 0.07]], idleTiers: [[null, 0.14]], fee: 1 });
  near(idleCost(stopped, 100, 8), 15);
  near(idleCost(offering({ billedIdle: "no" }), 100, 8), 0);
  near(idleCost(offering({ billedIdle: "yes" }), 100, 8), 8);
  near(idleCost(offering({ billedIdle: "not_applicable" }), 100, 8), 8);
  assert.equal(idleCost(offering({ billedIdle: "unknown" }), 100, 8), null);
});

test("egress is charged above the offering's free allowance", () => {
  const fee = offering({ egress: "table", egressRate: 0.01, egressIncluded: 100 });
  near(egressCost(fee, 1100), 10);
  near(egressCost(fee, 50), 0); // within the allowance
  near(egressCost(fee, 0), 0);
});

test("a pooled allowance belongs to the account and is not counted", () => {
  const pooled = offering({ egress: "table", egressRate: 0.01, egressIncluded: 100, egressPooled: true });
  near(egressCost(pooled, 1100), 11);
});

test("free egress costs nothing; an unknown or per-host fee is unknown", () => {
  near(egressCost(offering({ egress: "free" }), 1e6), 0);
  assert.equal(egressCost(offering({ egress: "unknown" }), 10), null);
  assert.equal(egressCost(offering({ egress: "varies" }), 10), null);
});

test("a month's cost adds storage and egress; the total counts the months", () => {
  const tiered = offering({ tiers: [[1000, 0.07], [null, 0.05]], egress: "table", egressRate: 0.01 });
  const costs = costsOf(tiered, { ...AMOUNTS, out: 1000 });
  near(costs.storage, 95);
  near(costs.monthly, 105);
  near(costs.total, 315);
  assert.equal(costs.months, 3);
  assert.equal(costs.egressKnown, true);
  assert.equal(costs.tooLarge, false);
  near(costs.rank, 105);
});

test("too large for the offering is flagged and ranked after every offering that fits", () => {
  const small = costsOf(offering({ maxGb: 1000 }), AMOUNTS);
  const unknownEgress = costsOf(offering({ egress: "unknown", tiers: [[null, 9]] }), { ...AMOUNTS, out: 1 });
  const dear = costsOf(offering({ tiers: [[null, 9]] }), AMOUNTS);
  assert.equal(small.tooLarge, true);
  assert.equal(unknownEgress.egressKnown, false);
  assert.ok(dear.rank < unknownEgress.rank && unknownEgress.rank < small.rank);
  assert.equal(costsOf(offering({ maxGb: 1500 }), AMOUNTS).tooLarge, false); // exactly the maximum fits
});

test("an unknown price has no cost and no sort key", () => {
  assert.deepEqual(costsOf(offering({ tiers: null }), AMOUNTS), { monthly: null });
  const entries = [{ offering: offering({ tiers: null }), keys: { price: 1 } }];
  applyCosts(entries, AMOUNTS);
  assert.equal(entries[0].keys.cost, null);
  assert.equal("price" in entries[0].keys, false); // read again from its cell
});

test("with a size set, price sorts by the effective monthly price", () => {
  const entries = [{ offering: offering({ tiers: [[null, 0.07]], fee: 6 }), keys: {} }];
  applyCosts(entries, { gb: 10, months: 1, out: 0, hours: MONTH, idleHours: 0 });
  near(entries[0].keys.price, 6.7);
  applyCosts(entries, null); // the calculator emptied: no costs, price from the cell again
  assert.equal(entries[0].costs, null);
  assert.equal("price" in entries[0].keys, false);
});

test("the calculator starts with a size; months are at least one, egress at least zero", () => {
  assert.equal(calculatorAmounts({ gb: "", months: "2", out: "", hours: "" }, MONTH), null);
  assert.deepEqual(calculatorAmounts({ gb: "250", months: "", out: "", hours: "" }, MONTH), {
    gb: 250, months: 1, out: 0, hours: MONTH, idleHours: 0,
  });
  assert.deepEqual(calculatorAmounts({ gb: "0", months: "0.5", out: "7", hours: "" }, MONTH), {
    gb: 0, months: 1, out: 7, hours: MONTH, idleHours: 0,
  });
});

test("the GPU runs all month unless the reader says less; never more than the month, never less than none", () => {
  const amounts = (hours) => calculatorAmounts({ gb: "100", months: "", out: "", hours: hours }, MONTH);
  assert.equal(amounts("").hours, MONTH); // a link made before the hours existed: all month, as then
  assert.equal(amounts(undefined).hours, MONTH);
  assert.deepEqual([amounts("365").hours, amounts("365").idleHours], [365, 365]);
  assert.deepEqual([amounts("0").hours, amounts("0").idleHours], [0, MONTH]);
  assert.equal(amounts("5000").hours, MONTH);
});

test("running and idle storage are totalled apart: 0.10 running, 0.20 stopped, half the month each", () => {
  // RunPod's volume disk: 0.10 USD per GB-month while the pod runs, 0.20 while it is stopped
  const disk = offering({ tiers: [[null, 0.1]], idleTiers: [[null, 0.2]] });
  const use = usageCost(disk, HALF);
  near(use.running, 5); // 100 GB * 0.10 * 365/730
  near(use.idle, 10); // 100 GB * 0.20 * 365/730
  const all = usageCost(disk, { ...HALF, hours: MONTH, idleHours: 0 });
  near(all.running, 10);
  near(all.idle, 0); // no idle hour: nothing idle to pay
  const costs = costsOf(disk, HALF);
  near(costs.monthly, 15);
  near(costs.total, 45);
  near(costs.idleMonth, 20); // a whole month stopped: what the idle sort compares
});

test("idle hours cost the idle price, nothing where not billed while detached, unknown where unknown", () => {
  near(usageCost(offering({ billedIdle: "no" }), HALF).idle, 0);
  near(usageCost(offering({ billedIdle: "yes" }), HALF).idle, 5); // billed alike: the running price
  near(usageCost(offering({ billedIdle: "not_applicable" }), HALF).idle, 5);
  assert.equal(usageCost(offering({ billedIdle: "unknown" }), HALF).idle, null);
  // a fee is paid all month: half with the GPU running, half without
  const fee = usageCost(offering({ tiers: [[null, 0.1]], fee: 4, billedIdle: "yes" }), HALF);
  near(fee.running + fee.idle, 14);
  const never = usageCost(offering({ idleTiers: [[null, 0.2]] }), { ...HALF, hours: 0, idleHours: MONTH });
  near(never.running, 0);
  near(never.idle, 20);
});

test("an unknown idle cost ranks with the other unknown parts, after every offering fully known", () => {
  const unknownIdle = costsOf(offering({ billedIdle: "unknown", tiers: [[null, 0.01]] }), HALF);
  const dear = costsOf(offering({ tiers: [[null, 9]] }), HALF);
  assert.equal(unknownIdle.idle, null);
  near(unknownIdle.monthly, 0.5); // what is known: the running half
  assert.ok(dear.rank < unknownIdle.rank);
  // all month running, the unknown idle price does not matter
  const running = costsOf(offering({ billedIdle: "unknown" }), AMOUNTS);
  assert.equal(running.idle, 0);
  assert.ok(running.rank < 1e12);
});

test("without a size, cost while idle sorts by a GB's idle rate; with one, by the idle cost", () => {
  assert.equal(idleRate(offering({ idleTiers: [[null, 0.2]] })), 0.2);
  assert.equal(idleRate(offering({ billedIdle: "no" })), 0);
  assert.equal(idleRate(offering({ billedIdle: "not_applicable" })), 0.1);
  assert.equal(idleRate(offering({ billedIdle: "unknown" })), null);
  assert.equal(idleRate(offering({ tiers: null })), null);
  // included in a plan: no figure of its own, not 0, even where nothing bills while idle
  assert.equal(idleRate(offering({ tiers: null, included: true, billedIdle: "no" })), null);
  const entries = [{ offering: offering({ billedIdle: "no" }), keys: {} }, { offering: offering({}), keys: {} }];
  applyCosts(entries, AMOUNTS);
  assert.deepEqual(
    entries.map((entry) => entry.keys.idle),
    [0, 150]
  );
  applyCosts(entries, null);
  assert.deepEqual(
    entries.map((entry) => entry.keys.idle),
    [0, 0.1]
  );
});
