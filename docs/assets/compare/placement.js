/* Which rows the table holds and in what order: sorted, one list of offerings (each row names its
 * provider) in a body of its own; unsorted, the offerings under their providers, as the static page has
 * them. A row the view leaves out is taken out of the document, not hidden in it: a browser restyles
 * and hit-tests among every row of the table, hidden or not (at 2,000 offerings a tap anywhere on the
 * page cost 300-900 ms on a phone at 4x with the rows left out hidden, 30-50 ms without them). Rows
 * move only where they are out of place (order.js): a browser restyles and lays out every row it moves.
 * `show(entry, visible)` learns whether an entry is shown (view.js: its costs and currency). */

import { keptInPlace, moveOutOfPlace } from "./order.js";
import { sortedMatches } from "./sort.js";

/* The items of `current` (those `parent` holds now, in order) as `wanted`: those not wanted taken out,
 * the others moved only where out of place, each item's nodes (`nodesOf`) together and the last before
 * `end` (null: at the end). */
function place(parent, current, wanted, nodesOf, end) {
  const keep = new Set(wanted);
  current.forEach((item) => {
    if (!keep.has(item)) nodesOf(item).forEach((node) => node.remove());
  });
  const staying = current.filter((item) => keep.has(item));
  moveOutOfPlace(wanted, keptInPlace(staying, wanted), (item, before) => {
    const anchor = before ? nodesOf(before)[0] : end;
    nodesOf(item).forEach((node) => parent.insertBefore(node, anchor));
  });
}

// an offering's row and the row of its details, once opened (disclose.js), come and go together
export const rowNodes = (entry) => (entry.more ? [entry.row, entry.more] : [entry.row]);
const bodyNodes = (holder) => [holder.body];

/* The placement of `rows` (rows.js) in `table`, in the reader's language's order (`collator`). */
export function rowPlacement(table, rows, collator, show) {
  const sorted = { body: document.createElement("tbody") }; // the sorted list's body, among the groups'
  sorted.body.className = "gs-sorted";
  const holderOf = new Map(rows.groups.map((group) => [group.body, group]));
  holderOf.set(sorted.body, sorted);

  /* `wanted` entries in `body`, in order. */
  function arrange(body, wanted) {
    const current = [];
    for (let node = body.firstElementChild; node; node = node.nextElementSibling) {
      const entry = rows.byRow.get(node);
      if (entry) current.push(entry);
    }
    place(body, current, wanted, rowNodes, null);
  }

  /* The table's bodies as `wanted` (the sorted list's and the groups'), before its footer. */
  function arrangeBodies(wanted) {
    const current = Array.prototype.map.call(table.tBodies, (body) => holderOf.get(body)).filter(Boolean);
    place(table, current, wanted, bodyNodes, table.tFoot);
  }

  // One list of the matching offerings in the column's order, at most `budget` of them; returns how
  // many matching ones the budget left out. Of the groups, only those without offerings that match
  // stay (a provider with no storage, found by its name).
  function displaySorted(column, descending, budget) {
    const ordered = sortedMatches(rows.entries, column, descending, collator);
    const listed = ordered.slice(0, budget);
    const visible = new Set(listed);
    rows.entries.forEach((entry) => show(entry, visible.has(entry)));
    // the groups out of the document first: their rows then leave bodies no longer laid out
    arrangeBodies([sorted, ...rows.groups.filter((group) => group.rows.length === 0 && group.match)]);
    arrange(sorted.body, listed);
    return ordered.length - listed.length;
  }

  // The matching offerings under their providers, in the page's order, at most `budget` of them.
  function displayGrouped(budget) {
    let left = budget;
    let hiddenByLimit = 0;
    const shownGroups = [];
    if (sorted.body.parentNode) sorted.body.remove(); // its rows then leave a list no longer laid out
    rows.groups.forEach((group) => {
      const visible = group.match && left > 0;
      const shownRows = group.rows.filter((entry) => {
        const rowVisible = visible && entry.match && left > 0;
        if (rowVisible) left--;
        else if (entry.match) hiddenByLimit++;
        show(entry, rowVisible);
        return rowVisible;
      });
      if (visible) {
        arrange(group.body, shownRows);
        shownGroups.push(group);
      }
    });
    arrangeBodies(shownGroups);
    return hiddenByLimit;
  }

  return { sorted: displaySorted, grouped: displayGrouped };
}
