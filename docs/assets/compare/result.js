/* What describes the rows a view shows, besides which they are: their costs at the calculator's amounts
 * and each filter choice's count. Each is made once something needs it, not at every keystroke: the
 * costs when the rows, a filter on known values or the side view ask for them, the counts when the
 * rows follow (main.js: describeResult). Pure: the table's entries and groups (rows.js) in, no DOM. */

import { applyCosts, calculatorAmounts } from "./cost.js";
import { filterOf, markMatches, tallyChoices } from "./filter.js";
import { hasFigure } from "./sort.js";

/* The result of `rows` (rows.js: entries and groups) as the state asks it. */
export function resultOf(rows, filterNames, hoursPerMonth) {
  const dimensions = ["kind", "egress"].concat(filterNames);
  let costKey = ""; // the amounts and currency the entries' costs are for ("" without a size)
  let costsDue; // the amounts (or null: none) whose costs the entries do not have yet
  let countsKey = null;
  let countsDue = null; // the filter whose choices' counts were not asked for yet

  /* Reads the calculator's amounts; returns the key of what they cost (a view shows it with the rows). */
  function readAmounts(state) {
    const amounts = calculatorAmounts(state, hoursPerMonth);
    const key = amounts ? [amounts.gb, amounts.months, amounts.out, amounts.hours, state.cur].join("|") : "";
    if (key !== costKey) {
      costKey = key;
      costsDue = amounts;
    }
    return costKey;
  }

  /* The entries' costs at the amounts last read, made now if they are not yet. */
  function applyDueCosts() {
    if (costsDue === undefined) return;
    applyCosts(rows.entries, costsDue);
    costsDue = undefined;
  }

  /* Marks the matching rows and groups; returns how many match ({offerings, providers}). */
  function match(state) {
    const filter = filterOf(state, filterNames);
    if (filter.knownIn) applyDueCosts(); // whether a cost, a price or an idle cost is known
    const matching = markMatches(rows.groups, filter, hasFigure);
    if (filter.countsKey !== countsKey) {
      countsKey = filter.countsKey; // sorting changes no count
      countsDue = filter;
    }
    return matching;
  }

  /* Each filter choice's count under the filter last matched, once (null when they are as last given). */
  function dueCounts() {
    const filter = countsDue;
    countsDue = null;
    return filter ? tallyChoices(rows.entries, filter, dimensions) : null;
  }

  return { readAmounts: readAmounts, applyDueCosts: applyDueCosts, match: match, dueCounts: dueCounts };
}

/* What a table shows, in both units (count: countWriter): "12 offerings from 9 providers", and
 * "· 50 of 400 offerings shown" while a long table leaves `folded` of its matching offerings out. */
export function shownCount(count, matching, folded) {
  const text = count("shown", { offerings: matching.offerings, providers: matching.providers });
  if (!folded) return text;
  return text + " · " + count("folded", { shown: matching.offerings - folded, total: matching.offerings });
}
