/* The table as the state says: which rows show and in what order, the cost cells' text, the count of
 * offerings and providers shown, the empty notice and the "show all" button. A long table lays out at most `limit`
 * offerings at once ("show all" lifts it): a browser lays out a table of thousands of rows far slower
 * than it filters or sorts them. */

import { setData, setProperty, setText } from "./dom.js";
import { keptInPlace, moveOutOfPlace } from "./order.js";
import { sortedMatches } from "./sort.js";
import { moneyIn } from "./numbers.js";
import { showMoneys } from "./money.js";
import { costCellOf } from "./rows.js";

// A cost cell's lines, made once per row; an update only changes their text (no HTML parsing).
const COST_LINES = ["monthly", "note", "running", "idle", "total", "warning"];

function costLines(cell) {
  if (!cell.lines) {
    cell.lines = {};
    COST_LINES.forEach((name, index) => {
      const line = document.createElement(index === 0 ? "strong" : "small");
      if (name === "note" || name === "warning") line.className = "gs-warning";
      cell.appendChild(line);
      cell.lines[name] = line;
    });
  }
  return cell.lines;
}

// Each write below only happens when the value changes: a same-value write still invalidates the
// element's style or layout in the browser, and a calculator update writes ~100 cells.
function setLine(line, text) {
  setText(line, text);
  setProperty(line, "hidden", !text);
}

// While the reader types (an amount, a name), the rows wait for a pause in the typing: updating a
// hundred rows takes a phone longer than the time between two keystrokes, which would wait for it.
const TYPING_PAUSE_MS = 300;

function setHidden(item, element, visible) {
  if (item.shown !== visible) {
    element.hidden = !visible;
    item.shown = visible;
  }
}

/* Each header's content into a button that sorts by its column: onSort(column). */
export function addSortButtons(headRow, onSort) {
  Array.prototype.forEach.call(headRow.cells, (th) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "gs-sort";
    while (th.firstChild) button.appendChild(th.firstChild);
    th.appendChild(button);
    button.addEventListener("click", () => onSort(th.dataset.column));
  });
}

/* The figure a cost cell leads with: the one the table is sorted by (a reader sees why the rows are in
 * their order), else the month's cost. */
function leadingFigure(costs, column, strings) {
  if (column === "idle") return { amount: costs.idleMonth, words: strings.idle_per_month };
  if (column === "price") return { amount: costs.storage, words: strings.storage_per_month };
  return { amount: costs.monthly, words: strings.per_month };
}

/* An entry's costs (cost.js: costsOf) as lines of `cell`, in `currency`: the figure sorted by (a month's
 * cost, its storage alone, or a month without a GPU), what it leaves out, running and idle storage apart
 * once the GPU runs less than the month (or the table is sorted by the idle cost), the total, and a
 * size above the offering's maximum. */
export function writeCostLines(cell, entry, strings, wording, currency, column) {
  const lines = costLines(cell);
  const costs = entry.costs;
  const offering = entry.offering;
  if (costs.monthly === null) {
    setLine(lines.monthly, offering.included ? strings.included : strings.price_unknown);
    COST_LINES.slice(1).forEach((name) => setLine(lines[name], ""));
    cell.classList.toggle("gs-unknown", !offering.included);
    return;
  }
  const fill = wording.fill;
  const money = (amount) => moneyIn(wording.money, { usd: amount, source: offering.currency }, currency);
  cell.classList.remove("gs-unknown");
  const lead = leadingFigure(costs, column, strings);
  setLine(lines.monthly, lead.amount === null ? strings.idle_cost_unknown : fill(lead.words, { amount: money(lead.amount) }));
  const egressNote = !costs.egressKnown
    ? strings.egress_unknown
    : offering.egressPooled && offering.egressRate !== null
      ? strings.allowance_pooled
      : "";
  const idleKnown = costs.idle !== null;
  setLine(lines.note, [egressNote, idleKnown ? "" : strings.idle_unknown].filter(Boolean).join(" "));
  lines.note.className = costs.egressKnown && idleKnown ? "" : "gs-warning";
  // the month split by use, once the GPU runs less than all of it: running and idle storage apart;
  // sorted by the idle cost, the running cost beside it
  const split = costs.idleHours > 0;
  const running = fill(strings.running_line, { amount: money(costs.running), hours: costs.hours });
  setLine(lines.running, split || column === "idle" ? running : "");
  const idle = fill(strings.idle_line, {
    amount: idleKnown ? money(costs.idle) : strings.unknown,
    hours: costs.idleHours,
  });
  setLine(lines.idle, split ? idle : "");
  setLine(lines.total, fill(strings.total_line, { amount: money(costs.total), count: costs.months }));
  const size = costs.tooLarge ? wording.numbers.format(Math.round(offering.maxGb)) + " GB" : "";
  setLine(lines.warning, costs.tooLarge ? fill(strings.too_large, { size: size }) : "");
}

