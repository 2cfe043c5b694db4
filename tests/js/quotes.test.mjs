// The sources' words of an offering, by fact (docs/assets/compare/quotes.js), from providers.json's shape.
import assert from "node:assert/strict";
import test from "node:test";

import { quotesOf } from "../../docs/assets/compare/quotes.js";

const providers = [
  {
    id: "alpha",
    offerings: [
      {
        sources: [
          { lang: "en", quote: { price: "$0.07 per GB-month", egress: "free" } },
          { lang: "zh-CN", quote: {} },
          { lang: "de", quote: { price: "0,07 € pro GB" } },
        ],
      },
      { sources: [{ lang: "en" }] },
    ],
  },
];

test("each fact's quotes in source order, with the source's number and language", () => {
  const quotes = quotesOf(providers, "alpha", 1);
  assert.deepEqual(quotes.get("price"), [
    { source: 1, lang: "en", text: "$0.07 per GB-month" },
    { source: 3, lang: "de", text: "0,07 € pro GB" },
  ]);
  assert.deepEqual(quotes.get("egress"), [{ source: 1, lang: "en", text: "free" }]);
  assert.equal(quotes.has("throughput"), false);
});

test("an offering without quotes, or one the file lacks, has none", () => {
  assert.equal(quotesOf(providers, "alpha", 2).size, 0);
  assert.equal(quotesOf(providers, "alpha", 3).size, 0);
  assert.equal(quotesOf(providers, "beta", 1).size, 0);
});
