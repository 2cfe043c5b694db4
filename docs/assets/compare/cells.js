/* A cost cell's text: the figure the table is sorted by (a month's cost, its storage alone, or a month
 * without a GPU), what it leaves out, running and idle storage apart, the total and a size above the
 * maximum, each a line made once per row whose text alone changes after (no HTML parsing). */

import { setData, setProperty, setText } from "./dom.js";
import { moneyIn } from "./numbers.js";
import { costCellOf } from "./rows.js";

/* What the table's cost cells show for a display: the amounts their costs were made for (`costKey`,
 * cost.js; "" without a size), the currency and the sorted column, whose figure they lead with
 * (leadingFigure). `key` names it: a cell written for a key is not written again. */
export function costLook(costKey, currency, column) {
  const leading = column === "idle" || column === "price" ? column : "";
  return { costKey: costKey, currency: currency, column: column, key: [costKey, currency, leading].join("|") };
}

/* An entry's cost cell as `look` (costLook) asks: its costs, or, sorted by the idle cost with no size
 * given, what a GB costs while no GPU runs; hidden with neither (the cell is made once first shown). */
export function writeCostCell(entry, look, strings, wording) {
  if (entry.costText === look.key) return;
  entry.costText = look.key;
  const idleRateShown = !entry.costs && look.column === "idle";
  const shown = Boolean(entry.costs) || idleRateShown;
  if (!shown && !entry.cells.cost) return;
  const cell = costCellOf(entry);
  cell.hidden = !shown;
  if (!shown) return;
  setData(cell, "label", strings.cost_label);
  if (idleRateShown) writeIdleRate(cell, entry, strings, wording, look.currency);
  else writeCostLines(cell, entry, strings, wording, look.currency, look.column);
  const known = entry.costs && entry.costs.monthly !== null;
  setData(cell, "value", known ? String(entry.costs.monthly) : undefined);
  setData(cell, "sort", known ? String(entry.keys.cost) : undefined);
}

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
function writeIdleRate(cell, entry, strings, wording, currency) {
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
