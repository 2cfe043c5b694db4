/* The table as the state says: which rows show and in what order, the cost cells' text, the count of
 * offerings and providers shown, the empty notice and the "show all" button. A long table lays out at most `limit`
 * offerings at once ("show all" lifts it): a browser lays out a table of thousands of rows far slower
 * than it filters or sorts them. */

import { sortedMatches } from "./sort.js";

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

function setLine(line, text) {
  line.textContent = text;
  line.hidden = !text;
}

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

/* An entry's costs (cost.js: costsOf) as lines of `cell`, in `currency`: a month's cost, what it
 * leaves out, running and idle storage apart once the GPU runs less than the month, the total, and a
 * size above the offering's maximum. */
export function writeCostLines(cell, entry, strings, wording, currency) {
  const lines = costLines(cell);
  const costs = entry.costs;
  const offering = entry.offering;
  if (costs.monthly === null) {
    setLine(lines.monthly, strings.price_unknown);
    COST_LINES.slice(1).forEach((name) => setLine(lines[name], ""));
    cell.classList.add("gs-unknown");
    return;
  }
  const fill = wording.fill;
  const money = (amount) => wording.money(amount, currency);
  cell.classList.remove("gs-unknown");
  setLine(lines.monthly, fill(strings.per_month, { amount: money(costs.monthly) }));
  const egressNote = !costs.egressKnown
    ? strings.egress_unknown
    : offering.egressPooled && offering.egressRate !== null
      ? strings.allowance_pooled
      : "";
  const idleKnown = costs.idle !== null;
  setLine(lines.note, [egressNote, idleKnown ? "" : strings.idle_unknown].filter(Boolean).join(" "));
  lines.note.className = costs.egressKnown && idleKnown ? "" : "gs-warning";
  // the month split by use, once the GPU runs less than all of it: running and idle storage apart
  const split = costs.idleHours > 0;
  const running = fill(strings.running_line, { amount: money(costs.running), hours: costs.hours });
  setLine(lines.running, split ? running : "");
  const idle = fill(strings.idle_line, {
    amount: idleKnown ? money(costs.idle) : strings.unknown,
    hours: costs.idleHours,
  });
  setLine(lines.idle, split ? idle : "");
  setLine(lines.total, fill(strings.total_line, { amount: money(costs.total), count: costs.months }));
  const size = costs.tooLarge ? wording.numbers.format(Math.round(offering.maxGb)) + " GB" : "";
  setLine(lines.warning, costs.tooLarge ? fill(strings.too_large, { size: size }) : "");
}

export function tableView(table, rows, settings, wording) {
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
  let moved = [];
  // what the current display is for: the amounts the entries' costs were made for (cost.js), the currency
  let costKey = "";
  let currency = "";

  function writeCosts(entry) {
    if (entry.costText === costKey) return;
    entry.costText = costKey;
    const cell = entry.cells.cost;
    cell.hidden = !entry.costs;
    if (!entry.costs) return;
    cell.dataset.label = strings.cost_short;
    writeCostLines(cell, entry, strings, wording, currency);
    if (entry.costs.monthly === null) {
      delete cell.dataset.value;
      delete cell.dataset.sort;
      return;
    }
    cell.dataset.value = String(entry.costs.monthly);
    cell.dataset.sort = String(entry.keys.cost);
  }

  // an offering's row and the row of its details show and hide together
  function show(entry, visible) {
    if (entry.shown !== visible && entry.more) entry.more.hidden = !visible;
    setHidden(entry, entry.row, visible);
    if (visible) writeCosts(entry);
  }

  function append(parent, entry) {
    parent.appendChild(entry.row);
    if (entry.more) parent.appendChild(entry.more);
  }

  function markSortedHead(column, descending) {
    Array.prototype.forEach.call(headRow.cells, (th) => {
      if (column && th.dataset.column === column) {
        th.setAttribute("aria-sort", descending ? "descending" : "ascending");
      } else th.removeAttribute("aria-sort");
    });
  }

  // One list of the matching offerings in the column's order, at most `budget` of them; returns how
  // many matching ones the budget left out. Groups stay hidden but those without offerings.
  function displaySorted(column, descending, budget) {
    const ordered = sortedMatches(rows.entries, column, descending, collator);
    rows.entries.forEach((entry) => {
      if (!entry.match) show(entry, false);
    });
    const fragment = document.createDocumentFragment();
    ordered.forEach((entry, place) => {
      const visible = place < budget;
      show(entry, visible);
      if (visible) {
        append(fragment, entry);
        moved.push(entry);
      }
    });
    sortedBody.appendChild(fragment);
    if (!sortedBody.parentNode) table.insertBefore(sortedBody, table.tBodies[0]);
    rows.groups.forEach((group) => setHidden(group, group.body, group.rows.length === 0 && group.match));
    return Math.max(0, ordered.length - budget);
  }

  // The matching offerings under their providers, in the page's order, at most `budget` of them.
  function displayGrouped(budget) {
    let left = budget;
    let hiddenByLimit = 0;
    if (sortedBody.parentNode) table.removeChild(sortedBody);
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

  /* The rows for the state; `amountsKey` names the amounts the entries' costs were made for. */
  function display(state, limit, amountsKey) {
    costKey = amountsKey;
    currency = state.cur;
    const column = state.sort;
    const descending = state.dir === "desc";
    const budget = state.all ? Infinity : limit;
    markSortedHead(column, descending);
    moved.forEach((entry) => append(entry.group.body, entry));
    moved = [];
    const hiddenByLimit = column
      ? displaySorted(column, descending, budget)
      : displayGrouped(budget);
    table.classList.toggle("gs-flat", Boolean(column));
    showAll.hidden = hiddenByLimit === 0;
    showAll.textContent = wording.fill(strings.show_all, { count: hiddenByLimit });
    return hiddenByLimit;
  }

  /* What the table shows, in both units: "12 offerings from 9 providers", and "50 of 400 offerings
   * shown" while a long table is folded; the empty notice when nothing matches. */
  function showCount(matching, folded) {
    const fill = wording.fill;
    const offerings = fill(strings.count_offerings, { count: matching.offerings });
    const providers = fill(strings.count_providers, { count: matching.providers });
    let text = fill(strings.count_shown, { offerings: offerings, providers: providers });
    if (folded) {
      const shown = matching.offerings - folded;
      text += " · " + fill(strings.count_folded, { shown: shown, total: matching.offerings });
    }
    count.textContent = text;
    showResults.textContent = fill(strings.show_results, { count: matching.offerings });
    empty.hidden = matching.providers > 0;
  }

  return { display: display, showCount: showCount };
}
