/* Each offering's row opens in place to its details, in the row after it (tr.gs-more), made the first
 * time from the provider's details file (details.js) and put in the table once they are read: a tap turns
 * the row's mark (▸ to ▾) at once, and the rows below move once, with the details. (An empty row kept
 * their room while they loaded: the rows below moved twice, and the tap's own frame repainted the whole
 * table, 104 ms on a phone at 4x.) The row's name is a link to the details on the provider's page; the
 * script makes it say whether they are open (aria-expanded) and opens them in place instead. A click that
 * asks for a new tab or window follows the link, and so does a click whose details cannot be read. */

function detailsRow(row) {
  const more = document.createElement("tr");
  more.className = "gs-more";
  const cell = more.insertCell();
  cell.colSpan = row.closest("table").tHead.rows[0].cells.length;
  return more;
}

/* Every name link of `table` into a disclosure, folded: `eachLink(fn)` calls fn with each link, now and
 * as rows are made (rows.js: whenMade). `detailsOf(link)` gives an offering's details block (a
 * promise), `prepare(block)` readies it to show (its amounts in the reader's currency), and
 * `onRow(row, more)` learns of each details row once it holds its details; it then moves and hides with
 * its row. */
export function addDisclosures(table, eachLink, detailsOf, prepare, onRow) {
  eachLink((link) => link.setAttribute("aria-expanded", "false"));
  const madeFor = new WeakMap(); // an offering's row -> its details row, made at its first opening

  function open(link, row) {
    const more = detailsRow(row);
    madeFor.set(row, more);
    detailsOf(link).then(
      (block) => {
        more.cells[0].appendChild(prepare(block));
        // below its row, wherever a sort moved it meanwhile; a row out of the document takes it along
        // when it comes back. Only now does its row carry it: a row moved before could show it empty.
        row.after(more);
        onRow(row, more);
      },
      () => {
        window.location.href = link.href; // the provider's page holds them
      }
    );
    return more;
  }

  table.addEventListener("click", (event) => {
    const link = event.target.closest("a.gs-disclose");
    if (!link || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const row = link.closest("tr");
    const expanded = link.getAttribute("aria-expanded") === "true";
    const more = madeFor.get(row) || open(link, row);
    more.classList.toggle("gs-open", !expanded);
    link.setAttribute("aria-expanded", String(!expanded));
  });
}
