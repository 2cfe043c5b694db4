/* The comparison table read once into plain objects: a group per provider (<tbody>) and an entry per
 * offering row, with the figures its data attributes carry. A cost column is added, its cells made as
 * the calculator fills them (view.js). */

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

function entryOf(row, group, position, filterNames) {
  const cells = Object.create(null);
  Array.prototype.forEach.call(row.cells, (cell) => {
    cells[cell.dataset.column] = cell;
  });
  const data = row.dataset;
  const offering = offeringOf(data);
  const values = { kind: data.kind, egress: data.egress };
  filterNames.forEach((name) => {
    values[name] = data[name];
  });
  const link = row.querySelector("a.gs-disclose");
  const product = link.textContent; // "Alpha Volume"
  return {
    id: offeringId(group.provider, position + 1), // as the URL's "pick" names it (pick.js)
    name: row.cells[0].textContent, // "Alpha Cloud: Alpha Volume"
    row: row,
    link: link, // to its details on its provider's page (details.js)
    more: null, // the row of its details, once opened (disclose.js)
    group: group,
    position: position,
    cells: cells,
    data: values, // what filters compare: kind, egress and each fact filter's raw value
    offering: offering,
    // sort keys by column (sort.js): the product by its name, as the row shows it
    keys: Object.assign(Object.create(null), {
      idle: idleRate(offering),
      product: product,
    }),
    match: true,
    shown: true,
    costs: null,
    costText: "", // the calculator's amounts its cost cell was last written for
    moneysIn: "USD", // the currency its amounts show (view.js; the page writes US dollars)
  };
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

/* {groups, entries, byRow, costColumn}: every provider group and every offering, in the page's order, and
 * each offering by its row. */
export function readTable(table, filterNames, strings) {
  const costColumn = addCostColumn(table, strings);
  const entries = [];
  const groups = Array.prototype.map.call(table.tBodies, (body, index) => {
    const name = (body.dataset.name || "").toLowerCase();
    const group = { body: body, index: index, name: name, provider: body.dataset.provider, rows: [] };
    body.querySelectorAll("tr.gs-offering").forEach((row, position) => {
      const entry = entryOf(row, group, position, filterNames);
      group.rows.push(entry);
      entries.push(entry);
    });
    body.querySelectorAll("[colspan]").forEach((cell) => {
      cell.colSpan += 1; // the cost column
    });
    return group;
  });
  const byRow = new Map(entries.map((entry) => [entry.row, entry]));
  return { groups: groups, entries: entries, byRow: byRow, costColumn: costColumn };
}
