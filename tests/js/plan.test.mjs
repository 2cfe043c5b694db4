// The planner's cost model (docs/assets/planner/plan.js) on offerings shaped as the planner page's
// settings carry them. Round figures, so that each expected cost can be checked by hand.
import assert from "node:assert/strict";
import test from "node:test";

import {
  MAX_RUNS,
  alternative,
  amountPlaceholders,
  breakEven,
  chartPoints,
  chartRuns,
  compareOffering,
  exactIn,
  fetchCost,
  holds,
  keepCost,
  maxRuns,
  planAmounts,
  runsToDraw,
  storeFor,
  storesByProvider,
  strategies,
  ticks,
  toUsd,
  waitHours,
} from "../../docs/assets/planner/plan.js";

function near(actual, expected, what = "") {
  assert.equal(typeof actual, "number", what);
  assert.ok(Math.abs(actual - expected) < 1e-6, `${what} ${actual} is not ${expected}`);
}

const SETTINGS = {
  defaults: { gb: 500, runs: 10, run_hours: 4, gpu_usd: 2, from: "internet" },
  origins: {
    object: { rate_mb_s: 200, usd_per_gb: 0 },
    cloud: { rate_mb_s: 100, usd_per_gb: 0.09 },
    internet: { rate_mb_s: 50, usd_per_gb: 0 },
  },
  rates: { EUR: { usd_per_unit: 1.2 }, CNY: { usd_per_unit: 0.14 } },
  hours_per_month: 730,
};

function offering(fields) {
  return {
    provider: "alpha",
    kind: "network_volume",
    tiers: [[1000, 0.07], [null, 0.05]], // the fixture's Alpha Volume
    idleTiers: null,
    billedIdle: "yes",
    fee: 0,
    maxGb: 4000,
    included: false,
    readMbS: 200,
    ...fields,
  };
}

// Alpha Buckets: EUR 0.02 a GiB-month beyond 100 free GiB, EUR 5 a month (at 1.2 USD a euro, per GB)
const BUCKETS = offering({
  kind: "object_storage",
  tiers: [[107.3741824, 0], [null, 0.024 / 1.073741824]],
  fee: 6,
  billedIdle: "not_applicable",
  maxGb: null,
  readMbS: null,
});

const DEFAULTS = planAmounts({}, SETTINGS);

test("the defaults fill every amount the reader leaves empty", () => {
  assert.equal(DEFAULTS.gb, 500);
  assert.equal(DEFAULTS.runs, 10);
  assert.equal(DEFAULTS.runHours, 4);
  assert.equal(DEFAULTS.gpuUsd, 2);
  assert.equal(DEFAULTS.from, "internet");
  assert.deepEqual(DEFAULTS.origins.internet, { rateMbS: 50, perGbUsd: 0, priceCurrency: "USD" });
  assert.deepEqual(DEFAULTS.origins.cloud, { rateMbS: 100, perGbUsd: 0.09, priceCurrency: "USD" });
  assert.equal(DEFAULTS.gpuCurrency, "USD"); // the defaults' prices are in US dollars
});

test("typed amounts in another currency are converted to US dollars; only the chosen origin takes the reader's rate and price", () => {
  const amounts = planAmounts(
    { cur: "EUR", gpu: "1.5", from: "cloud", rate: "250", gbprice: "0.05", gb: "800", runs: "3", runhours: "2" },
    SETTINGS
  );
  near(amounts.gpuUsd, 1.8);
  assert.equal(amounts.gpuCurrency, "EUR");
  assert.equal(amounts.from, "cloud");
  near(amounts.origins.cloud.perGbUsd, 0.06);
  assert.equal(amounts.origins.cloud.priceCurrency, "EUR");
  assert.equal(amounts.origins.cloud.rateMbS, 250);
  assert.deepEqual(amounts.origins.internet, { rateMbS: 50, perGbUsd: 0, priceCurrency: "USD" }); // the page's own
  assert.equal(amounts.gb, 800);
  near(toUsd(10, "CNY", SETTINGS.rates), 1.4);
  near(toUsd(10, "USD", SETTINGS.rates), 10);
  // an origin the page does not offer is the default one
  assert.equal(planAmounts({ from: "__proto__" }, SETTINGS).from, "internet");
});