/* Sorted by the idle cost with no size given, a cost cell shows what sorts it: what a GB costs a month
 * while no GPU runs (cost.js: idleRate), "not billed", or unknown. */
export function writeIdleRate(cell, entry, strings, wording, currency) {
  const lines = costLines(cell);
  const offering = entry.offering;
  const rate = entry.keys.idle;
  let text = strings.idle_cost_unknown;
  if (offering.included) text = strings.included;
  else if (rate === 0 && offering.billedIdle === "no") text = strings.not_billed_idle;
  else if (rate !== null) {
    const amount = moneyIn(wording.money, { usd: rate, source: offering.currency, rate: true }, currency);
    text = wording.fill(strings.idle_rate, { amount: amount });
  }
  setLine(lines.monthly, text);
  COST_LINES.slice(1).forEach((name) => setLine(lines[name], ""));
  cell.classList.toggle("gs-unknown", rate === null && !offering.included);
}

/* The table's view; `beforeRows()` runs right before the rows follow the state, after the next paint
 * or at once when `settle()` is called (main.js: the costs the rows show, and what else describes the
 * result). */
export function tableView(table, rows, settings, wording, beforeRows) {
  const strings = settings.strings;
  const headRow = table.tHead.rows[0];
  const count = document.getElementById("comparison-count");
  const empty = document.getElementById("comparison-empty");
  const showAll = document.getElementById("comparison-show-all");
  const showResults = document.getElementById("comparison-show-results");
  const collator = new Intl.Collator(wording.locale);
  // Sorted, the table lists offerings one by one (each row names its provider); unsorted, it groups
  // them under their provider, as the static page does.
  const sortedBody = document.createElement("tbody");
  sortedBody.className = "gs-sorted";
  // what the current display is for: the amounts the entries' costs were made for (cost.js), the currency
  let costKey = "";
  let currency = "";
  let sortColumn = "";
  // what the cost cells show (the amounts, the currency, the sorted column whose figure they lead with),
  // made once per display; a cell written for it is not written again
  let cellsKey = "";
  let moneysIn = ""; // the currency the page's amounts show (the page writes US dollars)
  let wanted = null; // what the last display asked for, until the rows show it (settle)
  let timer = null; // the rows' coming update
  /* The rows' update once the browser has painted (a frame's callbacks run just before its paint, a
   * task they queue after it), `pause` milliseconds later; one asked for since replaces it. */
  function settleAfterPaint(pause) {
    requestAnimationFrame(() => {
      window.clearTimeout(timer);
      timer = window.setTimeout(settle, pause);
    });
  }

  function writeCosts(entry) {
    if (entry.costText === cellsKey) return;
    entry.costText = cellsKey;
    const idleRateShown = !entry.costs && sortColumn === "idle";
    const shown = Boolean(entry.costs) || idleRateShown;
    if (!shown && !entry.cells.cost) return;
    const cell = costCellOf(entry);
    cell.hidden = !shown;
    if (!shown) return;
    setData(cell, "label", strings.cost_short);
    if (idleRateShown) writeIdleRate(cell, entry, strings, wording, currency);
    else writeCostLines(cell, entry, strings, wording, currency, sortColumn);
    const known = entry.costs && entry.costs.monthly !== null;
    setData(cell, "value", known ? String(entry.costs.monthly) : undefined);
    setData(cell, "sort", known ? String(entry.keys.cost) : undefined);
  }

  // an offering's row and the row of its details show and hide together
  function show(entry, visible) {
    if (entry.shown !== visible && entry.more) entry.more.hidden = !visible;
    setHidden(entry, entry.row, visible);
    if (visible) writeCosts(entry);
  }

  /* The entries' rows (and their details) in `parent` in the order of `wanted`, moving only those out
   * of place (order.js); rows of `parent` not wanted stay where they are, hidden or elsewhere. */
  function arrange(parent, wanted) {
    const current = [];
    for (let node = parent.firstElementChild; node; node = node.nextElementSibling) {
      const entry = rows.byRow.get(node);
      if (entry) current.push(entry);
    }
    moveOutOfPlace(wanted, keptInPlace(current, wanted), (entry, before) => {
      const anchor = before && before.row;
      parent.insertBefore(entry.row, anchor);
      if (entry.more) parent.insertBefore(entry.more, anchor);
    });
  }

  function markSortedHead(column, descending) {
    Array.prototype.forEach.call(headRow.cells, (th) => {
      const sorted = column && th.dataset.column === column;
      const value = sorted ? (descending ? "descending" : "ascending") : null;
      if (th.getAttribute("aria-sort") === value) return;
      if (value) th.setAttribute("aria-sort", value);
      else th.removeAttribute("aria-sort");
    });
  }

  // One list of the matching offerings in the column's order, at most `budget` of them; returns how
  // many matching ones the budget left out. Groups stay hidden but those without offerings. Rows
  // that leave the list stay in it, hidden, so that a filter or sort moves only what it changes.
  function displaySorted(column, descending, budget) {
    const ordered = sortedMatches(rows.entries, column, descending, collator);
    const listed = ordered.slice(0, budget);
    const visible = new Set(listed);
    rows.entries.forEach((entry) => {
      if (!visible.has(entry)) show(entry, false);
    });
    if (!sortedBody.parentNode) table.insertBefore(sortedBody, table.tBodies[0]);
    arrange(sortedBody, listed);
    listed.forEach((entry) => show(entry, true));
    rows.groups.forEach((group) => setHidden(group, group.body, group.rows.length === 0 && group.match));
    return ordered.length - listed.length;
  }

  // The matching offerings under their providers, in the page's order, at most `budget` of them.
  function displayGrouped(budget) {
    let left = budget;
    let hiddenByLimit = 0;
    if (sortedBody.parentNode) {
      // out of the table first: its rows then leave a list no longer laid out
      table.removeChild(sortedBody);
      rows.groups.forEach((group) => arrange(group.body, group.rows));
    }
    rows.groups.forEach((group) => {
      const visible = group.match && left > 0;
      group.rows.forEach((entry) => {
        const rowVisible = visible && entry.match && left > 0;
        if (rowVisible) left--;
        else if (entry.match) hiddenByLimit++;
        show(entry, rowVisible);
      });
      setHidden(group, group.body, visible);
    });
    return hiddenByLimit;
  }

  /* The table for the state; `amountsKey` names the amounts the entries' costs were made for. Returns
   * how many matching offerings a long table leaves out. The rows, and the sorted column's mark that
   * describes them, follow right after the next paint (settle), so that what the reader touched (a
   * pressed button, the count) is painted first and a burst of changes (typing an amount) costs the
   * table once; while the reader types, after a pause in the typing. The table is aria-busy until
   * then. `matching` is how many offerings match (filter.js). */
  function display(state, limit, amountsKey, typing, matching) {
    const column = state.sort;
    const descending = state.dir === "desc";
    const budget = state.all ? Infinity : limit;
    if (!wanted) table.setAttribute("aria-busy", "true");
    settleAfterPaint(typing ? TYPING_PAUSE_MS : 0);
    wanted = { column, descending, budget, costKey: amountsKey, currency: state.cur };
    return Math.max(0, matching - budget);
  }

  /* The rows as the last display asked, now (nothing when they are). */
  function settle() {
    if (!wanted) return;
    const view = wanted;
    wanted = null;
    beforeRows();
    // with the rows it describes: a mark moved at once repainted the table's header in the tap's frame
    markSortedHead(view.column, view.descending);
    costKey = view.costKey;
    currency = view.currency;
    sortColumn = view.column || "";
    const leading = sortColumn === "idle" || sortColumn === "price" ? sortColumn : ""; // the figures leadingFigure leads with
    cellsKey = [costKey, currency, leading].join("|");
    if ((currency || "USD") !== (moneysIn || "USD")) showMoneys(table, currency, wording.money);
    moneysIn = currency;
    // with the cost cells, so that the columns never disagree; sorted by the idle cost, the cells show it
    rows.costHead.hidden = !costKey && sortColumn !== "idle";
    const hiddenByLimit = view.column
      ? displaySorted(view.column, view.descending, view.budget)
      : displayGrouped(view.budget);
    showAll.hidden = hiddenByLimit === 0;
    setText(showAll, wording.fill(strings.show_all, { count: hiddenByLimit }));
    table.removeAttribute("aria-busy");
  }

  /* What the table shows, in both units: "12 offerings from 9 providers", and "50 of 400 offerings
   * shown" while a long table is folded; the empty notice when nothing matches. */
  function showCount(matching, folded) {
    let text = wording.count("shown", { offerings: matching.offerings, providers: matching.providers });
    if (folded) {
      const shown = matching.offerings - folded;
      text += " · " + wording.count("folded", { shown: shown, total: matching.offerings });
    }
    setText(count, text);
    setText(showResults, wording.fill(strings.show_results, { count: matching.offerings }));
    empty.hidden = matching.providers > 0;
  }

  return { display: display, settle: settle, showCount: showCount };
}
