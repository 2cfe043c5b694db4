/* The planner's cost model: keep the data on an offering between runs, copy it in from the
 * provider's object storage at each start, or download it from its origin each time; per month, for
 * the amounts the reader gives. Pure: no DOM. Storage is priced by the comparison's own model
 * (compare/cost.js: tiers, monthly fee, allowances, the price while no GPU runs).
 *
 * An offering here is what the page's settings carry for it (render: planner_offering): the fields
 * cost.js reads ({tiers, idleTiers, billedIdle, fee, maxGb, included}) and `readMbS`, the lowest
 * absolute throughput its source gives (derive.read_mb_s), null where unknown, and `currency`, its
 * price's own. A figure that is unknown stays null, never 0, and the fact it needs is named in
 * `missing`. Each cost names the currency each of its parts is priced in (`pricedIn`): an amount is
 * exact there and converted in any other (exactIn). */

import { storageCost, usageCost } from "../compare/cost.js";
import { readsExact } from "../compare/numbers.js";

const MB_PER_GB = 1000; // decimal units, as the sources state throughput (MB/s) and sizes (GB)
const SECONDS_PER_HOUR = 3600;
// The most runs a month the planner counts: a month of back-to-back runs, and never more than this
export const MAX_RUNS = 1000;

/* Hours spent moving `gb` at `mbPerS` megabytes a second; null where the rate is unknown. */
export function waitHours(gb, mbPerS) {
  if (mbPerS === null || mbPerS === undefined || !(mbPerS > 0)) return null;
  return (gb * MB_PER_GB) / mbPerS / SECONDS_PER_HOUR;
}

/* An amount typed in `currency` in US dollars (`rates`: {EUR: {usd_per_unit}}; USD as it is). */
export function toUsd(amount, currency, rates) {
  if (!currency || currency === "USD" || !Object.prototype.hasOwnProperty.call(rates, currency)) return amount;
  return amount * rates[currency].usd_per_unit;
}

function given(value) {
  return value !== "" && value !== undefined && value !== null && isFinite(Number(value));
}

/* The amounts of a plan, from the view's state (numbers as stored: "1500.5", or "" for the default):
 * the data kept (gb), runs a month, hours a run, the GPU's price an hour in USD, and each origin's
 * transfer rate (MB/s) and price a GB out in USD: the reader's figures for the origin chosen, the
 * page's defaults for the others. A price's `…Currency` is the one it was given in: the reader's
 * (typed in the currency chosen), else the default's, USD. */
export function planAmounts(state, settings) {
  const defaults = settings.defaults;
  const currency = state.cur || "USD";
  const typedIn = Object.prototype.hasOwnProperty.call(settings.rates, currency) ? currency : "USD";
  const number = (key, fallback) => (given(state[key]) ? Number(state[key]) : fallback);
  const from = Object.prototype.hasOwnProperty.call(settings.origins, state.from) ? state.from : defaults.from;
  const origins = {};
  Object.keys(settings.origins).forEach((name) => {
    const origin = settings.origins[name];
    const typed = name === from && given(state.gbprice);
    origins[name] = {
      rateMbS: name === from ? number("rate", origin.rate_mb_s) : origin.rate_mb_s,
      perGbUsd: typed ? toUsd(Number(state.gbprice), currency, settings.rates) : origin.usd_per_gb,
      priceCurrency: typed ? typedIn : "USD",
    };
  });
  const runHours = Math.max(0, number("runhours", defaults.run_hours));
  return {
    gb: Math.max(0, number("gb", defaults.gb)),
    runs: Math.max(0, Math.round(number("runs", defaults.runs))),
    runHours: runHours,
    gpuUsd: given(state.gpu) ? toUsd(Number(state.gpu), currency, settings.rates) : defaults.gpu_usd,
    gpuCurrency: given(state.gpu) ? typedIn : "USD",
    from: from,
    origins: origins,
    hoursPerMonth: settings.hours_per_month,
    currency: currency,
  };
}

/* The most runs a month the amounts allow: a month of runs back to back (MAX_RUNS at most). */
export function maxRuns(amounts) {
  if (!(amounts.runHours > 0)) return MAX_RUNS;
  return Math.min(MAX_RUNS, Math.floor(amounts.hoursPerMonth / amounts.runHours));
}

/* Whether the offering can hold `gb` (an unknown largest size does not rule it out). */
export function holds(offering, gb) {
  return offering.maxGb === null || offering.maxGb === undefined || gb <= offering.maxGb;
}

/* A strategy's month from its parts ({storage, wait, transfer, waiting}: null where unknown): with its
 * total (null unless every part is known), the facts it lacks and each part's currency. */
