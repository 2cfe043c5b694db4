/* The comparison table read once into plain objects: a group per provider (<tbody>) and an entry per
 * offering row, with the figures its data attributes carry (a long comparison's other rows, from its
 * rows file, with the same figures). A cost column is added, its cells made as the calculator fills
 * them (view.js). */

import { idleRate } from "./cost.js";
import { offeringId } from "./pick.js";

/* The offering's figures for the calculator (cost.js), from its row's data attributes. */
function offeringOf(data) {
  return {
    tiers: data.tiers ? JSON.parse(data.tiers) : null,
    priceBasis: data.priceBasis || null, // "list" or "example" where the price is a table
    idleTiers: data.idleTiers ? JSON.parse(data.idleTiers) : null,
    billedIdle: data.billedIdle,
    fee: Number(data.fee || 0),
    egress: data.egress,
    egressRate: data.egressRate === undefined ? null : Number(data.egressRate),
    egressIncluded: Number(data.egressIncluded || 0),
    egressPooled: data.egressPooled === "yes",
    maxGb: data.maxGb === undefined ? null : Number(data.maxGb),
    included: data.price === "included", // part of a plan or an instance: no price of its own
    currency: data.currency || "USD", // the price's own currency (tiers and fee are in USD)
  };
}

/* The entry's cost cell, made the first time it shows a cost (a row holds no empty cell till then). */
export function costCellOf(entry) {
  if (!entry.cells.cost) {
    const cell = document.createElement("td");
    cell.dataset.column = "cost";
    entry.row.insertBefore(cell, entry.row.cells[1]);
    entry.cells.cost = cell;
  }
  return entry.cells.cost;
}

/* An offering's entry from its row's data attributes (`data`, as element.dataset has them) and its
 * product's name ("Alpha Volume"); its row, cells, link and name come with its markup (withRow). */
function entryOf(data, group, position, filterNames, product) {
  const offering = offeringOf(data);
  const values = { kind: data.kind, egress: data.egress };
  filterNames.forEach((filterName) => {
    values[filterName] = data[filterName];
  });
  return {
    id: offeringId(group.provider, position + 1), // as the URL's "pick" names it (pick.js)
    name: "", // "Alpha Cloud: Alpha Volume"
    row: null,
    cells: null,
    link: null, // to its details on its provider's page (details.js)
    more: null, // the row of its details, once opened (disclose.js)
    group: group,
    position: position,
    data: values, // what filters compare: kind, egress and each fact filter's raw value
    offering: offering,
    // sort keys by column (sort.js): the product by its name, as the row shows it
    keys: Object.assign(Object.create(null), {
      idle: idleRate(offering),
      product: product,
    }),
    sorts: null, // its cells' raw sort keys, where its row is not read yet (sort.js)
    match: true,
    shown: true,
    costs: null,
    costText: "", // the calculator's amounts its cost cell was last written for
    moneysIn: "USD", // the currency its amounts show (view.js; the page writes US dollars)
  };
}

/* The entry's row, its cells by column, the link to its details and its name (its row's first cell). */
function withRow(entry, row) {
  const cells = Object.create(null);
  Array.prototype.forEach.call(row.cells, (cell) => {
    cells[cell.dataset.column] = cell;
  });
  entry.row = row;
  entry.cells = cells;
  entry.link = row.querySelector("a.gs-disclose");
  entry.name = row.cells[0].textContent;
  return entry;
}

/* The cost column's header, and its cell in the footer's row of known values (left empty: a cost is
 * the calculator's, not the data's), each second in its row and hidden until a size is given. */
function addCostColumn(table, strings) {
  const head = document.createElement("th");
  head.scope = "col";
  head.title = strings.cost;
  head.textContent = strings.cost_short;
  const rows = [table.tHead.rows[0]];
  const cells = [head];
  if (table.tFoot) {
    rows.push(table.tFoot.rows[0]);
    cells.push(document.createElement("td"));
  }
  cells.forEach((cell, index) => {
    cell.dataset.column = "cost";
    cell.hidden = true;
    rows[index].insertBefore(cell, rows[index].cells[1]);
  });
  return cells;
}

