/* The view's state (filters, sort, amounts, currency, preset) and the URL query that holds it, so that
 * a filtered, sorted view can be shared. The reading and writing of the query is pure; the functions
 * at the end put a query into the address bar and the language menu (DOM, only when called). */

import { own } from "./own.js";
import { MAX_AMOUNT } from "./numbers.js";

// The view's URL parameters besides the fact filters, whose names the page's settings give
// (hooks/gpustorage/pages/contract.py: URL_PARAMETERS; tests/pages/test_contract.py reads this list).
const VIEW_KEYS = [
  "name", "kind", "egress", "sort", "dir", "known", "gb", "months", "out", "cur", "preset", "all", "hours",
  "pick", "side",
];
// the calculator's amounts; "hours" (a month's hours the GPU runs) came last: a link made before it
// has none, and the calculator counts the whole month, as it always did
export const AMOUNTS = ["gb", "months", "out", "hours"];
// keys whose value is free: a text searched for, or an amount (see dropBrokenAmounts)
const FREE_KEYS = ["name"].concat(AMOUNTS);
// keys whose value lists names ("kind=block_volume,network_volume", "region=zone,region"); a link made
// when binding took one value ("region=zone") lists one (hooks/gpustorage/pages/contract.py: LIST_FILTERS)
export const LIST_KEYS = ["kind", "region"];
// keys that list names but no form control holds: the offerings ticked to compare (pick.js)
const PICK_KEYS = ["pick"];
// keys a preset or a reset leaves as they are: what the reader ticked to compare, and its view
const KEPT_ON_RESET = ["pick", "side"];
// How long the reader pauses before the address bar follows the view (see queryKeeper): a matter of
// the browser's speed, not a site setting, so it stays here.
const URL_DELAY_MS = 300;

/* Every URL parameter of the view, in the order a query lists them. */
export function viewKeys(filterNames) {
  return VIEW_KEYS.concat(filterNames);
}

/* What a shared link may set each key to: the values the page's controls offer (`offered`, read by
 * form.js: sort columns, kinds, each filter's choices...), the offerings of the table (`ids`, for
 * "pick"), the presets and currencies of the page's settings, and "1" for "show all" and for the
 * side-by-side view. */
export function choicesOf(offered, settings, ids) {
  return Object.assign({}, offered, {
    preset: Object.keys(settings.presets),
    cur: Object.keys(settings.rates),
    all: ["1"],
    pick: ids || [],
    side: ["1"],
  });
}

// A searched text past this length is no name anyone types: a link carrying one (or a pasted page)
// has its text dropped, the rest of the view kept. Amounts are numbers (see dropBrokenAmounts).
const MAX_TEXT_LENGTH = 200;

// The part of `value` the page offers for `key`: all of it, the names it does offer, or "". A list is
// checked name by name against a set, so a hostile link of any length costs one pass over it.
function offeredPart(key, value, choices) {
  if (!value) return value;
  if (FREE_KEYS.indexOf(key) !== -1) return value.length <= MAX_TEXT_LENGTH ? value : "";
  const allowed = new Set(own(choices, key) ? choices[key] : []);
  if (LIST_KEYS.indexOf(key) === -1 && PICK_KEYS.indexOf(key) === -1) return allowed.has(value) ? value : "";
  const kept = new Set();
  value.split(",").forEach((name) => {
    if (allowed.has(name)) kept.add(name);
  });
  return Array.from(kept).join(",");
}

/* The state a query (location.search) describes: every key, "" where the query has none. A shared
 * link may carry any text ("?sort=__proto__"): each name in it is checked against `choices` (see
 * choicesOf) before anything uses it, and one the page does not offer is ignored. */
export function readQuery(search, keys, choices) {
  const params = new URLSearchParams(search);
  const state = {};
  keys.forEach((key) => {
    state[key] = offeredPart(key, params.get(key) || "", choices);
  });
  return state;
}

/* The query of a state: its non-empty keys, in the keys' order, without "?". */
export function writeQuery(state, keys) {
  const params = new URLSearchParams();
  keys.forEach((key) => {
    if (state[key]) params.set(key, state[key]);
  });
  return params.toString();
}

/* A shared link's preset fills the keys the link leaves empty (a link may narrow a preset further). */
export function fillFromPreset(state, presets) {
  if (!state.preset) return;
  const values = presets[state.preset];
  Object.keys(values).forEach((key) => {
    if (own(state, key) && !state[key]) state[key] = values[key];
  });
}

