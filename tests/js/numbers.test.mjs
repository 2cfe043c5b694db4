// Numbers in the reader's language (docs/assets/compare/numbers.js): amounts typed as each site
// language writes them, numbers and money written for it, messages with plural forms.
import assert from "node:assert/strict";
import test from "node:test";

import {
  MAX_AMOUNT,
  countWriter,
  localNumbers,
  messageFiller,
  moneyIn,
  moneyWriter,
  rateAmount,
} from "../../docs/assets/compare/numbers.js";

const de = localNumbers("de");
const zh = localNumbers("zh");
const ro = localNumbers("ro");

test("German reads a comma as the decimal mark and a dot as a group separator", () => {
  assert.equal(de.parse("1.000,5"), 1000.5);
  assert.equal(de.parse("1,5"), 1.5);
  assert.equal(de.parse("1.500"), 1500);
  assert.equal(de.parse(" 2 000 "), 2000); // spaces, as some readers group digits
});

test("Chinese reads a dot as the decimal mark and a comma as a group separator", () => {
  assert.equal(zh.parse("1,000.5"), 1000.5);
  assert.equal(zh.parse("1.5"), 1.5);
  assert.equal(zh.parse("1,500"), 1500);
});

test("Romanian writes numbers as German does", () => {
  assert.equal(ro.parse("1.000,5"), 1000.5);
  assert.equal(ro.parse("1.000"), 1000);
  assert.equal(ro.parse("0,25"), 0.25);
});

test("an empty field is no amount; garbage and negative amounts are refused", () => {
  for (const numbers of [de, zh, ro]) {
    assert.equal(numbers.parse(""), null);
    assert.equal(numbers.parse("   "), null);
    for (const typed of ["abc", "1,2,3x", "-5", "1e3", "0x10", "Infinity", "5 GB", "½"]) {
      assert.ok(Number.isNaN(numbers.parse(typed)), typed);
    }
  }
  assert.ok(Number.isNaN(de.parse("1,2,3"))); // two decimal marks
  assert.ok(Number.isNaN(zh.parse("1..5")));
});

test("amounts above the maximum are refused as typing slips", () => {
  assert.equal(zh.parse(String(MAX_AMOUNT)), MAX_AMOUNT);
  assert.ok(Number.isNaN(zh.parse(String(MAX_AMOUNT + 1))));
  assert.ok(Number.isNaN(de.parse("9".repeat(400)))); // beyond floating point: infinite
});

test("a stored amount is shown in the input as the language writes it, without groups", () => {
  assert.equal(de.forInput("1500.5"), "1500,5");
  assert.equal(ro.forInput("1500.5"), "1500,5");
  assert.equal(zh.forInput("1500.5"), "1500.5");
  assert.equal(de.parse(de.forInput("1234567.25")), 1234567.25); // what it shows reads back
  assert.equal(de.forInput("abc"), "");
});

test("numbers are written with the language's separators", () => {
  assert.equal(de.format(4000), "4.000");
  assert.equal(zh.format(4000), "4,000");
});

test("a count is worded as the page's settings declare it: numbers by their own messages, none by its word", () => {
  const counts = {
    shown: {
      message: "{offerings} von {providers}",
      numbers: { offerings: { one: "{count} Angebot", other: "{count} Angebote" }, providers: "{count} Anbietern" },
      none: null,
    },
    choice: { message: " ({text})", numbers: {}, none: "keine" },
  };
  const count = countWriter(counts, messageFiller("de", de));
  assert.equal(count("shown", { offerings: 1, providers: 1200 }), "1 Angebot von 1.200 Anbietern");
  assert.equal(count("shown", { offerings: 0, providers: 0 }), "0 Angebote von 0 Anbietern");
  assert.equal(count("choice", { text: 1500 }), " (1.500)");
  assert.equal(count("choice", { text: 0 }), " (keine)");
});

test("a message takes the plural form its count needs, and the language's numbers", () => {
  const message = { one: "{count} offer of {total}", few: "{count} few", other: "{count} offers" };
  assert.equal(messageFiller("de", de)(message, { count: 1, total: 1000 }), "1 offer of 1.000");
  assert.equal(messageFiller("de", de)(message, { count: 2 }), "2 offers");
  assert.equal(messageFiller("ro", ro)(message, { count: 3 }), "3 few"); // Romanian's "few" form
  assert.equal(messageFiller("zh", zh)(message, { count: 1 }), "1 offers"); // Chinese has only "other"
  assert.equal(messageFiller("de", de)("{amount} / {missing}", { amount: "5 €" }), "5 € / {missing}");
});

test("money is shown in the chosen currency at the page's rate, else in USD", () => {
  const money = moneyWriter("de", { EUR: { usd_per_unit: 1.2 } });
  const inGerman = (amount, currency) =>
    new Intl.NumberFormat("de", { style: "currency", currency: currency }).format(amount);
  assert.equal(money(12, "EUR"), inGerman(10, "EUR"));
  const usd = inGerman(12, "USD");
  assert.equal(money(12, ""), usd);
  assert.equal(money(12, "CNY"), usd); // no rate on the page
  assert.equal(money(12, "constructor"), usd);
});

test("a rate is rounded as the page rounds it: three significant digits, two to four decimals", () => {
  assert.equal(rateAmount(0.0223517), 0.0224);
  assert.equal(rateAmount(0.073), 0.073);
  assert.equal(rateAmount(1.2345), 1.23);
  assert.equal(rateAmount(0.00876), 0.0088);
  assert.equal(rateAmount(0), 0);
});

test("an amount reads exact in its source's currency and with ≈ once converted", () => {
  const money = moneyWriter("de", { EUR: { usd_per_unit: 1.2 } });
  const euro = (amount, options) =>
    new Intl.NumberFormat("de", Object.assign({ style: "currency", currency: "EUR" }, options)).format(amount);
  const rate = { minimumFractionDigits: 2, maximumFractionDigits: 4 };
  // a euro price shown in euros: its own amount, no sign (0.0224 USD at 1.2 USD per EUR)
  assert.equal(moneyIn(money, { usd: 0.02235, source: "EUR", rate: true }, "EUR"), euro(0.0186, rate));
  // a dollar price shown in euros: converted, so marked
  assert.equal(moneyIn(money, { usd: 6, source: "USD", rate: false }, "EUR"), "≈\u00a0" + euro(5));
  // in US dollars (the page's currency, also when none is chosen)
  const dollars = new Intl.NumberFormat("de", { style: "currency", currency: "USD" }).format(6);
  assert.equal(moneyIn(money, { usd: 6, source: "USD", rate: false }, ""), dollars);
  assert.equal(moneyIn(money, { usd: 6, source: "EUR", rate: false }, "USD"), "≈\u00a0" + dollars);
  // nothing is nothing in every currency: no sign, as the planner writes it (plan.js: exactIn)
  assert.equal(moneyIn(money, { usd: 0, source: "USD", rate: false }, "EUR"), euro(0));
  const noDollars = new Intl.NumberFormat("de", { style: "currency", currency: "USD" }).format(0);
  assert.equal(moneyIn(money, { usd: 0, source: "EUR", rate: false }, ""), noDollars);
});
