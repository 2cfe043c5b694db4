/* Filtering offerings: which rows match the view's filters, and how many each filter choice would
 * leave given the others. Works on entries (rows.js) and the view's state; no DOM. */

/* The names searched for: several, separated by commas, compare those providers ("runpod, lambda,
 * coreweave"); none searches for "", which every name holds. */
function namesOf(text) {
  const names = text
    .toLowerCase()
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length ? names : [""];
}

/* The state's filters, prepared once per update: the kinds chosen, the fact filters set, the name. */
export function filterOf(state, filterNames) {
  // each as the values it accepts: one ("billed=yes") or several ("region=zone,region")
  const facts = filterNames.filter((name) => state[name]).map((name) => [name, state[name].split(",")]);
  return {
    kinds: state.kind ? state.kind.split(",") : [],
    freeEgress: state.egress === "free",
    facts: facts,
    needles: namesOf(state.name),
    // sorted by a column with "only known values": rows without a value there are left out
    knownIn: state.known && state.sort && state.sort !== "product" ? state.sort : "",
    narrowsOfferings: Boolean(state.kind || state.egress || facts.length),
    // what the choices' counts depend on (sorting changes none)
    countsKey: [state.name, state.kind, state.egress, ...filterNames.map((name) => state[name])].join("|"),
  };
}

/* Whether the entry passes every filter but `skip` (a dimension: "kind", "egress" or a filter name). */
export function matches(entry, filter, skip) {
  const data = entry.data;
  if (skip !== "kind" && filter.kinds.length && filter.kinds.indexOf(data.kind) === -1) return false;
  if (skip !== "egress" && filter.freeEgress && data.egress !== "free") return false;
  for (let i = 0; i < filter.facts.length; i++) {
    const name = filter.facts[i][0];
    if (name !== skip && filter.facts[i][1].indexOf(data[name]) === -1) return false;
  }
  return true;
}

/* Marks each entry and group as matching or not; returns how many match, {providers, offerings}, so
 * that the count names both units. A provider without offerings matches only its name, while no
 * filter on offerings is set. `hasFigure(entry, column)` says whether the entry has what the column
 * sorts by (sort.js). */
export function markMatches(groups, filter, hasFigure) {
  const matching = { providers: 0, offerings: 0 };
  groups.forEach((group) => {
    group.nameMatches = filter.needles.some((needle) => group.name.indexOf(needle) !== -1);
    let any = false;
    group.rows.forEach((entry) => {
      let match = group.nameMatches && matches(entry, filter, null);
      if (match && filter.knownIn) match = hasFigure(entry, filter.knownIn);
      entry.match = match;
      if (match) matching.offerings++;
      any = any || match;
    });
    group.match =
      any || (group.nameMatches && !filter.narrowsOfferings && !filter.knownIn && group.rows.length === 0);
    if (group.match) matching.providers++;
  });
  return matching;
}

/* For each dimension, how many offerings each of its values would leave given the other filters:
 * {kind: {network_volume: 3, ...}, egress: {free: 1, ...}, billed: {...}}. */
export function tallyChoices(entries, filter, dimensions) {
  const tallies = {};
  dimensions.forEach((dimension) => {
    tallies[dimension] = Object.create(null);
  });
  entries.forEach((entry) => {
    if (!entry.group.nameMatches) return;
    dimensions.forEach((dimension) => {
      if (!matches(entry, filter, dimension)) return;
      const value = entry.data[dimension];
      tallies[dimension][value] = (tallies[dimension][value] || 0) + 1;
    });
  });
  return tallies;
}
