/* The chart of the three ways' monthly cost against runs a month: inline SVG made here (nothing is
 * requested), named by its title and description, its figures in the table beside it (view.js). */

import { ticks } from "./plan.js";

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 640;
const HEIGHT = 300;
const LEFT = 64;
const RIGHT = 16;
const TOP = 16;
const BOTTOM = 48;
export const WAYS = ["keep", "copy", "download"];

function element(name, attributes, text) {
  const node = document.createElementNS(SVG, name);
  Object.keys(attributes).forEach((key) => node.setAttribute(key, String(attributes[key])));
  if (text !== undefined) node.textContent = text;
  return node;
}

/* Where a point lies in the drawing: runs along, cost up (pure). */
export function scale(lastRuns, top) {
  const width = WIDTH - LEFT - RIGHT;
  const height = HEIGHT - TOP - BOTTOM;
  return {
    x: (runs) => LEFT + (lastRuns > 0 ? (runs / lastRuns) * width : 0),
    y: (cost) => TOP + height - (top > 0 ? (cost / top) * height : 0),
  };
}

/* Draws `points` ({runs, keep, copy, download}, costs in USD; null: unknown, not drawn) into `figure`,
 * replacing what it held. `texts`: {title, desc, axisRuns, axisCost, names: {keep, copy, download},
 * even: the break-even's words or ""}; `format(n)` writes a number, `inCurrency(usd)` converts. */
export function drawChart(figure, points, even, texts, format, inCurrency) {
  const lastRuns = points.length ? points[points.length - 1].runs : 0;
  let highest = 0;
  points.forEach((point) => {
    WAYS.forEach((way) => {
      if (point[way] !== null) highest = Math.max(highest, inCurrency(point[way]));
    });
  });
  const costMarks = ticks(highest, 5);
  const runMarks = ticks(lastRuns, 5).filter((runs) => Number.isInteger(runs) && runs <= lastRuns);
  const top = costMarks[costMarks.length - 1];
  const at = scale(lastRuns, top);
  const svg = element("svg", {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    role: "img",
    "aria-labelledby": "planner-chart-title planner-chart-desc",
    class: "gs-chart-drawing",
  });
  svg.append(element("title", { id: "planner-chart-title" }, texts.title));
  svg.append(element("desc", { id: "planner-chart-desc" }, texts.desc));
  const axes = element("g", { class: "gs-chart-axes", "aria-hidden": "true" });
  costMarks.forEach((cost) => {
    const y = at.y(cost);
    axes.append(element("line", { x1: LEFT, x2: WIDTH - RIGHT, y1: y, y2: y, class: "gs-chart-grid" }));
    axes.append(element("text", { x: LEFT - 6, y: y + 4, "text-anchor": "end" }, format(cost)));
  });
  runMarks.forEach((runs) => {
    const x = at.x(runs);
    axes.append(element("line", { x1: x, x2: x, y1: HEIGHT - BOTTOM, y2: HEIGHT - BOTTOM + 5, class: "gs-chart-tick" }));
    axes.append(element("text", { x: x, y: HEIGHT - BOTTOM + 18, "text-anchor": "middle" }, format(runs)));
  });
  axes.append(element("text", { x: (LEFT + WIDTH - RIGHT) / 2, y: HEIGHT - 6, "text-anchor": "middle" }, texts.axisRuns));
  axes.append(element("text", { x: 12, y: TOP + (HEIGHT - TOP - BOTTOM) / 2, "text-anchor": "middle", transform: `rotate(-90 12 ${TOP + (HEIGHT - TOP - BOTTOM) / 2})` }, texts.axisCost));
  svg.append(axes);
  if (typeof even === "number" && even <= lastRuns) {
    const x = at.x(even);
    const mark = element("g", { class: "gs-chart-even", "aria-hidden": "true" });
    mark.append(element("line", { x1: x, x2: x, y1: TOP, y2: HEIGHT - BOTTOM }));
    mark.append(element("text", { x: x + 4, y: TOP + 12 }, texts.even));
    svg.append(mark);
  }
  WAYS.forEach((way) => {
    const known = points.filter((point) => point[way] !== null);
    if (known.length < 2) return;
    const line = known.map((point) => `${at.x(point.runs).toFixed(1)},${at.y(inCurrency(point[way])).toFixed(1)}`);
    svg.append(element("polyline", { points: line.join(" "), class: `gs-chart-line gs-chart-${way}`, "aria-hidden": "true" }));
  });
  const legend = document.createElement("ul");
  legend.className = "gs-chart-legend";
  WAYS.forEach((way) => {
    const item = document.createElement("li");
    const sample = element("svg", { viewBox: "0 0 32 8", width: 32, height: 8, "aria-hidden": "true" });
    sample.append(element("line", { x1: 0, x2: 32, y1: 4, y2: 4, class: `gs-chart-line gs-chart-${way}` }));
    item.append(sample, " " + texts.names[way]);
    legend.append(item);
  });
  figure.replaceChildren(svg, legend);
}
