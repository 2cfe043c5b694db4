/* The planner's results in the page: a row per offering that can hold the data (the comparison's
 * filters apply), the three ways for the offering chosen, the verdict, the chart and its figures.
 * Every text is written as text (no markup from data); unknown figures say what is missing and link
 * to the offering's report line on its provider's page, as the comparison's details do.
 *
 * Each element is made once and written only where its text changes (compare/dom.js): an offering's
 * row is the page's own (the build writes the default's rows) or made the first time it shows, taken
 * out of the table while the filters or the size leave it out, and moved only when out of place
 * (compare/order.js); the browser then styles and lays out what changed, not the whole results. */

import {
  breakEven,
  chartPoints,
  compareOffering,
  exactIn,
  holds,
  maxRuns,
  runsToDraw,
  storeFor,
  storesByProvider,
  strategies,
} from "./plan.js";
import { drawChart, WAYS } from "./chart.js";
import { filterOf, matches } from "../compare/filter.js";
import { setText } from "../compare/dom.js";
import { CONVERTED } from "../compare/numbers.js";
import { keptInPlace, moveOutOfPlace } from "../compare/order.js";

// the facts of an offering a reader can report (the others are not the offering's own values)
const REPORTED = ["price", "billed_while_detached", "throughput"];
const UNKNOWN = "gs-planner-unknown";
const CELLS = 5; // each row's cells after its heading: keep, wait, the alternative, cheaper, break-even

/* A cell's figure as text; written only where it changes (a cell that said what is missing becomes
 * plain again). */
function writeText(td, text) {
  if (td.className) td.removeAttribute("class");
  if (td.childElementCount) td.textContent = text;
  else setText(td, text);
}

/* The words of one update, in the reader's currency: an amount of a cost (its `part`, or "total"),
 * with "≈" where a price in it was converted (plan.js exactIn), as the comparison marks one; a month's
 * cost; and a wait. */
function wordsFor(strings, wording, currency) {
  const fill = wording.fill;
  const money = (cost, part) =>
    (exactIn(cost, part, currency) ? "" : CONVERTED) + wording.money(cost[part], currency);
  return {
    strings: strings,
    wording: wording,
    currency: currency,
    money: money,
    perMonth: (cost, part) => fill(strings.per_month, { amount: money(cost, part) }),
    duration: (hours) =>
      hours < 1
        ? fill(strings.minutes, { value: wording.oneDecimal(hours * 60) })
        : fill(strings.hours, { value: wording.oneDecimal(hours) }),
  };
}

/* What the data lacks for a figure, in words: "price unknown" and the like. */
function missingText(missing, words) {
  const names = missing.map((name) => words.strings.missing[name]);
  return words.wording.fill(words.strings.unknown, { what: words.wording.join(names) });
}

/* A cell for a figure the data lacks: what is missing, and where to report it; written only where
 * it does not say so already. */
function writeUnknown(td, offering, missing, words) {
  const strings = words.strings;
  let text;
  let report = false;
  if (offering.included && missing.indexOf("price") !== -1) text = strings.included;
  else {
    text = missingText(missing, words);
    report = missing.some((name) => REPORTED.indexOf(name) !== -1);
  }
  const link = td.lastElementChild;
  const same =
    td.className === UNKNOWN &&
    td.textContent === (report ? text + " " + strings.report : text) &&
    (report ? td.childElementCount === 1 && link.getAttribute("href") === offering.report : !td.childElementCount);
  if (same) return;
  td.className = UNKNOWN;
  td.textContent = text;
  if (report) {
    const a = document.createElement("a");
    a.href = offering.report;
    a.className = "gs-planner-report";
    a.textContent = strings.report;
    td.append(strings.gap, a); // a space, none in Chinese
  }
}

/* The break-even in words: from how many runs keeping pays, always, never (within a month), or null
 * where it cannot be known. */
function evenText(even, amounts, words) {
  const strings = words.strings;
  if (even === undefined) return null;
  if (even === null) return words.wording.fill(strings.never, { count: maxRuns(amounts) });
  if (even === 0) return strings.always;
  return words.wording.fill(strings.break_even, { count: even });
}

/* An offering's row as the page's own rows are: its name, and a cell per figure labelled for a
 * phone's card (`labels`). */
function newRow(offering, labels) {
  const row = document.createElement("tr");
  row.dataset.id = offering.id;
  const head = document.createElement("th");
  head.scope = "row";
  const link = document.createElement("a");
  link.href = offering.link;
  link.textContent = offering.provider_name + ": " + offering.product;
  head.append(link);
  row.append(head);
  for (let i = 0; i < CELLS; i++) {
    const td = document.createElement("td");
    td.dataset.label = labels[i];
    row.append(td);
  }
  return row;
}

/* An offering's figures in its row (plan.js: compareOffering's `line`): keeping, the wait, the
 * alternative, which is cheaper and the break-even. */
