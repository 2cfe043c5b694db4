/* The planner's state and its URL query: the reader's amounts, the origin, the currency, the offering
 * chosen for the three ways, and the comparison's filters, which the comparison's link carries here
 * (contract.PLANNER_CARRIED). Names are checked as the comparison checks them (compare/state.js): a
 * link's name the page does not offer is ignored, an amount that is no number in range is dropped. */

import { readQuery } from "../compare/state.js";
import { MAX_AMOUNT } from "../compare/numbers.js";
import { own } from "../compare/own.js";

// the amounts, as stored: "1500.5" ("" for the page's default)
export const PLAN_AMOUNTS = ["gb", "runs", "runhours", "gpu", "rate", "gbprice"];
const PLAN_CHOICES = ["from", "cur", "pick"];

/* Every URL parameter of the planner, in the order a query lists them. */
export function planKeys(filterNames) {
  return ["name", "kind", "egress"].concat(filterNames, PLAN_AMOUNTS, PLAN_CHOICES);
}

/* The largest value an amount may take: a month of runs, a month's hours, else MAX_AMOUNT. */
export function planLimit(name, settings) {
  if (name === "runs") return settings.max_runs;
  if (name === "runhours") return settings.hours_per_month;
  return MAX_AMOUNT;
}

/* What a link may set each name to: the values the offerings' data holds for each filter, the
 * origins, the currencies and the offerings of the page's settings. */
export function planChoices(settings) {
  const choices = {
    from: Object.keys(settings.origins),
    cur: Object.keys(settings.rates),
    pick: settings.offerings.map((offering) => offering.id),
  };
  ["kind", "egress"].concat(settings.filters).forEach((name) => {
    const values = new Set();
    settings.offerings.forEach((offering) => {
      if (own(offering.data, name)) values.add(offering.data[name]);
    });
    choices[name] = Array.from(values);
  });
  return choices;
}

/* Whether `text` is an amount from 0 to `limit`, as stored ("1500.5"). */
export function validAmount(text, limit) {
  const value = Number(text);
  return text !== "" && /^\d+(\.\d+)?$/.test(text) && isFinite(value) && value >= 0 && value <= limit;
}

/* {state, dropped}: the state a query describes, every key ("" where none), and the limit of the last
 * amount dropped for being no number in range (false if none was). */
export function readPlan(search, settings) {
  const keys = planKeys(settings.filters);
  const state = readQuery(search, keys, planChoices(settings));
  const params = new URLSearchParams(search);
  let dropped = false;
  PLAN_AMOUNTS.forEach((name) => {
    const text = params.get(name) || "";
    const limit = planLimit(name, settings);
    state[name] = validAmount(text, limit) ? text : "";
    if (text && !state[name]) dropped = limit;
  });
  state.pick = state.pick.split(",")[0]; // one offering at a time
  return { state: state, dropped: dropped };
}

/* Whether the state narrows the offerings (a filter carried from the comparison). */
export function filtered(state, filterNames) {
  return ["name", "kind", "egress"].concat(filterNames).some((name) => state[name]);
}

/* The state without its filters: every offering again, the amounts kept. */
export function withoutFilters(state, filterNames) {
  const clear = Object.assign({}, state);
  ["name", "kind", "egress"].concat(filterNames).forEach((name) => {
    clear[name] = "";
  });
  return clear;
}
