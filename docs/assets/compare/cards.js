/* On a phone every offering is a card, and once each has been laid out, the browser lays out only those
 * on screen (site.css: content-visibility); a card off screen keeps the size it had when last laid out.
 * A change of the rows (a cost, a currency) may make those sizes stale, and a card would then move as
 * it comes into view. Once the reader pauses, the shown cards are laid out again, a few each frame: no
 * frame is long, and none delays a control the reader is still using. */

import { afterPaint } from "./paint.js";

const CARDS_PER_FRAME = 5;
const PAUSE_MS = 1000;

/* Switches the cards of `table` to being laid out on screen once the first paint has laid out each of
 * them; returns `refresh()`, which lays out again the rows `shownRows()` gives, a batch a frame, once
 * no refresh has been asked for PAUSE_MS. */
export function cardSizes(table, shownRows) {
  let due = [];
  let batch = [];
  let timer = null;
  function layOutNextBatch() {
    batch.forEach((row) => row.classList.remove("gs-lay-out"));
    batch = due.splice(0, CARDS_PER_FRAME);
    batch.forEach((row) => row.classList.add("gs-lay-out"));
    if (batch.length) requestAnimationFrame(layOutNextBatch);
  }
  function start() {
    const running = batch.length > 0;
    due = shownRows();
    if (!running) requestAnimationFrame(layOutNextBatch);
  }
  afterPaint(() => table.classList.add("gs-sized"))(0);
  return function refresh() {
    // before the first paint, or a table rather than cards: every row is laid out anyway
    if (!table.classList.contains("gs-sized") || getComputedStyle(table).display === "table") return;
    due = []; // a batch under way ends with this frame
    window.clearTimeout(timer);
    timer = window.setTimeout(start, PAUSE_MS);
  };
}