function writeRow(row, offering, line, amounts, words) {
  const cells = row.cells;
  if (line.keep.total === null) writeUnknown(cells[1], offering, line.keep.missing, words);
  else writeText(cells[1], words.perMonth(line.keep, "total"));
  if (line.keep.wait === null) writeUnknown(cells[2], offering, ["throughput"], words);
  else writeText(cells[2], words.duration(line.keep.wait));
  if (line.alternative.total === null) writeUnknown(cells[3], offering, line.alternative.missing, words);
  else writeText(cells[3], words.perMonth(line.alternative, "total"));
  // what is missing is said once, where the figure it lacks is: these two are then only unknown
  const strings = words.strings;
  writeText(cells[4], line.cheaper === null ? strings.unknown_short : strings.cheaper[line.cheaper]);
  const even = evenText(line.breakEven, amounts, words);
  writeText(cells[5], even === null ? strings.unknown_short : even);
}

/* `body`'s rows as `wanted`: those left out taken out, only those out of place moved (order.js). */
function placeRows(body, wanted) {
  const current = Array.prototype.slice.call(body.rows);
  const keep = new Set(wanted);
  current.forEach((row) => {
    if (!keep.has(row)) row.remove();
  });
  const staying = current.filter((row) => keep.has(row));
  moveOutOfPlace(wanted, keptInPlace(staying, wanted), (row, before) => body.insertBefore(row, before));
}

/* The chart's figures: a row per point, kept from one update to the next and written where changed. */
function writePoints(points, drawn, offering, ways, words) {
  while (points.rows.length > drawn.length) points.deleteRow(-1);
  while (points.rows.length < drawn.length) {
    const row = document.createElement("tr");
    const head = document.createElement("th");
    head.scope = "row";
    row.append(head);
    WAYS.forEach(() => row.append(document.createElement("td")));
    points.append(row);
  }
  drawn.forEach((point, index) => {
    const row = points.rows[index];
    setText(row.cells[0], words.wording.numbers.format(point.runs));
    WAYS.forEach((way, column) => {
      const td = row.cells[column + 1];
      const cost = ways[way](point.runs);
      if (cost.total === null) writeUnknown(td, offering, cost.missing, words);
      else writeText(td, words.money(cost, "total"));
    });
  });
}

/* The offerings as cost.js reads them (its names for the data's figures), each with what the filters
 * compare and the provider's name the name search looks in. */
function plannerEntries(settings) {
  return settings.offerings.map((offering) => ({
    offering: Object.assign({}, offering, {
      idleTiers: offering.idle_tiers,
      billedIdle: offering.billed_idle,
      maxGb: offering.max_gb,
      readMbS: offering.read_mb_s,
    }),
    data: offering.data,
    name: offering.provider_name.toLowerCase(),
  }));
}

/* The table of offerings: `show(state, amounts, words)` puts in it every offering that matches the
 * filters and holds the data, the cheapest to keep first, says how many do not, and gives the
 * offerings shown. `stores`: the object storages by provider (plan.js: storesByProvider). */
function offeringsTable(settings, wording, entries, stores) {
  const strings = settings.strings;
  const fill = wording.fill;
  const rows = document.getElementById("planner-rows");
  const leftOut = document.getElementById("planner-left-out");
  // each figure's column by its name, which a phone shows before the figure (site.css): the header's,
  // with the language's separator
  const labels = Array.prototype.slice
    .call(rows.parentNode.tHead.rows[0].cells, 1)
    .map((th) => fill(strings.labelled, { label: th.textContent, text: "" }));
  // each offering's row by its id: those the page holds (the default's, written by the build), the
  // others made the first time they show; a row left out is taken out of the table, kept for later
  const rowById = new Map();
  Array.prototype.forEach.call(rows.rows, (row) => rowById.set(row.dataset.id, row));

  function rowOf(offering) {
    if (!rowById.has(offering.id)) rowById.set(offering.id, newRow(offering, labels));
    return rowById.get(offering.id);
  }

  return function show(state, amounts, words) {
    const filter = filterOf(state, settings.filters);
    const shown = [];
    let tooSmall = 0;
    entries.forEach((entry) => {
      const offering = entry.offering;
      if (offering.kind === "object_storage") return; // a store of the second way: no GPU starts on it
      if (!filter.needles.some((needle) => entry.name.indexOf(needle) !== -1)) return;
      if (!matches(entry, filter, null)) return;
      if (!holds(offering, amounts.gb)) tooSmall++;
      else shown.push(offering);
    });
    const made = shown.map((offering) => {
      const line = compareOffering(offering, storeFor(stores, offering.provider, amounts.gb), amounts);
      return { offering: offering, line: line, total: line.keep.total === null || line.alternative.total === null ? null : line.keep.total };
    });
    // the offerings with an answer first, the cheapest to keep first; the others in the page's order
    made.sort((a, b) => (a.total === null) - (b.total === null) || (a.total === null ? 0 : a.total - b.total));
    const wanted = made.map((item) => {
      const row = rowOf(item.offering);
      writeRow(row, item.offering, item.line, amounts, words);
      return row;
    });
    placeRows(rows, wanted);
    const notes = [];
    if (!made.length) notes.push(strings.none);
    if (tooSmall) notes.push(fill(strings.too_small, { count: tooSmall, size: wording.oneDecimal(amounts.gb) + " GB" }));
    setText(leftOut, notes.join(" "));
    return made.map((line) => line.offering);
  };
}