/* The table's rows, made into plain objects: {groups, entries, byRow, costColumn, whenMade}, every
 * provider group and every offering, in the page's order, and each offering by its row. A long
 * comparison's other rows come from its rows file (`rowsFile`: render_html.rows_index), each made from
 * its provider's markup only once asked for (fileGroups), and join byRow then. `whenMade(fn)` runs fn
 * for each entry whose row is made, now and later (the pick boxes, the details links). */
export function readTable(table, filterNames, strings, rowsFile) {
  const costColumn = addCostColumn(table, strings);
  const byRow = new Map();
  const madeHooks = [];
  function made(entry) {
    byRow.set(entry.row, entry);
    madeHooks.forEach((fn) => fn(entry));
  }
  const groups = pageGroups(table, filterNames, made);
  if (rowsFile) groups.push(...fileGroups(rowsFile, groups.length, filterNames, made));
  return {
    groups: groups,
    entries: groups.flatMap((group) => group.rows),
    byRow: byRow,
    costColumn: costColumn,
    whenMade: (fn) => {
      madeHooks.push(fn);
      byRow.forEach((entry) => fn(entry));
    },
  };
}

/* The provider groups of the page's own table, each offering's entry read from its row. */
function pageGroups(table, filterNames, made) {
  return Array.prototype.map.call(table.tBodies, (body, index) => {
    const group = groupOf(body, index);
    body.querySelectorAll("tr.gs-offering").forEach((row, position) => {
      const product = row.querySelector("a.gs-disclose").textContent;
      const entry = withRow(entryOf(row.dataset, group, position, filterNames, product), row);
      group.rows.push(entry);
      made(entry);
    });
    addCostColumnSpan(body);
    return group;
  });
}

/* The provider groups of a long comparison's rows file, after the page's `first` ones: each a body
 * (<tbody>) of its own, empty until the view shows its rows, and an entry per offering from what the
 * file lists of it. A provider's rows are made from its markup the first time one of its offerings'
 * row, cells, link or name is asked for (the view asks only for the rows it shows); a provider that
 * keeps no data, found by its name, has its row at once. */
function fileGroups(rowsFile, first, filterNames, made) {
  return rowsFile.groups.map((item, position) => {
    const body = document.createElement("tbody");
    body.dataset.provider = item.provider;
    body.dataset.name = item.name;
    const group = groupOf(body, first + position);
    const makeRows = rowsMaker(group, item.markup, made);
    item.offerings.forEach((offering, at) => {
      const entry = entryOf(offering.data, group, at, filterNames, offering.product);
      entry.sorts = Object.fromEntries(rowsFile.columns.map((column, at) => [column, offering.sort[at]]));
      entry.shown = false; // out of the document until the view shows it
      MADE_WITH_ROW.forEach((name) => {
        Object.defineProperty(entry, name, {
          configurable: true,
          get: () => {
            makeRows();
            return entry[name];
          },
        });
      });
      group.rows.push(entry);
    });
    if (!group.rows.length) makeRows();
    return group;
  });
}

// what an entry gets from its row's markup (withRow)
const MADE_WITH_ROW = ["row", "cells", "link", "name"];

/* `makeRows()`: the rows of `group` made from `markup` (inert: a <template> loads and runs nothing), once;
 * each offering's entry then has them (`made`). */
function rowsMaker(group, markup, made) {
  let waiting = markup;
  return function makeRows() {
    if (waiting === null) return;
    const template = document.createElement("template");
    template.innerHTML = waiting;
    waiting = null;
    const rows = template.content.querySelectorAll("tr.gs-offering");
    group.rows.forEach((entry, at) => {
      MADE_WITH_ROW.forEach((name) => delete entry[name]);
      made(withRow(entry, rows[at]));
    });
    if (!group.rows.length) group.body.append(template.content); // a provider that keeps no data
    addCostColumnSpan(group.body);
  };
}

/* A provider group: its body (<tbody>), its place among the table's, its name in lower case (the name
 * filter's), its id and its offerings' entries. */
function groupOf(body, index) {
  const name = (body.dataset.name || "").toLowerCase();
  return { body: body, index: index, name: name, provider: body.dataset.provider, rows: [] };
}

/* A row spanning the table (a provider that keeps no data) spans the cost column too. */
function addCostColumnSpan(body) {
  body.querySelectorAll("[colspan]").forEach((cell) => {
    cell.colSpan += 1;
  });
}
