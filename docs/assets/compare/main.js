/* Comparison tools: sort, filters, workload presets and a storage cost calculator.
 * The static table reads well without this script; the script only enhances it.
 * The view's state lives in the URL query, so a filtered, sorted view can be shared.
 * Data attributes and URL parameters are listed in hooks/gpustorage/pages/contract.py; the page's settings
 * (#comparison-settings, written by hooks/gpustorage/pages/render.py) give the filters, presets, currency
 * rates, page size and texts.
 *
 * The modules, by job: state.js (the URL query), numbers.js (numbers in the reader's language),
 * cost.js (the calculator), filter.js and sort.js (which rows, in what order), result.js (the costs and
 * counts that describe them, made once needed), rows.js (the table read
 * once), details.js (an offering's details, read from its provider's file), disclose.js (each row's
 * details, opened in place), form.js (the tools' controls), view.js (the table shown), pick.js and side.js (offerings ticked and
 * compared side by side), dom.js (writes only where they change something), paint.js (work after the
 * next paint), cards.js (a phone's cards laid out as they come into view); this one wires them. */

import { countWriter, localNumbers, messageFiller, moneyWriter } from "./numbers.js";
import { resultOf } from "./result.js";
import {
  choicesOf,
  dropBrokenAmounts,
  fillFromPreset,
  queryKeeper,
  readQuery,
  resetTo,
  viewKeys,
  writeQuery,
} from "./state.js";
import { readTable } from "./rows.js";
import { addDisclosures } from "./disclose.js";
import { detailsReader } from "./details.js";
import { showMoneys } from "./money.js";
import { toolsForm } from "./form.js";
import { addSortButtons, tableView } from "./view.js";
import { togglePick } from "./pick.js";
import { sideView } from "./side.js";

function wordingFor(locale, settings) {
  const numbers = localNumbers(locale);
  const fill = messageFiller(locale, numbers);
  return {
    locale: locale,
    numbers: numbers,
    fill: fill,
    count: countWriter(settings.counts, fill),
    money: moneyWriter(locale, settings.rates),
  };
}

function start(table, form, settings, rowsFile) {
  const filterNames = settings.filters;
  const keys = viewKeys(filterNames);
  const wording = wordingFor(document.documentElement.lang || undefined, settings);
  const rows = readTable(table, filterNames, settings.strings, rowsFile);
  const tools = toolsForm(form, settings, wording);
  const view = tableView(table, rows, settings, wording, describeResult);
  const detailsOf = detailsReader(settings.details_file);
  const query = queryKeeper();
  const result = resultOf(rows, filterNames, settings.hours_per_month);
  // Every offering is in the page and shown; only a table far longer than the real dataset shows a
  // page at a time, and the count says so (settings.py: FOLD_ABOVE_ROWS, ROWS_PER_PAGE).
  const limit = rows.entries.length > settings.fold_above ? settings.rows_per_page : Infinity;
  const side = sideView(table, rows, settings, wording, (entry) => detailsOf(entry.link));
  const ids = rows.entries.map((entry) => entry.id);
  const state = readQuery(window.location.search, keys, choicesOf(tools.offered(), settings, ids));
  wireDetails(table, rows, detailsOf, state, wording);
  /* What describes the result comes with the rows, right after the paint that shows what the reader
   * touched (view.js: settle; at once when the view settles at start or for "show N results"): the
   * costs, each filter choice's count, the query in the language menu and the address. On a phone these
   * writes made a tap's own frame a fifth longer. */
  function describeResult() {
    result.applyDueCosts();
    const counts = result.dueCounts();
    if (counts) tools.showCounts(counts);
    query.write();
  }

  function update(typing) {
    const costKey = result.readAmounts(state);
    const matching = result.match(state);
    const folded = view.display(state, limit, costKey, typing, matching.offerings);
    view.showCount(matching, folded);
    if (state.side) result.applyDueCosts(); // the side view shows costs
    if (!side.show(state)) state.side = ""; // nothing ticked: no view to share
    query.hold(writeQuery(state, keys));
  }

  const toggle = document.getElementById("comparison-tools-toggle");
  const sideHeading = wirePicks(side, state, update, toggle);
  wireSortAndFilters(table, form, tools, state, update);
  wirePresets(tools, state, (preset) => resetTo(state, keys, settings.presets, preset), update);
  wireToolsToggle(form, toggle, () => {
    view.settle(); // the rows as the tools left them, to land on the first
    const first = rows.entries.find((entry) => entry.shown && entry.match);
    return first ? first.link : toggle;
  });

  showTools(form, toggle, tools, state, settings);
  update();
  view.settle(); // the first view before the first paint: nothing moves once shown
  // a shared link to offerings side by side lands on them
  if (state.side) side.ready().then(() => sideHeading.scrollIntoView({ block: "start", behavior: "instant" }));
  // the clicks made while the page was loading, kept until now (overrides/main.html), answered
  document.dispatchEvent(new Event("gs-comparison-ready"));
}

/* Each row's name opens its details in place (disclose.js), read from its provider's details file and
 * shown in the reader's currency, as the row is. */