/* The three ways' table for one offering: a row per figure (its data-row), a column per way. */
function writeWays(table, offering, costs, words) {
  Array.prototype.forEach.call(table.tBodies[0].rows, (row) => {
    const name = row.dataset.row;
    WAYS.forEach((way, index) => {
      const cost = costs[way];
      const value = cost[name];
      const td = row.cells[index + 1];
      if (value === null) writeUnknown(td, offering, cost.missing, words);
      else writeText(td, name === "wait" ? words.duration(value) : words.perMonth(cost, name));
    });
  });
}

/* The chart of the three ways' costs by runs and its table of figures: `show(...)` draws the chart
 * again only when what it shows changed. */
function waysChart(settings, wording) {
  const strings = settings.strings;
  const figure = document.getElementById("planner-chart");
  const points = document.getElementById("planner-points").tBodies[0];
  let drawnFor = ""; // what the chart was drawn for

  return function show(offering, ways, amounts, even, said, downloadName, words) {
    const drawn = chartPoints(ways, runsToDraw(amounts, even));
    const currency = words.currency;
    const rate = currency === "USD" ? 1 : settings.rates[currency].usd_per_unit;
    const texts = {
      title: strings.chart_title,
      desc: wording.fill(strings.chart_desc, { max: drawn[drawn.length - 1].runs }),
      axisRuns: strings.axis_runs,
      axisCost: wording.fill(strings.axis_cost, { currency: currency }),
      names: { keep: strings.way_keep, copy: strings.way_copy, download: downloadName },
      even: said || "",
    };
    const key = JSON.stringify([drawn, even, texts, rate]);
    if (key !== drawnFor) {
      drawnFor = key;
      drawChart(figure, drawn, even, texts, wording.numbers.format, (usd) => usd / rate);
    }
    writePoints(points, drawn, offering, ways, words);
  };
}

/* The three ways for the offering chosen (the state's, else the first one shown): `show(state,
 * amounts, shown, words)` writes their table, the verdict and the chart. `stores` as offeringsTable. */
function waysView(settings, wording, offerings, stores) {
  const strings = settings.strings;
  const fill = wording.fill;
  const waysTable = document.getElementById("planner-ways");
  const waysCaption = document.getElementById("planner-ways-caption");
  const downloadHeads = [document.getElementById("planner-download-head"), document.getElementById("planner-points-download")];
  const verdict = document.getElementById("planner-verdict");
  const picker = document.querySelector("select[name=pick]");
  const showChart = waysChart(settings, wording);

  return function show(state, amounts, shown, words) {
    const options = Array.prototype.map.call(picker.options, (option) => option.value);
    const id = options.indexOf(state.pick) !== -1 ? state.pick : shown.length ? shown[0].id : options[0];
    if (picker.value !== id) picker.value = id;
    const offering = offerings.find((candidate) => candidate.id === id);
    const store = storeFor(stores, offering.provider, amounts.gb);
    const ways = strategies(offering, store, amounts);
    const downloadName = fill(strings.way_download, { origin: strings.from[ways.downloadFrom] });
    downloadHeads.forEach((head) => setText(head, downloadName));
    setText(waysCaption, offering.provider_name + ": " + offering.product);
    const costs = { keep: ways.keep(amounts.runs), copy: ways.copy(amounts.runs), download: ways.download(amounts.runs) };
    writeWays(waysTable, offering, costs, words);
    // the break-even against the table's alternative: the copy from object storage where the reader
    // chose it as the origin, else the download
    const other = amounts.from === "object" ? ways.copy : ways.download;
    const even = breakEven(ways.keep, other, maxRuns(amounts));
    const said = evenText(even, amounts, words);
    const missing = costs.keep.missing.concat(other(0).missing);
    const verdictText = said === null ? missingText(missing, words) : said;
    setText(verdict, fill(strings.labelled, { label: strings.break_even_label, text: verdictText }));
    showChart(offering, ways, amounts, even, said, downloadName, words);
  };
}

/* The planner's results: `show(state, amounts)` writes the table of offerings, then the three ways for
 * the one chosen, in the reader's currency. */
export function plannerView(settings, wording) {
  const entries = plannerEntries(settings);
  const offerings = entries.map((entry) => entry.offering);
  const stores = storesByProvider(offerings); // each offering's store is looked for among its provider's
  const showOfferings = offeringsTable(settings, wording, entries, stores);
  const showWays = waysView(settings, wording, offerings, stores);
  return {
    show(state, amounts) {
      const words = wordsFor(settings.strings, wording, amounts.currency);
      showWays(state, amounts, showOfferings(state, amounts, words), words);
    },
  };
}
