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
import { localNumbers, messageFiller, moneyWriter } from "../compare/numbers.js";
import { queryKeeper, writeQuery } from "../compare/state.js";
import { planAmounts } from "./plan.js";
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

function start(form, settings) {
  const strings = settings.strings;
  const wording = wordingFor(document.documentElement.lang || undefined, settings);
  const keys = planKeys(settings.filters);
  const read = readPlan(window.location.search, settings);
  const state = read.state;
  const view = plannerView(settings, wording);
  const query = queryKeeper();
  const hint = document.getElementById("planner-hint");
  const gpuLabel = document.getElementById("planner-gpu-label");
  const priceLabel = document.getElementById("planner-price-label");
  const filteredNote = document.getElementById("planner-filtered");
  const filteredText = document.getElementById("planner-filtered-text");
  const clear = document.getElementById("planner-clear");
  const picker = document.querySelector("select[name=pick]");
  const results = document.getElementById("planner-results");
  let waiting = false; // an update of the results asked for and not yet shown
  let timer = null; // its coming run

  function showHint(limit) {
    const example = wording.numbers.forInput(1.5);
    setText(hint, limit ? wording.fill(strings.invalid, { max: limit, example: example }) : "");
  }

  /* Each control as the state says; each amount's default as its placeholder, in the currency chosen. */
  function showControls(amounts) {
    const rate = amounts.currency === "USD" ? 1 : settings.rates[amounts.currency].usd_per_unit;
    const origin = settings.origins[amounts.from];
    const placeholders = {
      gb: settings.defaults.gb,
      runs: settings.defaults.runs,
      runhours: settings.defaults.run_hours,
      gpu: Math.round((settings.defaults.gpu_usd / rate) * 100) / 100,
      rate: origin.rate_mb_s,
      gbprice: Math.round((origin.usd_per_gb / rate) * 10000) / 10000,
    };
    PLAN_AMOUNTS.forEach((name) => {
      const control = form.elements[name];
      setAttribute(control, "placeholder", wording.numbers.forInput(placeholders[name]));
      if (document.activeElement !== control) setProperty(control, "value", state[name] ? wording.numbers.forInput(state[name]) : "");
    });
    setProperty(form.elements.from, "value", amounts.from);
    setProperty(form.elements.cur, "value", state.cur);
    setText(gpuLabel, wording.fill(strings.gpu, { currency: amounts.currency }));
    setText(priceLabel, wording.fill(strings.gb_price, { currency: amounts.currency }));
  }

  /* The results for the state, now (nothing when they show it already). */
  function settle() {
    if (!waiting) return;
    waiting = false;
    view.show(state, planAmounts(state, settings));
    if (filtered(state, settings.filters)) {
      const shown = document.getElementById("planner-rows").rows.length;
      const total = settings.offerings.filter((offering) => offering.kind !== "object_storage").length;
      setText(filteredText, wording.fill(strings.filtered, { shown: shown, total: total }));
      setAttribute(clear, "href", "?" + writeQuery(withoutFilters(state, settings.filters), keys));
    }
    setProperty(filteredNote, "hidden", !filtered(state, settings.filters));
    results.removeAttribute("aria-busy");
  }

  /* The controls and the URL as the state says. */
  function showState() {
    showControls(planAmounts(state, settings));
    query.hold(writeQuery(state, keys));
    query.write();
  }

  /* The controls and the URL for the state at once; the results once the browser has painted them (a
   * frame's callbacks run just before its paint, a task they queue after it), `typing`: after a pause
   * in the typing. An update asked for since replaces the one waiting. */
  function update(typing) {
    showState();
    if (!waiting) results.setAttribute("aria-busy", "true");
    waiting = true;
    requestAnimationFrame(() => {
      window.clearTimeout(timer);
      timer = window.setTimeout(settle, typing ? TYPING_PAUSE_MS : 0);
    });
  }

  /* The amounts as typed: a number from 0 to its limit, "" for the default; the hint names the limit
   * of one that is not. */
  function readControls() {
    let refused = false;
    PLAN_AMOUNTS.forEach((name) => {
      const value = wording.numbers.parse(form.elements[name].value);
      const limit = planLimit(name, settings);
      if (value === null) state[name] = "";
      else if (isNaN(value) || value > limit) refused = limit;
      else state[name] = String(value);
    });
    showHint(refused);
    const from = form.elements.from.value;
    if (from !== state.from) {
      // another origin: its own rate and price, unless the reader types them again
      state.rate = "";
      state.gbprice = "";
    }
    state.from = from;
    state.cur = form.elements.cur.value;
    state.pick = picker.value;
  }

  form.addEventListener("input", (event) => {
    readControls();
    update(event.target.tagName === "INPUT");
  });
  picker.addEventListener("change", () => {
    readControls();
    update(false);
  });
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
