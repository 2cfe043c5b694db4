/* The table as the state says, once the browser has painted what the reader touched: the rows shown
 * and their order (placement.js), their cost cells (cells.js), the sorted column's mark, the count of
 * offerings and providers shown, the empty notice and the "show all" button. A long table lays out at
 * most `limit` offerings at once ("show all" lifts it): a browser lays out a table of thousands of rows
 * far slower than it filters or sorts them. */

import { setProperty, setText } from "./dom.js";
import { afterPaint } from "./paint.js";
import { rowNodes, rowPlacement } from "./placement.js";
import { showMoneys } from "./money.js";
import { costLook, writeCostCell } from "./cells.js";
import { shownCount } from "./result.js";
import { cardSizes } from "./cards.js";

// While the reader types (an amount, a name), the rows wait for a pause in the typing: updating a
// hundred rows takes a phone longer than the time between two keystrokes, which would wait for it.
const TYPING_PAUSE_MS = 300;

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

/* The sorted column's mark: aria-sort on its header cell, none on the others (a cell already right is
 * not written). */
function markSortedHead(headRow, column, descending) {
  Array.prototype.forEach.call(headRow.cells, (th) => {
    const sorted = column && th.dataset.column === column;
    const value = sorted ? (descending ? "descending" : "ascending") : null;
    if (th.getAttribute("aria-sort") === value) return;
    if (value) th.setAttribute("aria-sort", value);
    else th.removeAttribute("aria-sort");
  });
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
  let look = costLook("", "", ""); // what the cost cells show, made once per display (cells.js)
  let moneysIn = "USD"; // the currency the rows' amounts are to show (the page writes US dollars)
  let wanted = null; // what the last display asked for, until the rows show it (settle)
  const settleAfterPaint = afterPaint(settle);

  // a row shown has its costs and its amounts (and its details' amounts) in the reader's currency; a
  // row left out is out of the document (placement.js) and catches up when it shows again
  function show(entry, visible) {
    entry.shown = visible;
    if (!visible) return;
    writeCostCell(entry, look, strings, wording);
    if (entry.moneysIn !== moneysIn) {
      rowNodes(entry).forEach((node) => showMoneys(node, moneysIn, wording.money));
      entry.moneysIn = moneysIn;
    }
  }
  const placement = rowPlacement(table, rows, new Intl.Collator(wording.locale), show);
  const shownRows = () => rows.entries.filter((entry) => entry.shown).map((entry) => entry.row);
  const refreshCards = cardSizes(table, shownRows);

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
    markSortedHead(headRow, view.column, view.descending);
    look = costLook(view.costKey, view.currency, view.column || "");
    moneysIn = look.currency || "USD"; // the rows shown follow (show)
    // with the cost cells, so that the columns never disagree; sorted by the idle cost, the cells show it
    const costShown = Boolean(look.costKey) || look.column === "idle";
    rows.costColumn.forEach((cell) => setProperty(cell, "hidden", !costShown));
    const hiddenByLimit = view.column
      ? placement.sorted(view.column, view.descending, view.budget)
      : placement.grouped(view.budget);
    showAll.hidden = hiddenByLimit === 0;
    setText(showAll, wording.fill(strings.show_all, { count: hiddenByLimit }));
    table.removeAttribute("aria-busy");
    refreshCards();
  }

  /* The count of what the table shows (result.js: shownCount), the "show N results" button and the
   * empty notice when nothing matches. */
  function showCount(matching, folded) {
    setText(count, shownCount(wording.count, matching, folded));
    setText(showResults, wording.fill(strings.show_results, { count: matching.offerings }));
    empty.hidden = matching.providers > 0;
  }

  return { display: display, settle: settle, showCount: showCount };
}