function wireDetails(table, rows, detailsOf, state, wording) {
  addDisclosures(
    table,
    (fn) => rows.whenMade((entry) => fn(entry.link)),
    detailsOf,
    (block) => {
      showMoneys(block, state.cur, wording.money);
      return block;
    },
    (row, more) => {
      rows.byRow.get(row).more = more;
    }
  );
}

/* The tools as the state read from the address has them: a preset's values filled in, and an absurd or
 * broken amount of a shared link dropped, with a hint. */
function showTools(form, toggle, tools, state, settings) {
  fillFromPreset(state, settings.presets);
  tools.showHint(dropBrokenAmounts(state, settings.hours_per_month));
  toggle.hidden = false;
  form.hidden = false;
  tools.show(state);
}

/* Offerings ticked to compare: a checkbox per row, the bar that counts them and opens, closes or clears
 * the view side by side. Returns the side view's heading (a shared link to it lands there). */
function wirePicks(side, state, update, toolsToggle) {
  side.addCheckboxes((id, ticked) => {
    state.pick = togglePick(state.pick, id, ticked);
    update();
  });
  const sideHeading = document.getElementById("comparison-side-title");
  const openButton = document.getElementById("comparison-pick-open");
  openButton.addEventListener("click", () => {
    state.side = state.side ? "" : "1";
    update();
    if (state.side) {
      sideHeading.scrollIntoView({ block: "start", behavior: "instant" });
      sideHeading.focus({ preventScroll: true });
    }
  });
  document.getElementById("comparison-side-close").addEventListener("click", () => {
    state.side = "";
    update();
    openButton.focus();
  });
  document.getElementById("comparison-pick-clear").addEventListener("click", () => {
    state.pick = "";
    state.side = "";
    update();
    toolsToggle.focus();
  });
  return sideHeading;
}

/* The columns' sort buttons, the tools' fields and "show all". A sort or filter the reader changes keeps
 * the preset chosen, shown as changed (form.js); typed text waits for a pause (view.js). */
function wireSortAndFilters(table, form, tools, state, update) {
  addSortButtons(table.tHead.rows[0], (column) => {
    state.dir = state.sort === column && state.dir !== "desc" ? "desc" : "asc";
    state.sort = column;
    tools.show(state);
    update();
  });
  form.addEventListener("input", (event) => {
    tools.read(state);
    tools.show(state);
    update(event.target.matches("input[type=text], input[type=search]"));
  });
  form.addEventListener("submit", (event) => event.preventDefault());
  document.getElementById("comparison-show-all").addEventListener("click", () => {
    state.all = "1";
    update();
  });
}

/* The workload presets, in the tools and in the empty result's notice: each resets the view to its own. */
function wirePresets(tools, state, resetToPreset, update) {
  const selector = "#comparison-tools [data-preset], #comparison-empty [data-preset]";
  const buttons = document.querySelectorAll(selector);
  buttons.forEach((button) => {
    button.addEventListener("click", () => {
      resetToPreset(button.dataset.preset);
      tools.clearAmounts();
      tools.show(state);
      update();
    });
  });
}

/* The tools folded into one button; on a phone the opened tools end in "show 12 results", which folds
 * them and lands on `firstResult()` (the first row shown, once the rows follow the tools). */
function wireToolsToggle(form, toggle, firstResult) {
  const firstField = form.querySelector("input, select");
  function openTools(open) {
    toggle.setAttribute("aria-expanded", String(form.classList.toggle("gs-open", open)));
    // on a phone, the first field clear of the "show 12 results" button at the screen's foot (its
    // scroll margin, site.css); where it is in view already, nothing moves
    if (open) firstField.scrollIntoView({ block: "nearest", behavior: "instant" });
  }
  toggle.addEventListener("click", () => openTools(!form.classList.contains("gs-open")));
  document.getElementById("comparison-show-results").addEventListener("click", () => {
    const target = firstResult();
    openTools(false);
    target.scrollIntoView({ block: "start", behavior: "instant" });
    target.focus({ preventScroll: true });
  });
}

const table = document.getElementById("comparison");
const form = document.getElementById("comparison-tools");
const settingsNode = document.getElementById("comparison-settings");
/* A long comparison's page holds its first rows; the others (settings.rows_file, beside the page, asked
 * for from the page's head) are read before the script starts, so that every control covers every
 * offering: what filters and sorting need of each, and each provider's markup, made into rows only
 * when they show (rows.js). Without the file the tools cover the rows in the page (null). */
function otherRows(rowsFile) {
  if (!rowsFile) return Promise.resolve(null);
  return fetch(rowsFile)
    .then((response) => (response.ok ? response.json() : Promise.reject(new Error(response.status))))
    .catch(() => null);
}

if (table && form && settingsNode) {
  const settings = JSON.parse(settingsNode.textContent);
  // at once, in the module's own task: a shared link's view is then the page's first paint (a start
  // in a later task, tried to split the load's work, let the default view paint first and applied the
  // link 200-260 ms after DOMContentLoaded on a phone at 4x; make bench: shared_link_after_dcl_ms)
  otherRows(settings.rows_file).then((rowsFile) => start(table, form, settings, rowsFile));
}