test("a figure is exact in a currency only where every amount in it is 0 or priced in it", () => {
  const volume = offering({ currency: "USD" });
  const buckets = { ...BUCKETS, currency: "EUR" };
  // the defaults: storage priced in USD, the GPU's default price in USD
  const kept = keepCost(volume, DEFAULTS, 10);
  assert.deepEqual(kept.pricedIn, { storage: "USD", transfer: null, waiting: "USD" });
  assert.equal(exactIn(kept, "total", "USD"), true);
  assert.equal(exactIn(kept, "total", "EUR"), false);
  assert.equal(exactIn(kept, "transfer", "EUR"), true); // 0 is 0 in any currency
  // the store's month in EUR: its storage is exact in EUR, the total (a USD GPU) in neither
  const copied = fetchCost(DEFAULTS.origins.object, DEFAULTS, 10, buckets, true);
  assert.equal(exactIn(copied, "storage", "EUR"), true);
  assert.equal(exactIn(copied, "storage", "USD"), false);
  assert.equal(exactIn(copied, "total", "USD"), false);
  assert.equal(exactIn(copied, "total", "EUR"), false);
  // the reader's GPU price typed in EUR: keeping on EUR storage is exact in EUR, no longer in USD
  const typed = planAmounts({ cur: "EUR", gpu: "1.5" }, SETTINGS);
  const euro = keepCost(offering({ currency: "EUR" }), typed, 10);
  assert.equal(exactIn(euro, "total", "EUR"), true);
  assert.equal(exactIn(euro, "total", "USD"), false);
  // no runs: no GPU hour is paid, so the storage alone decides
  assert.equal(exactIn(keepCost(offering({ currency: "EUR" }), DEFAULTS, 0), "total", "EUR"), true);
  // a currency the page has no rate for is USD, as toUsd takes it
  assert.equal(planAmounts({ cur: "XYZ", gpu: "1.5" }, SETTINGS).gpuCurrency, "USD");
});

test("a wait is the size over the rate, unknown where the rate is", () => {
  near(waitHours(500, 200), 500000 / 200 / 3600);
  near(waitHours(3600, 1000), 1);
  assert.equal(waitHours(500, null), null);
  assert.equal(waitHours(500, 0), null);
});

test("keeping costs the tiered storage and the GPU hours spent reading it", () => {
  const kept = keepCost(offering({}), DEFAULTS, 10);
  near(kept.storage, 35); // 500 GB at 0.07
  near(kept.wait, 2500 / 3600);
  near(kept.total, 35 + 10 * (2500 / 3600) * 2);
  assert.deepEqual(kept.missing, []);
  // past the first tier: 1000 at 0.07, 500 at 0.05
  near(keepCost(offering({}), { ...DEFAULTS, gb: 1500 }, 0).storage, 95);
});

test("hours without a GPU cost the idle price, nothing where not billed, unknown where unknown", () => {
  const amounts = { ...DEFAULTS, gb: 100 };
  // Beta Disk: 0.0001 USD a GB-hour running, 0.0002 stopped; 10 runs of 4 hours = 40 of 730 hours
  const beta = offering({ tiers: [[null, 0.073]], idleTiers: [[null, 0.146]] });
  near(keepCost(beta, amounts, 10).storage, 7.3 * (40 / 730) + 14.6 * (690 / 730));
  const free = offering({ tiers: [[null, 0.073]], billedIdle: "no" });
  near(keepCost(free, amounts, 10).storage, 7.3 * (40 / 730));
  const unknown = keepCost(offering({ billedIdle: "unknown" }), amounts, 10);
  assert.equal(unknown.storage, null);
  assert.equal(unknown.total, null);
  assert.deepEqual(unknown.missing, ["billed_while_detached"]);
  // a month of runs has no idle hour: the idle price does not matter
  near(keepCost(offering({ billedIdle: "unknown" }), { ...amounts, runHours: 73 }, 10).storage, 7);
});

test("an unknown price or throughput stays unknown and is named, never 0", () => {
  const none = keepCost(offering({ tiers: null, readMbS: null, billedIdle: "unknown" }), DEFAULTS, 10);
  assert.equal(none.total, null);
  assert.deepEqual(none.missing, ["price", "throughput"]);
  const slow = keepCost(offering({ readMbS: null }), DEFAULTS, 10);
  near(slow.storage, 35); // what is known is kept
  assert.equal(slow.total, null);
  assert.deepEqual(slow.missing, ["throughput"]);
});

test("fetching pays the origin's price per GB and the GPU hours spent waiting; object storage adds its month with fee and allowance", () => {
  const cloud = { rateMbS: 100, perGbUsd: 0.09 };
  const fetched = fetchCost(cloud, DEFAULTS, 10, null, false);
  near(fetched.transfer, 10 * 500 * 0.09);
  near(fetched.waiting, 10 * (5000 / 3600) * 2);
  near(fetched.total, 450 + 10 * (5000 / 3600) * 2);
  assert.equal(fetched.storage, 0);
  const copied = fetchCost({ rateMbS: 200, perGbUsd: 0 }, DEFAULTS, 10, BUCKETS, true);
  near(copied.storage, 6 + (500 - 107.3741824) * (0.024 / 1.073741824)); // fee + GB past the free GiB
  const nowhere = fetchCost({ rateMbS: 200, perGbUsd: 0 }, DEFAULTS, 10, null, true);
  assert.equal(nowhere.total, null);
  assert.deepEqual(nowhere.missing, ["object_storage"]);
});