/* Every key emptied (but the offerings ticked to compare), then the preset's values where one is named. */
export function resetTo(state, keys, presets, preset) {
  keys.forEach((key) => {
    if (KEPT_ON_RESET.indexOf(key) === -1) state[key] = "";
  });
  if (!preset || !own(presets, preset)) return;
  const values = presets[preset];
  Object.keys(values).forEach((key) => {
    if (own(state, key)) state[key] = values[key];
  });
  state.preset = preset;
}

// Keys that leave a preset as chosen: the calculator's amounts and currency, paging, the preset itself.
const NOT_A_PRESET_CHANGE = AMOUNTS.concat(["cur", "all", "preset"], KEPT_ON_RESET);

/* Whether a filter or the sort differs from the state's preset (the reader adjusted it): the preset
 * then shows as changed, with its explanation, instead of silently going away. */
export function presetChanged(state, presets) {
  if (!state.preset || !own(presets, state.preset)) return false;
  const values = presets[state.preset];
  return Object.keys(state).some(
    (key) =>
      NOT_A_PRESET_CHANGE.indexOf(key) === -1 && state[key] !== (own(values, key) ? values[key] : "")
  );
}

/* The largest value an amount may take: MAX_AMOUNT, or the month's hours for the hours a GPU runs. */
export function amountLimit(name, hoursPerMonth) {
  return name === "hours" ? hoursPerMonth : MAX_AMOUNT;
}

/* Drops the amounts that are no number from 0 to their limit; returns the limit of the last one
 * dropped (for the hint to name, as the form does for a typed one), false if it dropped none. */
export function dropBrokenAmounts(state, hoursPerMonth) {
  let dropped = false;
  AMOUNTS.forEach((name) => {
    const value = Number(state[name]);
    const limit = amountLimit(name, hoursPerMonth);
    if (state[name] && !(isFinite(value) && value >= 0 && value <= limit)) {
      state[name] = "";
      dropped = limit;
    }
  });
  return dropped;
}

/* ---- the query in the page (DOM) ---- */

const LANGUAGE_LINKS = "a.md-select__link[hreflang]";
// links to another page that carry part of the view there (the planner: its filters and size), each
// naming the URL parameters it carries (data-keep, contract.PLANNER_CARRIED)
const CARRYING_LINKS = "a[data-keep]";

/* The part of a query (without "?") that a link carries: the keys it names, in their order. */
export function carriedQuery(query, keys) {
  const from = new URLSearchParams(query);
  const to = new URLSearchParams();
  keys.forEach((key) => {
    const value = from.get(key);
    if (value) to.set(key, value);
  });
  return to.toString();
}

/* The view's query in the language menu (same page, same view in another language), in the links
 * that carry part of it to another page (CARRYING_LINKS) and in the address. `hold(query)` notes it;
 * `write()` puts it there: into the links at once, into the
 * address once the reader pauses (updating the address costs Chromium tens of milliseconds on a large
 * page, too much for every keystroke). The comparison writes it with the rows, after the paint or a
 * pause in the typing (main.js); a language link the reader reaches for before that gets the query
 * held first, so the other language opens the view as it is now. */
export function queryKeeper() {
  let timer = null;
  let held = null;

  function write() {
    if (held === null) return;
    const query = held;
    held = null;
    document.querySelectorAll(LANGUAGE_LINKS).forEach((link) => {
      const target = new URL(link.getAttribute("href"), window.location.href);
      target.search = query;
      target.hash = "";
      link.href = target.pathname + target.search;
    });
    document.querySelectorAll(CARRYING_LINKS).forEach((link) => {
      const target = new URL(link.getAttribute("href"), window.location.href);
      target.search = carriedQuery(query, link.dataset.keep.split(","));
      link.href = target.pathname + target.search + target.hash;
    });
    window.clearTimeout(timer);
    timer = window.setTimeout(() => {
      if (query === window.location.search.replace(/^\?/, "")) return;
      const url = window.location.pathname + (query ? "?" + query : "") + window.location.hash;
      window.history.replaceState(null, "", url);
    }, URL_DELAY_MS);
  }

  // before a language link is followed, copied or opened elsewhere: by a finger, a mouse or the keyboard
  ["pointerdown", "focusin", "click"].forEach((type) => {
    document.addEventListener(
      type,
      (event) => {
        if (event.target instanceof Element && event.target.closest(LANGUAGE_LINKS + ", " + CARRYING_LINKS)) write();
      },
      true
    );
  });
  return {
    hold: (query) => {
      held = query;
    },
    write: write,
  };
}
