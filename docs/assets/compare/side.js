/* Offerings compared side by side: a checkbox per row (added here: without the script the table stays
 * plain), a bar that counts the ticked ones and opens or clears them, and the view itself, a table
 * with a column per ticked offering: its cost at the calculator's amounts, then its details as its
 * provider's page gives them (details.js: its kind, every fact with its marks and sources, its dates,
 * its sources), every amount in the reader's currency. */

import { setAttribute, setProperty, setText } from "./dom.js";
import { pickedIds } from "./pick.js";
import { writeCostLines } from "./cells.js";
import { showMoneys } from "./money.js";

// ids in the page are unique: a copy's ids (and the links to them) take this prefix
const COPY = "side-";

/* A copy of `node` whose ids, and links to ids, are the copy's own. */
function copyOf(node) {
  const copy = node.cloneNode(true);
  const all = [copy].concat(Array.prototype.slice.call(copy.querySelectorAll("[id], a[href^='#']")));
  all.forEach((element) => {
    if (element.id) element.id = COPY + element.id;
    const href = element.getAttribute && element.getAttribute("href");
    if (href && href.charAt(0) === "#") element.setAttribute("href", "#" + COPY + href.slice(1));
  });
  return copy;
}

function cell(tag, content, scope) {
  const element = document.createElement(tag);
  if (scope) element.scope = scope;
  if (typeof content === "string") element.textContent = content;
  else if (content) element.appendChild(content);
  return element;
}

/* What a cell of an offering's fact table holds, copied (none: nothing). */
function contentOf(cell) {
  const holder = document.createElement("div");
  if (!cell) return holder;
  const copy = copyOf(cell);
  while (copy.firstChild) holder.appendChild(copy.firstChild);
  return holder;
}

/* The rows of an offering's fact table (its kind, every fact, its two dates), from its details block. */
function factRows(block) {
  return block ? block.querySelectorAll("table.gs-facts > tbody > tr") : [];
}

/* A fact's value and the links to its sources, from a row of the fact table (not its report link). */
function factCell(row) {
  const holder = contentOf(row && row.cells[1]);
  if (row && row.cells.length > 3) {
    holder.append(" ");
    holder.appendChild(contentOf(row.cells[2]));
  }
  return holder;
}

/* A checkbox at the start of an offering's row, named by its provider and product, ticked as `ticked`;
 * `onTick(id, ticked)` hears each change. */
function addPickBox(entry, ticked, strings, wording, onTick) {
  const box = document.createElement("input");
  box.type = "checkbox";
  box.className = "gs-pick";
  box.value = entry.id;
  box.checked = ticked;
  box.setAttribute("aria-label", wording.fill(strings.pick_label, { offering: entry.name }));
  box.addEventListener("change", () => onTick(entry.id, box.checked));
  entry.cells.product.insertBefore(box, entry.cells.product.firstChild);
  entry.pickBox = box;
}

/* The costs' row: each offering's cost (in `currency`, led by the figure of the sorted `column`), or,
 * before an amount is entered, the request for one said once across every column. */
function addCostRow(body, entries, words) {
  const tr = body.insertRow();
  tr.appendChild(cell("th", words.strings.cost, "row"));
  if (entries.every((entry) => entry.costs)) {
    entries.forEach((entry) => {
      const td = tr.appendChild(cell("td"));
      writeCostLines(td, entry, words.strings, words.wording, words.currency, words.column);
    });
  } else {
    const td = tr.appendChild(cell("td", words.strings.no_size));
    td.colSpan = entries.length;
  }
}

/* The view's table: a column per offering (`blocks`: their details, null where unreadable); its name
 * linking to its provider's page, its cost, every row of its fact table, its sources. `words`: the
 * page's strings and wording, the reader's currency and the sorted column. */
function sideTable(entries, blocks, words) {
  const view = document.createElement("table");
  view.className = "gs-side-table";
  view.style.setProperty("--offerings", String(entries.length)); // a phone's columns (site.css)
  const head = view.createTHead().insertRow();
  head.appendChild(cell("td"));
  entries.forEach((entry) => {
    const link = document.createElement("a");
    link.href = entry.link.href;
    link.textContent = entry.name;
    head.appendChild(cell("th", link, "col"));
  });
  const body = view.createTBody();
  function addRow(name, makeCell) {
    const tr = body.insertRow();
    tr.appendChild(cell("th", name, "row"));
    blocks.forEach((block) => tr.appendChild(makeCell(block)));
  }
  addCostRow(body, entries, words);
  const named = blocks.find(Boolean);
  Array.prototype.forEach.call(factRows(named), (row, index) => {
    addRow(row.cells[0].textContent, (block) => cell("td", factCell(factRows(block)[index])));
  });
  addRow(words.strings.sources, (block) => {
    const sources = block && block.querySelector("ol.gs-sources");
    return cell("td", sources ? copyOf(sources) : null);
  });
  return view;
}

/* `detailsOf(entry)`: the promise of an offering's details block (details.js). */
export function sideView(table, rows, settings, wording, detailsOf) {
  const strings = settings.strings;
  const bar = document.getElementById("comparison-picked");
  const openButton = document.getElementById("comparison-pick-open");
  const section = document.getElementById("comparison-side");
  const holder = section.querySelector(".gs-side-scroll");
  const byId = Object.create(null);
  rows.entries.forEach((entry) => {
    byId[entry.id] = entry;
  });
  let ids = []; // the offerings ticked
  let shown = Promise.resolve(); // the view being made: its offerings' details are read first

  /* The ticks, the bar and the view as the state says (the view rebuilt while open: costs follow the
   * calculator). Returns whether the view is open. */
  function show(state) {
    ids = pickedIds(state.pick).filter((id) => id in byId);
    // the rows made so far; one made later gets its box ticked or not (addCheckboxes)
    rows.byRow.forEach((entry) => setProperty(entry.pickBox, "checked", ids.indexOf(entry.id) !== -1));
    bar.hidden = ids.length === 0;
    setText(openButton, wording.fill(strings.pick_open, { count: ids.length }));
    const open = Boolean(state.side) && ids.length > 0;
    setAttribute(openButton, "aria-expanded", String(open));
    section.hidden = !open;
    if (!open) {
      holder.textContent = "";
      shown = Promise.resolve();
      return false;
    }
    const entries = ids.map((id) => byId[id]);
    const words = { strings: strings, wording: wording, currency: state.cur, column: state.sort };
    holder.setAttribute("aria-busy", "true");
    const made = Promise.all(entries.map((entry) => detailsOf(entry).catch(() => null))).then((blocks) => {
      if (made !== shown) return; // a later state asked for another view
      holder.textContent = "";
      holder.appendChild(sideTable(entries, blocks, words));
      showMoneys(holder, words.currency, wording.money); // its copies of the amounts, in the reader's currency
      holder.removeAttribute("aria-busy");
    });
    shown = made;
    return true;
  }

  return {
    // a box in each row, as the row is made (rows.js: whenMade)
    addCheckboxes: (onTick) =>
      rows.whenMade((entry) => addPickBox(entry, ids.indexOf(entry.id) !== -1, strings, wording, onTick)),
    show: show,
    // a promise kept once the view asked for last is shown
    ready: () => shown,
  };
}