test("a provider's object storage is its cheapest at the size, among those with a known price", () => {
  const dear = offering({ kind: "object_storage", tiers: [[null, 1]], fee: 0 });
  const unknown = offering({ kind: "object_storage", tiers: null });
  const stores = storesByProvider([offering({}), dear, BUCKETS, unknown]);
  assert.deepEqual(Array.from(stores.keys()), ["alpha"]); // an offering's provider, its stores with a price
  assert.equal(storeFor(stores, "alpha", 500), BUCKETS);
  assert.equal(storeFor(storesByProvider([offering({}), BUCKETS]), "beta", 500), null);
  assert.equal(storeFor(storesByProvider([dear]), "alpha", 5000), null); // it holds 4,000 GB at most
  assert.equal(holds(offering({ maxGb: 400 }), 500), false);
  assert.equal(holds(offering({ maxGb: null }), 500), true);
});

test("keeping pays off from the first run count where it costs no more than the alternative", () => {
  const alpha = offering({});
  const keep = (runs) => keepCost(alpha, DEFAULTS, runs);
  const internet = alternative(null, DEFAULTS); // 50 MB/s, free: 2.78 GPU hours at 2 USD a run
  // 35 + 1.39 n <= 5.56 n from n = 8.4
  assert.equal(breakEven(keep, internet, maxRuns(DEFAULTS)), 9);
  const line = compareOffering(alpha, null, DEFAULTS);
  assert.equal(line.cheaper, "keep"); // at 10 runs
  assert.equal(line.breakEven, 9);
  near(line.alternative.total, 10 * (10000 / 3600) * 2);
  assert.equal(compareOffering(alpha, null, { ...DEFAULTS, runs: 8 }).cheaper, "fetch");
  // an alternative that costs more at no run at all: keeping pays off at any number (0)
  const dearStore = offering({ kind: "object_storage", tiers: [[null, 1]], fee: 0 });
  const fromObject = planAmounts({ from: "object" }, SETTINGS);
  assert.equal(compareOffering(alpha, dearStore, fromObject).breakEven, 0);
  // one that is cheaper at every count: never (null), and unknown (undefined) where a cost is unknown
  assert.equal(compareOffering(alpha, BUCKETS, fromObject).breakEven, null);
  const unknown = compareOffering(offering({ readMbS: null }), null, DEFAULTS);
  assert.equal(unknown.breakEven, undefined);
  assert.equal(unknown.cheaper, null);
  assert.deepEqual(unknown.missing, ["throughput"]);
  assert.deepEqual(compareOffering(alpha, null, fromObject).missing, ["object_storage"]);
});

test("the three strategies: keep, copy in from the provider's object storage, download from the origin", () => {
  const ways = strategies(offering({}), BUCKETS, DEFAULTS);
  assert.equal(ways.downloadFrom, "internet");
  near(ways.keep(10).total, 35 + 10 * (2500 / 3600) * 2);
  near(ways.copy(10).total, 6 + (500 - 107.3741824) * (0.024 / 1.073741824) + 10 * (2500 / 3600) * 2);
  near(ways.download(10).total, 10 * (10000 / 3600) * 2);
  // the reader's origin is the object storage: the download comes from the internet
  assert.equal(strategies(offering({}), BUCKETS, planAmounts({ from: "object" }, SETTINGS)).downloadFrom, "internet");
  assert.equal(strategies(offering({}), BUCKETS, planAmounts({ from: "cloud" }, SETTINGS)).downloadFrom, "cloud");
});

test("the chart runs from 0 past the reader's runs and the break-even, with a point per run count", () => {
  assert.deepEqual(chartRuns(DEFAULTS, 9, 40), Array.from({ length: 21 }, (_, i) => i));
  assert.deepEqual(chartRuns({ ...DEFAULTS, runs: 2 }, null, 40), Array.from({ length: 11 }, (_, i) => i));
  // many runs: about `steps` points, the last one included; never more runs than a month holds
  const long = chartRuns({ ...DEFAULTS, runs: 150 }, undefined, 20);
  assert.equal(long[0], 0);
  assert.equal(long[long.length - 1], maxRuns(DEFAULTS)); // 182 runs of 4 hours fill 730
  assert.ok(long.length <= 22);
  assert.equal(maxRuns({ ...DEFAULTS, runHours: 0 }), MAX_RUNS);
  const points = chartPoints(strategies(offering({}), null, DEFAULTS), [0, 9]);
  near(points[1].keep, 35 + 9 * (2500 / 3600) * 2);
  near(points[1].download, 9 * (10000 / 3600) * 2);
  assert.equal(points[1].copy, null); // no object storage at the provider
  near(points[0].keep, 35);
});

