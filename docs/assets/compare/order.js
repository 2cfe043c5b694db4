/* Putting rows in a new order with as few moves as possible. A browser restyles and lays out every
 * row it moves as if new, so a sort that re-appended all rows cost a whole table's layout; moving only
 * the rows that are out of place costs what changed. Pure: no DOM. */

/* Indexes into `positions` of its longest strictly increasing run (not necessarily contiguous), in
 * order; -1 entries (items not there yet) never belong to it. O(n log n) (patience sorting). */
export function longestRising(positions) {
  const tails = []; // tails[k]: index ending the best run of length k + 1 found so far
  const previous = new Array(positions.length).fill(-1);
  positions.forEach((position, index) => {
    if (position < 0) return;
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (positions[tails[middle]] < position) low = middle + 1;
      else high = middle;
    }
    if (low > 0) previous[index] = tails[low - 1];
    tails[low] = index;
  });
  const run = [];
  for (let index = tails.length ? tails[tails.length - 1] : -1; index !== -1; index = previous[index]) {
    run.push(index);
  }
  return run.reverse();
}

/* The items of `wanted` that can stay where they are in `current` (a Set): the most of them that
 * already stand in the wanted order. Every other wanted item has to move; items of `current` not
 * wanted are left alone. */
export function keptInPlace(current, wanted) {
  const place = new Map();
  current.forEach((item, index) => place.set(item, index));
  const positions = wanted.map((item) => (place.has(item) ? place.get(item) : -1));
  return new Set(longestRising(positions).map((index) => wanted[index]));
}

/* Puts the `wanted` items in order by moving only those not `kept` (keptInPlace): walking the wanted
 * order backwards, each moved item goes before the next wanted one, or at the end (`before` null).
 * `put(item, before)` makes one move. */
export function moveOutOfPlace(wanted, kept, put) {
  let before = null;
  for (let i = wanted.length - 1; i >= 0; i--) {
    const item = wanted[i];
    if (!kept.has(item)) put(item, before);
    before = item;
  }
}