function monthCost(parts, missing, pricedIn) {
  const known = parts.storage !== null && parts.waiting !== null;
  const total = known ? parts.storage + parts.transfer + parts.waiting : null;
  return Object.assign(parts, { total: total, missing: missing, pricedIn: pricedIn });
}

/* Keeping the data on the offering for a month of `runs` runs: as fetchCost's, with no transfer. The
 * storage runs at its price while a GPU runs (runs x hours a run) and at its price without one the
 * rest of the month; each run waits for the data to be read at the offering's throughput. */
export function keepCost(offering, amounts, runs) {
  const missing = [];
  let storage = null;
  if (!offering.tiers) missing.push("price");
  else {
    const hours = Math.min(amounts.hoursPerMonth, runs * amounts.runHours);
    const use = usageCost(offering, { gb: amounts.gb, hours: hours, idleHours: amounts.hoursPerMonth - hours });
    if (use.idle === null) missing.push("billed_while_detached");
    else storage = use.running + use.idle;
  }
  const wait = waitHours(amounts.gb, offering.readMbS);
  if (wait === null) missing.push("throughput");
  const waiting = wait === null ? null : runs * wait * amounts.gpuUsd;
  const pricedIn = { storage: offering.currency || null, transfer: null, waiting: amounts.gpuCurrency };
  return monthCost({ storage: storage, wait: wait, transfer: 0, waiting: waiting }, missing, pricedIn);
}

/* Fetching the data from an origin at each of `runs` runs: {storage, wait, transfer, waiting, total,
 * missing, pricedIn}. `store` is the object storage that holds it between runs (its whole month
 * billed), null where the data is held elsewhere at no cost of this plan; `needsStore` with no store:
 * unknown. */
export function fetchCost(origin, amounts, runs, store, needsStore) {
  const missing = [];
  let storage = 0;
  if (needsStore) {
    if (!store || !store.tiers) {
      storage = null;
      missing.push("object_storage");
    } else storage = storageCost(store.tiers, store.fee, amounts.gb);
  }
  const wait = waitHours(amounts.gb, origin.rateMbS);
  const transfer = runs * amounts.gb * origin.perGbUsd;
  const waiting = wait === null ? null : runs * wait * amounts.gpuUsd;
  const pricedIn = {
    storage: store ? store.currency || null : null,
    transfer: origin.priceCurrency,
    waiting: amounts.gpuCurrency,
  };
  return monthCost({ storage: storage, wait: wait, transfer: transfer, waiting: waiting }, missing, pricedIn);
}

const PARTS = ["storage", "transfer", "waiting"];

/* Whether a cost's `part` (storage, transfer, waiting, or "total": all three) is exact in `currency`:
 * each amount in it reads exact there (numbers.js: readsExact; an unknown one, null, shows none). A
 * figure that is not is shown with "≈". */
export function exactIn(cost, part, currency) {
  const parts = part === "total" ? PARTS : [part];
  return parts.every((name) => readsExact(cost[name], cost.pricedIn[name], currency));
}

/* Each provider's object storages with a known price, by provider id: made once for the offerings, so
 * that finding an offering's store looks at its provider's alone (storeFor). */
export function storesByProvider(offerings) {
  const stores = new Map();
  offerings.forEach((offering) => {
    if (offering.kind !== "object_storage" || !offering.tiers) return;
    if (!stores.has(offering.provider)) stores.set(offering.provider, []);
    stores.get(offering.provider).push(offering);
  });
  return stores;
}

/* The provider's object storage that would hold `gb` for the least (`stores`: storesByProvider); null
 * where it has none. */
export function storeFor(stores, provider, gb) {
  let best = null;
  let bestCost = Infinity;
  (stores.get(provider) || []).forEach((offering) => {
    if (!holds(offering, gb)) return;
    const cost = storageCost(offering.tiers, offering.fee, gb);
    if (cost < bestCost) {
      best = offering;
      bestCost = cost;
    }
  });
  return best;
}

/* The three strategies for an offering, each a function of the runs a month: keep it on the
 * offering; keep it in the provider's object storage and copy it in at each start (the object
 * storage origin's rate and price); download it from the origin chosen each time (where the reader
 * chose the provider's object storage, from the internet). */
export function strategies(offering, store, amounts) {
  const downloadFrom = amounts.from === "object" ? "internet" : amounts.from;
  return {
    keep: (runs) => keepCost(offering, amounts, runs),
    copy: (runs) => fetchCost(amounts.origins.object, amounts, runs, store, true),
    download: (runs) => fetchCost(amounts.origins[downloadFrom], amounts, runs, null, false),
    downloadFrom: downloadFrom,
  };
}

