/* The storage cost calculator: what an offering costs a month for the amounts the reader gives, from
 * the figures its row carries (USD price tiers, monthly fee, idle price, egress fee and allowance).
 * The month splits into the hours a GPU runs (the price of `tiers`) and the hours none does (the
 * price of `idleTiers` where the data has one, nothing where the storage is not billed while
 * detached, else `tiers`; unknown where that is unknown), each totalled on its own.
 * Pure: no DOM. An offering here is {tiers, idleTiers, billedIdle, fee, egress, egressRate,
 * egressIncluded, egressPooled, maxGb, included, currency}, as rows.js reads it; an offering whose
 * storage is included in a plan or an instance has no tiers (no price of its own, not 0). */

// Cost ranks put offerings whose cost has an unknown part after those fully known, and those too
// small for the amount after both; within a band, by cost.
const UNKNOWN_PART = 1e12;
const TOO_SMALL = 2e12;

/* The amounts a calculation needs, from the view's state; null while no size is given. The GPU runs
 * `hours` of a month's `hoursPerMonth` (the page's convention, 730): all month unless the state says less. */
export function calculatorAmounts(state, hoursPerMonth) {
  if (state.gb === "" || !isFinite(Number(state.gb))) return null;
  const given = state.hours === "" || !isFinite(Number(state.hours)) ? hoursPerMonth : Number(state.hours);
  const hours = Math.min(hoursPerMonth, Math.max(0, given));
  return {
    gb: Number(state.gb),
    months: Math.max(1, Number(state.months) || 1),
    out: Math.max(0, Number(state.out) || 0),
    hours: hours,
    idleHours: hoursPerMonth - hours,
  };
}

/* A month's storage cost split by use: {running, idle}, each for its share of the month (`amounts`'
 * hours and idleHours); idle is null when what the storage costs without a GPU is unknown, and 0
 * when no hour is idle. */
export function usageCost(offering, amounts) {
  const month = amounts.hours + amounts.idleHours;
  const runningMonth = storageCost(offering.tiers, offering.fee, amounts.gb);
  const running = (runningMonth * amounts.hours) / month;
  if (amounts.idleHours === 0) return { running: running, idle: 0 };
  const idleMonth = idleCost(offering, amounts.gb, runningMonth);
  return { running: running, idle: idleMonth === null ? null : (idleMonth * amounts.idleHours) / month };
}

/* `gb` stored for a month under `tiers` ([[upper bound in GB or null, USD per GB-month], ...]). */
export function storageCost(tiers, fee, gb) {
  let cost = fee;
  let lower = 0;
  for (let i = 0; i < tiers.length; i++) {
    const upTo = tiers[i][0];
    const upper = upTo === null ? gb : Math.min(gb, upTo);
    cost += Math.max(0, upper - lower) * tiers[i][1];
    if (upTo === null || upTo >= gb) break;
    lower = upTo;
  }
  return cost;
}

/* `out` GB sent out in a month; null when the fee is unknown or set per host. */
export function egressCost(offering, out) {
  if (offering.egress === "free" || out === 0) return 0;
  if (offering.egressRate === null) return null;
  // a pooled allowance belongs to the account, not the offering: none is counted (and the cell says so)
  return Math.max(0, out - (offering.egressPooled ? 0 : offering.egressIncluded)) * offering.egressRate;
}

/* What the storage costs in a month while no GPU uses it: its own idle price where the data has one. */
export function idleCost(offering, gb, running) {
  if (offering.idleTiers) return storageCost(offering.idleTiers, offering.fee, gb);
  if (offering.billedIdle === "no") return 0;
  if (offering.billedIdle === "yes" || offering.billedIdle === "not_applicable") return running;
  return null;
}

/* What a GB costs a month while no GPU uses it, for sorting when no size is given: the first rate of
 * its idle price, 0 when it is not billed while idle, the first rate of its price when it is billed
 * alike; null when unknown. */
export function idleRate(offering) {
  if (offering.included) return null;
  if (offering.idleTiers) return offering.idleTiers[0][1];
  if (offering.billedIdle === "no") return 0;
  const billedAlike = offering.billedIdle === "yes" || offering.billedIdle === "not_applicable";
  return billedAlike && offering.tiers ? offering.tiers[0][1] : null;
}

/* Everything a cost cell shows, and the offering's rank by cost and by effective price; {monthly:
 * null} when its price is unknown. `monthly` adds the running and idle storage (what is known of it)
 * and egress; `idleMonth` is what a whole month without a GPU would cost (the idle sort's key). */
export function costsOf(offering, amounts) {
  if (!offering.tiers) return { monthly: null };
  const gb = amounts.gb;
  const use = usageCost(offering, amounts);
  const storage = use.running + (use.idle || 0);
  const egress = egressCost(offering, amounts.out);
  const monthly = storage + (egress || 0);
  const tooLarge = offering.maxGb !== null && gb > offering.maxGb;
  const band = tooLarge ? TOO_SMALL : egress === null || use.idle === null ? UNKNOWN_PART : 0;
  return {
    monthly: monthly,
    running: use.running,
    idle: use.idle,
    hours: amounts.hours,
    idleHours: amounts.idleHours,
    idleMonth: idleCost(offering, gb, storageCost(offering.tiers, offering.fee, gb)),
    total: monthly * amounts.months,
    months: amounts.months,
    egressKnown: egress !== null,
    tooLarge: tooLarge,
    storage: storage,
    rank: band + monthly,
    priceRank: band + storage,
  };
}

/* Each entry's costs for `amounts` (none when null), and its sort keys for cost, idle cost and price: with a
 * size set, price sorts by the effective monthly price; without one, by the cell's own key. Unknown
 * prices get no key (they sort last). */
export function applyCosts(entries, amounts) {
  entries.forEach((entry) => {
    delete entry.keys.price;
    entry.costs = amounts ? costsOf(entry.offering, amounts) : null;
    entry.keys.cost = entry.costs && entry.costs.monthly !== null ? entry.costs.rank : null;
    if (entry.keys.cost !== null) entry.keys.price = entry.costs.priceRank;
    // cost while no GPU runs: at the size given, else per GB (unknown: null, sorted last)
    if (!entry.costs) entry.keys.idle = idleRate(entry.offering);
    else entry.keys.idle = entry.costs.monthly === null ? null : entry.costs.idleMonth;
  });
}
