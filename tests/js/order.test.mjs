// Rows put in a new order with few moves (docs/assets/compare/order.js), checked against a model: the
// rows kept plus the rows moved give the wanted order, and no fewer moves would.
import assert from "node:assert/strict";
import test from "node:test";

import { keptInPlace, longestRising, moveOutOfPlace } from "../../docs/assets/compare/order.js";

/* What the container holds after the moves view.js makes (moveOutOfPlace), an array standing for it,
 * and how many moves they were. */
function applyMoves(current, wanted, kept) {
  const result = current.slice();
  let moves = 0;
  moveOutOfPlace(wanted, kept, (item, before) => {
    moves++;
    const from = result.indexOf(item);
    if (from !== -1) result.splice(from, 1);
    result.splice(before === null ? result.length : result.indexOf(before), 0, item);
  });
  return { result, moves };
}

/* The wanted items in the order the container holds them. */
function orderOf(result, wanted) {
  const set = new Set(wanted);
  return result.filter((item) => set.has(item));
}

test("the longest rising run skips what breaks it and what is not there", () => {
  assert.deepEqual(longestRising([]), []);
  assert.deepEqual(longestRising([0, 1, 2]), [0, 1, 2]);
  assert.deepEqual(longestRising([3, 0, 1, 2]), [1, 2, 3]);
  assert.deepEqual(longestRising([-1, 0, -1, 1]), [1, 3]);
  assert.deepEqual(longestRising([2, 1, 0]).length, 1);
  assert.deepEqual(longestRising([-1, -1]), []);
});

test("an unchanged order moves nothing", () => {
  const items = ["a", "b", "c", "d"];
  assert.equal(keptInPlace(items, items).size, 4);
  assert.equal(keptInPlace(items, ["b", "d"]).size, 2); // hidden rows between do not count
});

test("one row taken to the end moves that row only", () => {
  const kept = keptInPlace(["a", "b", "c", "d"], ["b", "c", "d", "a"]);
  assert.deepEqual([...kept].sort(), ["b", "c", "d"]);
});

test("a reversed order keeps one row; rows not in the container all move", () => {
  assert.equal(keptInPlace(["a", "b", "c"], ["c", "b", "a"]).size, 1);
  assert.equal(keptInPlace([], ["a", "b"]).size, 0);
  assert.deepEqual([...keptInPlace(["x", "a"], ["b", "a"])], ["a"]);
});

test("the moves give the wanted order, with no more moves than needed, on random orders", () => {
  let seed = 7;
  // the high bits of the generator: its low bits repeat within a few draws (seed % 4 gave every
  // round an empty wanted order, and the test checked nothing)
  const random = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return Math.floor((seed / 2147483648) * n);
  };
  let moved = 0;
  for (let round = 0; round < 300; round++) {
    const all = Array.from({ length: 1 + random(30) }, (_, i) => "r" + i);
    const current = all.filter(() => random(3) > 0).sort(() => random(3) - 1);
    const wanted = all.filter(() => random(4) > 0).sort(() => random(3) - 1);
    const kept = keptInPlace(current, wanted);
    const { result, moves } = applyMoves(current, wanted, kept);
    assert.deepEqual(orderOf(result, wanted), wanted);
    assert.equal(moves, wanted.length - kept.size); // only the rows not kept move
    moved += moves;
    // the kept rows are in the wanted order in the container already, and are as many as can be
    const keptInCurrent = current.filter((item) => kept.has(item));
    assert.deepEqual(keptInCurrent, wanted.filter((item) => kept.has(item)));
    assert.equal(kept.size, bestKept(current, wanted));
  }
  assert.ok(moved > 1000, `the random orders asked for ${moved} moves: too few to test them`);
});

/* The longest common subsequence of the two orders, by dynamic programming: the most rows that can
 * stay. */
function bestKept(current, wanted) {
  const table = Array.from({ length: current.length + 1 }, () => new Array(wanted.length + 1).fill(0));
  for (let i = 1; i <= current.length; i++) {
    for (let j = 1; j <= wanted.length; j++) {
      table[i][j] =
        current[i - 1] === wanted[j - 1]
          ? table[i - 1][j - 1] + 1
          : Math.max(table[i - 1][j], table[i][j - 1]);
    }
  }
  return table[current.length][wanted.length];
}
