/* Which rows the table shows and in what order: sorted, one list of offerings (each row names its
 * provider) in a body of its own; unsorted, the offerings under their providers, as the static page has
 * them. Rows move only where they are out of place (order.js): a browser restyles and lays out every row
 * it moves. `show(entry, visible)` shows or hides an entry's rows (view.js: with its costs). */

import { keptInPlace, moveOutOfPlace } from "./order.js";
import { sortedMatches } from "./sort.js";

/* `element` hidden or shown, and `item.shown` saying so, written only when it changes. */
export function setHidden(item, element, visible) {
  if (item.shown !== visible) {
    element.hidden = !visible;
    item.shown = visible;
  }
}

/* The placement of `rows` (rows.js) in `table`, in the reader's language's order (`collator`). */
export function rowPlacement(table, rows, collator, show) {
  const sortedBody = document.createElement("tbody");
  sortedBody.className = "gs-sorted";

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

  return { sorted: displaySorted, grouped: displayGrouped };
}
