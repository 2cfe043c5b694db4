/* The planner's results in the page: a row per offering that can hold the data (the comparison's
 * filters apply), the three ways for the offering chosen, the verdict, the chart and its figures.
 * Every text is written as text (no markup from data); unknown figures say what is missing and link
 * to the offering's report line on its provider's page, as the comparison's rows do. */

import { breakEven, chartPoints, chartRuns, compareOffering, holds, maxRuns, storeFor, strategies } from "./plan.js";
import { drawChart, WAYS } from "./chart.js";
import { filterOf, matches } from "../compare/filter.js";

// the facts of an offering a reader can report (the others are not the offering's own values)
const REPORTED = ["price", "billed_while_detached", "throughput"];

function cell(text) {
  const td = document.createElement("td");
  td.textContent = text;
  return td;
}

export function plannerView(settings, wording) {
  const strings = settings.strings;
  const fill = wording.fill;
  const rows = document.getElementById("planner-rows");
  const leftOut = document.getElementById("planner-left-out");
  const waysTable = document.getElementById("planner-ways");
  const waysCaption = document.getElementById("planner-ways-caption");
  const downloadHeads = [document.getElementById("planner-download-head"), document.getElementById("planner-points-download")];
  const verdict = document.getElementById("planner-verdict");
  const figure = document.getElementById("planner-chart");
  const points = document.getElementById("planner-points").tBodies[0];
  const picker = document.querySelector("select[name=pick]");
  const all = settings.offerings.map((offering) => ({
    offering: Object.assign({}, offering, {
      tiers: offering.tiers,
      idleTiers: offering.idle_tiers,
      billedIdle: offering.billed_idle,
      maxGb: offering.max_gb,
      readMbS: offering.read_mb_s,
    }),
    data: offering.data,
    name: offering.provider_name.toLowerCase(),
  }));
  const offerings = all.map((entry) => entry.offering);

  let currency = "USD";
  const perMonth = (usd) => fill(strings.per_month, { amount: wording.money(usd, currency) });
  const duration = (hours) =>
    hours < 1
      ? fill(strings.minutes, { value: wording.oneDecimal(hours * 60) })
      : fill(strings.hours, { value: wording.oneDecimal(hours) });

  /* A cell for a figure the data lacks: what is missing, and where to report it. */
  function unknownCell(offering, missing) {
    const td = document.createElement("td");
    td.className = "gs-planner-unknown";
    if (offering.included && missing.indexOf("price") !== -1) {
      td.textContent = strings.included;
      return td;
    }
    const names = missing.map((name) => strings.missing[name]);
    td.textContent = fill(strings.unknown, { what: wording.join(names) });
    if (missing.some((name) => REPORTED.indexOf(name) !== -1)) {
      const link = document.createElement("a");
      link.href = offering.report;
      link.className = "gs-planner-report";
      link.textContent = strings.report;
      td.append(" ", link);
    }
    return td;
  }

  function evenText(even, amounts) {
    if (even === undefined) return null;
    if (even === null) return fill(strings.never, { count: maxRuns(amounts) });
    if (even === 0) return strings.always;
    return fill(strings.break_even, { count: even });
  }

  /* The table's rows: every offering that matches the filters and holds the data; how many do not. */
  function showRows(state, amounts) {
    const filter = filterOf(state, settings.filters);
    const shown = [];
    let tooSmall = 0;
    all.forEach((entry) => {
      const offering = entry.offering;
      if (offering.kind === "object_storage") return; // a store of the second way: no GPU starts on it
      if (!filter.needles.some((needle) => entry.name.indexOf(needle) !== -1)) return;
      if (!matches(entry, filter, null)) return;
      if (!holds(offering, amounts.gb)) tooSmall++;
      else shown.push(offering);
    });
    const made = shown.map((offering) => {
      const line = compareOffering(offering, storeFor(offerings, offering.provider, amounts.gb), amounts);
      const row = document.createElement("tr");
      row.dataset.id = offering.id;
      const head = document.createElement("th");
      head.scope = "row";
      const link = document.createElement("a");
      link.href = offering.link;
      link.textContent = offering.provider_name + ": " + offering.product;
      head.append(link);
      row.append(head);
      row.append(line.keep.total === null ? unknownCell(offering, line.keep.missing) : cell(perMonth(line.keep.total)));
      row.append(line.keep.wait === null ? unknownCell(offering, ["throughput"]) : cell(duration(line.keep.wait)));
      row.append(line.alternative.total === null ? unknownCell(offering, line.alternative.missing) : cell(perMonth(line.alternative.total)));
      // what is missing is said once, where the figure it lacks is: these two are then only unknown
      row.append(line.cheaper === null ? cell(strings.unknown_short) : cell(strings.cheaper[line.cheaper]));
      const even = evenText(line.breakEven, amounts);
      row.append(cell(even === null ? strings.unknown_short : even));
      return { row: row, offering: offering, total: line.keep.total === null || line.alternative.total === null ? null : line.keep.total };
    });
    // the offerings with an answer first, the cheapest to keep first; the others in the page's order
    made.sort((a, b) => (a.total === null) - (b.total === null) || (a.total === null ? 0 : a.total - b.total));
    rows.replaceChildren(...made.map((line) => line.row));
    const notes = [];
    if (!made.length) notes.push(strings.none);
    if (tooSmall) notes.push(fill(strings.too_small, { count: tooSmall, size: wording.oneDecimal(amounts.gb) + " GB" }));
    leftOut.textContent = notes.join(" ");
    return made.map((line) => line.offering);
  }

  /* The three ways for the offering chosen (the state's, else the first row's), its verdict and chart. */
  function showWays(state, amounts, shown) {
    const options = Array.prototype.map.call(picker.options, (option) => option.value);
    const id = options.indexOf(state.pick) !== -1 ? state.pick : shown.length ? shown[0].id : options[0];
    picker.value = id;
    const offering = offerings.find((candidate) => candidate.id === id);
    const store = storeFor(offerings, offering.provider, amounts.gb);
    const ways = strategies(offering, store, amounts);
    const origin = strings.from[ways.downloadFrom];
    const downloadName = fill(strings.way_download, { origin: origin });
    downloadHeads.forEach((head) => {
      head.textContent = downloadName;
    });
    waysCaption.textContent = offering.provider_name + ": " + offering.product;
    const costs = { keep: ways.keep(amounts.runs), copy: ways.copy(amounts.runs), download: ways.download(amounts.runs) };
    Array.prototype.forEach.call(waysTable.tBodies[0].rows, (row) => {
      const name = row.dataset.row;
      WAYS.forEach((way, index) => {
        const cost = costs[way];
        const value = cost[name];
        const old = row.cells[index + 1];
        let fresh;
        if (value === null) fresh = unknownCell(offering, cost.missing);
        else if (name === "wait") fresh = cell(duration(value));
        else fresh = cell(perMonth(value));
        row.replaceChild(fresh, old);
      });
    });
    // the break-even against the table's alternative: the copy from object storage where the reader
    // chose it as the origin, else the download
    const other = amounts.from === "object" ? ways.copy : ways.download;
    const even = breakEven(ways.keep, other, maxRuns(amounts));
    const said = evenText(even, amounts);
    verdict.textContent = fill(strings.labelled, {
      label: strings.break_even_label,
      text: said === null ? fill(strings.unknown, { what: wording.join(costs.keep.missing.concat(other(0).missing).map((name) => strings.missing[name])) }) : said,
    });
    const runs = chartRuns(amounts, even, 10);
    [amounts.runs, even].forEach((extra) => {
      if (typeof extra === "number" && extra <= runs[runs.length - 1] && runs.indexOf(extra) === -1) runs.push(extra);
    });
    runs.sort((a, b) => a - b);
    const drawn = chartPoints(ways, runs);
    const rate = currency === "USD" ? 1 : settings.rates[currency].usd_per_unit;
    drawChart(
      figure,
      drawn,
      even,
      {
        title: strings.chart_title,
        desc: fill(strings.chart_desc, { max: runs[runs.length - 1] }),
        axisRuns: strings.axis_runs,
        axisCost: fill(strings.axis_cost, { currency: currency }),
        names: { keep: strings.way_keep, copy: strings.way_copy, download: downloadName },
        even: said || "",
      },
      wording.numbers.format,
      (usd) => usd / rate
    );
    points.replaceChildren(
      ...drawn.map((point) => {
        const row = document.createElement("tr");
        const head = document.createElement("th");
        head.scope = "row";
        head.textContent = wording.numbers.format(point.runs);
        row.append(head);
        WAYS.forEach((way) => {
          row.append(point[way] === null ? unknownCell(offering, ways[way](point.runs).missing) : cell(wording.money(point[way], currency)));
        });
        return row;
      })
    );
  }

  return {
    show(state, amounts) {
      currency = amounts.currency;
      const shown = showRows(state, amounts);
      showWays(state, amounts, shown);
    },
  };
}
