// What a cost cell is written for (docs/assets/compare/cells.js): a cell is written again only when
// what it shows changes.
import assert from "node:assert/strict";
import test from "node:test";

import { costLook } from "../../docs/assets/compare/cells.js";

test("a sort by a column whose figure the cells do not lead with writes no cell again", () => {
  const byName = costLook("500|1", "EUR", "name");
  assert.equal(byName.key, costLook("500|1", "EUR", "provider").key);
  assert.equal(byName.key, costLook("500|1", "EUR", "").key);
});

test("the amounts, the currency and a leading figure (idle or price) each change what a cell shows", () => {
  const keys = [
    costLook("500|1", "EUR", ""),
    costLook("600|1", "EUR", ""),
    costLook("500|1", "USD", ""),
    costLook("500|1", "EUR", "idle"),
    costLook("500|1", "EUR", "price"),
  ].map((look) => look.key);
  assert.equal(new Set(keys).size, keys.length);
});

test("a look keeps what its cells are written with", () => {
  assert.deepEqual(costLook("500|1", "EUR", "idle"), {
    costKey: "500|1",
    currency: "EUR",
    column: "idle",
    key: "500|1|EUR|idle",
  });
});