test("axis marks are round and reach the top", () => {
  assert.deepEqual(ticks(47, 5), [0, 10, 20, 30, 40, 50]);
  assert.deepEqual(ticks(0.8, 4), [0, 0.2, 0.4, 0.6, 0.8]);
  assert.deepEqual(ticks(0, 4), [0]);
});

import { filtered, planChoices, planKeys, readPlan, validAmount, withoutFilters } from "../../docs/assets/planner/query.js";
import { carriedQuery } from "../../docs/assets/compare/state.js";

const PAGE = {
  ...SETTINGS,
  filters: ["billed", "multi", "region", "spot"],
  max_runs: 1000,
  offerings: [
    { id: "alpha-cloud:1", data: { kind: "network_volume", egress: "free", billed: "yes", multi: "yes", region: "datacenter", spot: "yes" } },
    { id: "beta-cloud:1", data: { kind: "block_volume", egress: "table", billed: "yes", multi: "no", region: "machine", spot: "no" } },
  ],
};

test("the planner reads the comparison's filters and its own amounts from a link, each checked", () => {
  const { state, dropped } = readPlan(
    "?kind=block_volume,__proto__&spot=yes&gb=800&runs=5000&runhours=4&gpu=1.5&from=cloud&cur=EUR&pick=beta-cloud:1,alpha-cloud:1&sort=price",
    PAGE
  );
  assert.equal(state.kind, "block_volume");
  assert.equal(state.spot, "yes");
  assert.equal(state.gb, "800");
  assert.equal(state.runs, ""); // more runs than a month holds: dropped, the limit named
  assert.equal(dropped, 1000);
  assert.equal(state.gpu, "1.5");
  assert.equal(state.from, "cloud");
  assert.equal(state.cur, "EUR");
  assert.equal(state.pick, "beta-cloud:1");
  assert.equal(Object.prototype.hasOwnProperty.call(state, "sort"), false); // not the planner's
  assert.equal(readPlan("?from=moon&gb=-3&rate=1e3", PAGE).state.from, "");
  assert.equal(readPlan("?gb=-3", PAGE).state.gb, "");
  assert.equal(validAmount("1e3", 1e9), false);
  assert.deepEqual(planChoices(PAGE).egress, ["free", "table"]);
  assert.ok(planKeys(PAGE.filters).indexOf("gbprice") !== -1);
  assert.equal(filtered(state, PAGE.filters), true);
  assert.equal(filtered(withoutFilters(state, PAGE.filters), PAGE.filters), false);
  assert.equal(withoutFilters(state, PAGE.filters).gb, "800");
});

test("the comparison's link carries the filters and the size, nothing else", () => {
  const keep = ["name", "kind", "egress", "billed", "multi", "region", "spot", "gb", "cur"];
  assert.equal(carriedQuery("kind=block_volume&sort=price&dir=desc&gb=500&out=20&spot=yes&pick=a:1", keep), "kind=block_volume&spot=yes&gb=500");
  assert.equal(carriedQuery("", keep), "");
});

test("the chart draws the reader's runs and the break-even among its steps, in order, once each", () => {
  const amounts = { ...DEFAULTS, runs: 13 };
  const steps = chartRuns(amounts, 17, 10);
  assert.ok(!steps.includes(13) && !steps.includes(17)); // off the steps, so they are added
  const runs = runsToDraw(amounts, 17);
  assert.deepEqual(runs, [...steps, 13, 17].sort((a, b) => a - b));
  const withoutEven = chartRuns(amounts, null, 10);
  assert.deepEqual(runsToDraw(amounts, null), [...withoutEven, 13].sort((a, b) => a - b)); // never: no point
  const onStep = runsToDraw({ ...DEFAULTS, runs: steps[1] }, undefined);
  assert.equal(new Set(onStep).size, onStep.length);
});

test("each field's placeholder is its default, in the currency chosen and for the origin chosen", () => {
  assert.deepEqual(amountPlaceholders(DEFAULTS, SETTINGS), {
    gb: 500,
    runs: 10,
    runhours: 4,
    gpu: 2,
    rate: 50, // from the internet, the default origin
    gbprice: 0,
  });
  const inEuros = amountPlaceholders({ ...DEFAULTS, currency: "EUR", from: "cloud" }, SETTINGS);
  assert.equal(inEuros.gpu, 1.67); // 2 USD at 1.2 USD a euro, in cents
  assert.equal(inEuros.gbprice, 0.075); // 0.09 USD a GB from another cloud, to four decimals
  assert.equal(inEuros.rate, 100);
});