/* The alternative the per-offering table sets against keeping: fetching from the origin chosen (from
 * the provider's object storage, whose storage it then pays). */
export function alternative(store, amounts) {
  const object = amounts.from === "object";
  return (runs) => fetchCost(amounts.origins[amounts.from], amounts, runs, store, object);
}

/* The fewest runs a month from which keeping costs no more than the other way (0: at any number);
 * null when it never does up to `most` runs, undefined when a cost is unknown. Both costs are linear
 * in the runs between 0 and a month of runs, so they cross once at most. */
export function breakEven(keep, other, most) {
  const first = keep(0).total;
  const firstOther = other(0).total;
  if (first === null || firstOther === null) return undefined;
  for (let runs = 0; runs <= most; runs++) {
    if (keep(runs).total <= other(runs).total + 1e-9) return runs;
  }
  return null;
}

/* One offering's line of the table for the amounts: keeping, its wait, the alternative, the cheaper
 * way at the reader's runs, and the break-even; `missing` lists what the data lacks (each once). */
export function compareOffering(offering, store, amounts) {
  const keep = (runs) => keepCost(offering, amounts, runs);
  const other = alternative(store, amounts);
  const kept = keep(amounts.runs);
  const fetched = other(amounts.runs);
  let cheaper = null;
  if (kept.total !== null && fetched.total !== null) {
    const difference = kept.total - fetched.total;
    cheaper = Math.abs(difference) < 0.005 ? "same" : difference < 0 ? "keep" : "fetch";
  }
  const missing = kept.missing.concat(fetched.missing.filter((name) => kept.missing.indexOf(name) === -1));
  return {
    keep: kept,
    alternative: fetched,
    cheaper: cheaper,
    breakEven: breakEven(keep, other, maxRuns(amounts)),
    missing: missing,
  };
}

/* The runs a month the chart shows: from 0 to past the reader's runs and the break-even (twice the
 * larger, 10 at least), a month of runs at most; every run where they are few, else about `steps`. */
export function chartRuns(amounts, even, steps) {
  const most = maxRuns(amounts);
  const wanted = Math.max(10, 2 * amounts.runs, typeof even === "number" ? 2 * even : 0);
  const last = Math.min(most, wanted);
  const step = Math.max(1, Math.ceil(last / steps));
  const runs = [];
  for (let n = 0; n <= last; n += step) runs.push(n);
  if (runs[runs.length - 1] !== last) runs.push(last);
  return runs;
}

/* Each amount's default as its field shows it (a placeholder): the GPU's rate and the origin's price
 * in the currency chosen, the origin's rate for the origin chosen. */
export function amountPlaceholders(amounts, settings) {
  const rate = amounts.currency === "USD" ? 1 : settings.rates[amounts.currency].usd_per_unit;
  const origin = settings.origins[amounts.from];
  return {
    gb: settings.defaults.gb,
    runs: settings.defaults.runs,
    runhours: settings.defaults.run_hours,
    gpu: Math.round((settings.defaults.gpu_usd / rate) * 100) / 100,
    rate: origin.rate_mb_s,
    gbprice: Math.round((origin.usd_per_gb / rate) * 10000) / 10000,
  };
}

/* The runs the chart draws: chartRuns' steps, with the reader's runs and the break-even among them. */
export function runsToDraw(amounts, even) {
  const runs = chartRuns(amounts, even, 10);
  const last = runs[runs.length - 1];
  [amounts.runs, even].forEach((extra) => {
    if (typeof extra === "number" && extra <= last && runs.indexOf(extra) === -1) runs.push(extra);
  });
  return runs.sort((a, b) => a - b);
}

/* The chart's points: per runs a month, each strategy's monthly total (null where unknown). */
export function chartPoints(ways, runs) {
  return runs.map((n) => ({
    runs: n,
    keep: ways.keep(n).total,
    copy: ways.copy(n).total,
    download: ways.download(n).total,
  }));
}

/* Round axis marks from 0 to at least `top`: 1, 2 or 5 times a power of ten apart, about `count`. */
export function ticks(top, count) {
  if (!(top > 0)) return [0];
  const rough = top / count;
  const power = Math.pow(10, Math.floor(Math.log10(rough)));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough);
  // a mark as a whole number of steps, written to the step's decimals (0.6, not 0.6000000000000001)
  const decimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  const marks = [];
  for (let i = 0; i * step < top + step - 1e-9; i++) marks.push(Number((i * step).toFixed(decimals)));
  return marks;
}
