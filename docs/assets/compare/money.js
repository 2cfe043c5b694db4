/* The page's amounts (span.gs-money: a price's rates and fees, an egress fee, in cells and row details)
 * in the reader's currency. The page writes them in US dollars per GB-month (or the source's own
 * currency for an egress fee); a chosen currency rewrites each from its data attributes
 * (contract.MONEY_ATTRIBUTES), exact in the source's own currency, "≈" where converted. */

import { moneyIn } from "./numbers.js";
import { setText } from "./dom.js";

/* What a span's data attributes say of its amount (numbers.js: moneyIn). */
export function amountOf(span) {
  return { usd: Number(span.dataset.usd), source: span.dataset.cur, rate: span.dataset.rate === "1" };
}

/* Every amount under `root` in `currency` ("" or "USD": US dollars). */
export function showMoneys(root, currency, money) {
  root.querySelectorAll(".gs-money").forEach((span) => {
    setText(span, moneyIn(money, amountOf(span), currency));
  });
}
