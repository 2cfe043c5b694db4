/* The planner: keep the data, copy it in, or download it again, per offering, for the reader's amounts.
 * The page without this script holds the method and a worked example; the script adds the tools.
 * Its settings (#planner-settings, written by hooks/gpustorage/pages/planner.py) give every offering's
 * figures, the defaults, the origins, the rates and the texts; the state lives in the URL query.
 *
 * The modules: plan.js (the cost model, on compare/cost.js), query.js (the URL query), view.js (the
 * results), chart.js (the SVG chart); numbers, state and filters are the comparison's own.
 *
 * A control's own answer (its value in the URL, the labels, the hint) shows at once; the results
 * follow once the browser has painted it, after a pause in the typing for an amount typed, and are
 * aria-busy until then (as the comparison's table: compare/view.js), so that a keystroke's frame
 * never waits for the table. */

// While the reader types an amount, the results wait for a pause in the typing (compare/view.js)
const TYPING_PAUSE_MS = 300;

import { setAttribute, setProperty, setText } from "../compare/dom.js";
import { afterPaint } from "../compare/paint.js";
import { localNumbers, messageFiller, moneyWriter } from "../compare/numbers.js";
import { queryKeeper, writeQuery } from "../compare/state.js";
import { amountPlaceholders, planAmounts } from "./plan.js";
import { PLAN_AMOUNTS, filtered, planKeys, planLimit, readPlan, withoutFilters } from "./query.js";
import { plannerView } from "./view.js";

function wordingFor(locale, settings) {
  const numbers = localNumbers(locale);
  const fill = messageFiller(locale, numbers);
  const oneDecimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const list = new Intl.ListFormat(locale, { type: "conjunction" });
  return {
    numbers: numbers,
    fill: fill,
    money: moneyWriter(locale, settings.rates),
    oneDecimal: (value) => oneDecimal.format(value),
    join: (items) => list.format(items),
  };
}

/* Each control as the state says; each amount's default as its placeholder, in the currency chosen
 * (a field the reader is typing in keeps what is typed). */
function showControls(form, labels, state, amounts, settings, wording) {
  const placeholders = amountPlaceholders(amounts, settings);
  PLAN_AMOUNTS.forEach((name) => {
    const control = form.elements[name];
    setAttribute(control, "placeholder", wording.numbers.forInput(placeholders[name]));
    if (document.activeElement !== control) setProperty(control, "value", state[name] ? wording.numbers.forInput(state[name]) : "");
  });
  setProperty(form.elements.from, "value", amounts.from);
  setProperty(form.elements.cur, "value", state.cur);
  const strings = settings.strings;
  setText(labels.gpu, wording.fill(strings.gpu, { currency: amounts.currency }));
  setText(labels.price, wording.fill(strings.gb_price, { currency: amounts.currency }));
}

/* The controls into the state: each amount a number from 0 to its limit, "" for the default; another
 * origin takes its own rate and price unless the reader types them again. Returns the limit of an
 * amount refused (false when none is). */
function readControls(form, picker, state, settings, wording) {
  let refused = false;
  PLAN_AMOUNTS.forEach((name) => {
    const value = wording.numbers.parse(form.elements[name].value);
    const limit = planLimit(name, settings);
    if (value === null) state[name] = "";
    else if (isNaN(value) || value > limit) refused = limit;
    else state[name] = String(value);
  });
  const from = form.elements.from.value;
  if (from !== state.from) {
    state.rate = "";
    state.gbprice = "";
  }
  state.from = from;
  state.cur = form.elements.cur.value;
  state.pick = picker.value;
  return refused;
}

/* Where the comparison's filters narrow the offerings (`notice`: its note, text and link, and the
 * results' rows): how many the table shows of all, and a link to the planner without them. */
function showFiltered(notice, state, settings, keys, wording) {
  const narrowed = filtered(state, settings.filters);
  if (narrowed) {
    const shown = notice.rows.rows.length;
    const total = settings.offerings.filter((offering) => offering.kind !== "object_storage").length;
    setText(notice.text, wording.fill(settings.strings.filtered, { shown: shown, total: total }));
    setAttribute(notice.clear, "href", "?" + writeQuery(withoutFilters(state, settings.filters), keys));
  }
  setProperty(notice.note, "hidden", !narrowed);
}

function start(form, settings) {
  const wording = wordingFor(document.documentElement.lang || undefined, settings);
  const keys = planKeys(settings.filters);
  const read = readPlan(window.location.search, settings);
  const state = read.state;
  const view = plannerView(settings, wording);
  const query = queryKeeper();
  const hint = document.getElementById("planner-hint");
  const picker = document.querySelector("select[name=pick]");
  const results = document.getElementById("planner-results");
  const labels = { gpu: document.getElementById("planner-gpu-label"), price: document.getElementById("planner-price-label") };
  const notice = {
    note: document.getElementById("planner-filtered"),
    text: document.getElementById("planner-filtered-text"),
    clear: document.getElementById("planner-clear"),
    rows: document.getElementById("planner-rows"),
  };
  let waiting = false; // an update of the results asked for and not yet shown
  const settleAfterPaint = afterPaint(settle);

  function showHint(limit) {
    const example = wording.numbers.forInput(1.5);
    setText(hint, limit ? wording.fill(settings.strings.invalid, { max: limit, example: example }) : "");
  }

  /* The results for the state, now (nothing when they show it already). */
  function settle() {
    if (!waiting) return;
    waiting = false;
    view.show(state, planAmounts(state, settings));
    showFiltered(notice, state, settings, keys, wording);
    results.removeAttribute("aria-busy");
  }

  /* The controls and the URL as the state says. */
  function showState() {
    showControls(form, labels, state, planAmounts(state, settings), settings, wording);
    query.hold(writeQuery(state, keys));
    query.write();
  }

  /* The controls and the URL for the state at once; the results once the browser has painted them,
   * `typing`: after a pause in the typing (compare/paint.js). */
  function update(typing) {
    showState();
    if (!waiting) results.setAttribute("aria-busy", "true");
    waiting = true;
    settleAfterPaint(typing ? TYPING_PAUSE_MS : 0);
  }

  function readAndUpdate(typing) {
    showHint(readControls(form, picker, state, settings, wording));
    update(typing);
  }

  form.addEventListener("input", (event) => readAndUpdate(event.target.tagName === "INPUT"));
  picker.addEventListener("change", () => readAndUpdate(false));
  form.addEventListener("submit", (event) => event.preventDefault());
  showHint(read.dropped);
  // at load, the results at once: the page's rows are there already, and only their figures change
  showState();
  waiting = true;
  settle();
  form.hidden = false;
  results.hidden = false;
}

const form = document.getElementById("planner-form");
const settingsNode = document.getElementById("planner-settings");
if (form && settingsNode) start(form, JSON.parse(settingsNode.textContent));
