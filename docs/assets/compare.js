/* Comparison tools: sort, filters, workload presets and a storage cost calculator.
 * The static table reads well without this script; the script only enhances it.
 * The view's state lives in the URL query, so a filtered, sorted view can be shared.
 * Data attributes and URL parameters are listed in hooks/gpustorage/contract.py.
 * A long table lays out at most PAGE (settings.rows_per_page) offerings at once ("show all" lifts it): a browser lays out a table
 * of thousands of rows far slower than it filters or sorts them. */
(function () {
  "use strict";

  // The language menu's links already point at this page's twin (static-i18n sets them). Keep
  // Material's sitemap-based redirect from replacing them, which drops the query and so the view.
  Array.prototype.forEach.call(document.querySelectorAll("a.md-select__link[hreflang]"), function (link) {
    link.addEventListener("click", function (event) { event.stopPropagation(); });
  });

  var table = document.getElementById("comparison");
  var form = document.getElementById("comparison-tools");
  var settingsNode = document.getElementById("comparison-settings");
  if (!table || !form || !settingsNode) return;

  var own = function (object, key) { return Object.prototype.hasOwnProperty.call(object, key); };
  var URL_DELAY_MS = 300;
  var MAX_AMOUNT = 1e9; // GB, months or GB per month: anything larger is a typing slip
  var settings = JSON.parse(settingsNode.textContent);
  var strings = settings.strings;
  var filterNames = settings.filters;
  var KEYS = ["name", "kind", "egress", "sort", "dir", "known", "gb", "months", "out", "cur", "preset", "all"]
    .concat(filterNames);
  var AMOUNTS = ["gb", "months", "out"];
  var locale = document.documentElement.lang || undefined;
  var plurals = new Intl.PluralRules(locale);
  var numbers = new Intl.NumberFormat(locale);
  var moneyFormats = {};
  var collator = new Intl.Collator(locale);
  var headRow = table.tHead.rows[0];
  var count = document.getElementById("comparison-count");
  var empty = document.getElementById("comparison-empty");
  var showAll = document.getElementById("comparison-show-all");
  var explanation = document.getElementById("preset-explanation");
  var hint = document.getElementById("calc-hint");
  var rateNote = document.getElementById("calc-rate");
  var toggle = document.getElementById("comparison-tools-toggle");

  /* ---- wording: plural forms and numbers of the page's language ---- */

  function fill(message, values) {
    var text = message;
    if (typeof message === "object") {
      var form = plurals.select(values.count);
      text = own(message, form) ? message[form] : message.other;
    }
    return text.replace(/\{(\w+)\}/g, function (match, key) {
      if (!own(values, key)) return match;
      var value = values[key];
      return typeof value === "number" ? numbers.format(value) : String(value);
    });
  }

  function money(amount) {
    var currency = state.cur && own(settings.rates, state.cur) ? state.cur : "USD";
    if (!own(moneyFormats, currency)) {
      moneyFormats[currency] = new Intl.NumberFormat(locale, { style: "currency", currency: currency });
    }
    var rate = currency === "USD" ? 1 : settings.rates[currency].usd_per_unit;
    return moneyFormats[currency].format(amount / rate);
  }

  // "1,5" in German and Romanian, "1.5" in Chinese; group separators ("1.500") are dropped
  var parts = numbers.formatToParts(12345.6);
  var group = (parts.find(function (p) { return p.type === "group"; }) || { value: "," }).value;
  var decimal = (parts.find(function (p) { return p.type === "decimal"; }) || { value: "." }).value;

  function parseAmount(text) {
    var cleaned = String(text).trim().replace(/[\s\u00a0\u202f]/g, "");
    if (cleaned === "") return null;
    if (group === "." || group === "\u2019") cleaned = cleaned.split(group).join("");
    else if (decimal !== ",") cleaned = cleaned.split(",").join("");
    cleaned = cleaned.replace(decimal, ".");
    if (!/^\d+(\.\d+)?$/.test(cleaned)) return NaN;
    var value = Number(cleaned);
    return isFinite(value) && value <= MAX_AMOUNT ? value : NaN;
  }

  /* ---- the rows ---- */

  var costHead = document.createElement("th");
  costHead.scope = "col";
  costHead.dataset.column = "cost";
  costHead.title = strings.cost;
  costHead.textContent = strings.cost_short;
  costHead.hidden = true;
  headRow.insertBefore(costHead, headRow.cells[1]);

  var entries = [];
  var groups = Array.prototype.map.call(table.tBodies, function (body, index) {
    var group = { body: body, index: index, name: (body.dataset.name || "").toLowerCase(), rows: [], shown: true };
    Array.prototype.forEach.call(body.querySelectorAll("tr.gs-offering"), function (row, position) {
      var cells = {};
      Array.prototype.forEach.call(row.cells, function (cell) { cells[cell.dataset.column] = cell; });
      var cost = document.createElement("td");
      cost.dataset.column = "cost";
      cost.hidden = true;
      row.insertBefore(cost, row.cells[1]);
      cells.cost = cost;
      var data = row.dataset;
      var entry = {
        row: row,
        group: group,
        position: position,
        cells: cells,
        data: { kind: data.kind, egress: data.egress },
        keys: {},
        tiers: data.tiers ? JSON.parse(data.tiers) : null,
        idleTiers: data.idleTiers ? JSON.parse(data.idleTiers) : null,
        billedIdle: data.billedIdle,
        fee: Number(data.fee || 0),
        egressRate: data.egressRate === undefined ? null : Number(data.egressRate),
        egressIncluded: Number(data.egressIncluded || 0),
        egressPooled: data.egressPooled === "yes",
        maxGb: data.maxGb === undefined ? null : Number(data.maxGb),
        productLabel: cells.product ? cells.product.querySelector(".gs-product") : null,
        match: true,
        shown: true,
        costs: null,
        costText: ""
      };
      filterNames.forEach(function (name) { entry.data[name] = data[name]; });
      group.rows.push(entry);
      entries.push(entry);
    });
    Array.prototype.forEach.call(body.querySelectorAll("[colspan]"), function (cell) { cell.colSpan += 1; });
    return group;
  });

  // short tables (the real dataset) show every row; long ones a page at a time
  var PAGE = settings.rows_per_page;
  var limit = entries.length > 2 * PAGE ? PAGE : Infinity;
  var state = readUrl();

  function readUrl() {
    var params = new URLSearchParams(window.location.search);
    var result = {};
    KEYS.forEach(function (key) { result[key] = params.get(key) || ""; });
    if (result.preset && !own(settings.presets, result.preset)) result.preset = "";
    if (result.cur && !own(settings.rates, result.cur)) result.cur = "";
    return result;
  }

  var urlTimer = null;

  function writeUrl() {
    var params = new URLSearchParams();
    KEYS.forEach(function (key) { if (state[key]) params.set(key, state[key]); });
    var query = params.toString();
    // the language menu keeps the reader's view: same page, same filters, sort and amounts
    Array.prototype.forEach.call(document.querySelectorAll("a.md-select__link[hreflang]"), function (link) {
      var target = new URL(link.getAttribute("href"), window.location.href);
      target.search = query;
      target.hash = "";
      link.href = target.pathname + target.search;
    });
    // Updating the address costs Chromium tens of milliseconds on a large page: do it once the
    // reader pauses, not on every keystroke.
    window.clearTimeout(urlTimer);
    urlTimer = window.setTimeout(function () {
      if (query === window.location.search.replace(/^\?/, "")) return;
      var url = window.location.pathname + (query ? "?" + query : "") + window.location.hash;
      window.history.replaceState(null, "", url);
    }, URL_DELAY_MS);
  }

  /* ---- form <-> state ---- */

  function syncForm() {
    var kinds = state.kind ? state.kind.split(",") : [];
    Array.prototype.forEach.call(form.elements, function (control) {
      if (!control.name || !own(state, control.name)) return;
      if (control.name === "kind") control.checked = kinds.indexOf(control.value) !== -1;
      else if (control.type === "checkbox") control.checked = state[control.name] === control.value;
      else if (control.name === "dir") control.value = state.dir === "desc" ? "desc" : "asc";
      else if (AMOUNTS.indexOf(control.name) !== -1) {
        if (document.activeElement !== control) control.value = state[control.name] ? formatInput(state[control.name]) : "";
      } else control.value = state[control.name] || "";
    });
    Array.prototype.forEach.call(form.querySelectorAll("[data-preset]"), function (button) {
      button.setAttribute("aria-pressed", String(button.dataset.preset !== "" && button.dataset.preset === state.preset));
    });
    explanation.textContent = state.preset && own(strings.explain, state.preset) ? strings.explain[state.preset] : "";
    rateNote.textContent = state.cur && own(settings.rates, state.cur) ? settings.rates[state.cur].note : "";
  }

  function formatInput(value) {
    var number = Number(value);
    return isFinite(number) ? numbers.format(number).replace(new RegExp("\\" + group, "g"), "") : "";
  }

  var invalid = [];

  function readForm() {
    var kinds = [];
    invalid = [];
    Array.prototype.forEach.call(form.elements, function (control) {
      if (!control.name || !own(state, control.name)) return;
      if (control.name === "kind") { if (control.checked) kinds.push(control.value); }
      else if (control.type === "checkbox") state[control.name] = control.checked ? control.value : "";
      else if (AMOUNTS.indexOf(control.name) !== -1) {
        var value = parseAmount(control.value);
        var bad = value !== null && isNaN(value);
        control.setAttribute("aria-invalid", String(bad));
        if (bad) invalid.push(control);
        else state[control.name] = value === null ? "" : String(value);
      } else state[control.name] = control.value.trim();
    });
    state.kind = kinds.join(",");
    if (!state.sort) state.dir = "";
    hint.textContent = invalid.length ? fill(strings.invalid, { max: MAX_AMOUNT, example: formatInput(1.5) }) : "";
  }

  /* ---- filtering ---- */

  var kinds = [];

  function matches(entry, skip) {
    var data = entry.data;
    if (skip !== "kind" && kinds.length && kinds.indexOf(data.kind) === -1) return false;
    if (skip !== "egress" && state.egress === "free" && data.egress !== "free") return false;
    for (var i = 0; i < filterNames.length; i++) {
      var name = filterNames[i];
      if (name !== skip && state[name] && data[name] !== state[name]) return false;
    }
    return true;
  }

  function applyFilters() {
    kinds = state.kind ? state.kind.split(",") : [];
    var offeringFilter = Boolean(state.kind || state.egress || filterNames.some(function (n) { return state[n]; }));
    var needle = state.name.toLowerCase();
    var onlyKnown = state.known && state.sort && state.sort !== "product";
    var matching = 0;
    var rows = 0;
    groups.forEach(function (group) {
      group.nameMatches = group.name.indexOf(needle) !== -1;
      var any = false;
      group.rows.forEach(function (entry) {
        var match = group.nameMatches && matches(entry, null);
        if (match && onlyKnown) match = sortKey(entry, state.sort) !== null;
        entry.match = match;
        if (match) rows++;
        any = any || match;
      });
      group.match = any || (group.nameMatches && !offeringFilter && !onlyKnown && group.rows.length === 0);
      if (group.match) matching++;
    });
    count.textContent = fill(strings.count, { shown: matching, count: groups.length });
    empty.hidden = matching > 0;
    var filterKey = [state.name, state.kind, state.egress].concat(filterNames.map(function (n) { return state[n]; })).join("|");
    if (filterKey !== countsKey) { countsKey = filterKey; updateOptionCounts(); } // sorting changes no count
    return rows;
  }

  var countsKey = null;

  // Each choice says how many offerings it would leave, given the other filters; those leaving none are marked.
  var selects = filterNames.map(function (name) { return form.elements[name]; });
  var countSpans = Array.prototype.slice.call(form.querySelectorAll(".gs-option-count"));

  function updateOptionCounts() {
    var tallies = { kind: {}, egress: {} };
    filterNames.forEach(function (name) { tallies[name] = {}; });
    var dimensions = Object.keys(tallies);
    for (var e = 0; e < entries.length; e++) {
      var entry = entries[e];
      if (!entry.group.nameMatches) continue;
      for (var d = 0; d < dimensions.length; d++) {
        var dimension = dimensions[d];
        if (!matches(entry, dimension)) continue;
        var value = entry.data[dimension];
        tallies[dimension][value] = (tallies[dimension][value] || 0) + 1;
      }
    }
    selects.forEach(function (select) {
      Array.prototype.forEach.call(select.options, function (option) {
        if (!option.value) return;
        var n = tallies[select.name][option.value] || 0;
        option.textContent = option.dataset.label + " (" + (n ? numbers.format(n) : strings.none_left) + ")";
        option.classList.toggle("gs-none-left", n === 0);
      });
    });
    countSpans.forEach(function (span) {
      var key = span.dataset.for.split(":");
      var n = tallies[key[0]][key[1]] || 0;
      span.textContent = " (" + (n ? numbers.format(n) : strings.none_left) + ")";
      span.parentNode.classList.toggle("gs-none-left", n === 0);
    });
  }

  /* ---- cost calculator ---- */

  function storageCost(tiers, fee, gb) {
    var cost = fee;
    var lower = 0;
    for (var i = 0; i < tiers.length; i++) {
      var upTo = tiers[i][0];
      var upper = upTo === null ? gb : Math.min(gb, upTo);
      cost += Math.max(0, upper - lower) * tiers[i][1];
      if (upTo === null || upTo >= gb) break;
      lower = upTo;
    }
    return cost;
  }

  function egressCost(entry, out) {
    if (entry.data.egress === "free" || out === 0) return 0;
    if (entry.egressRate === null) return null; // unknown, or set per host
    // a pooled allowance belongs to the account, not the offering: none is counted (and the cell says so)
    return Math.max(0, out - (entry.egressPooled ? 0 : entry.egressIncluded)) * entry.egressRate;
  }

  // What the storage costs in a month while no GPU uses it: its own idle price where the data has one.
  function idleCost(entry, gb, running) {
    if (entry.idleTiers) return storageCost(entry.idleTiers, entry.fee, gb);
    if (entry.billedIdle === "no") return 0;
    if (entry.billedIdle === "yes" || entry.billedIdle === "not_applicable") return running;
    return null;
  }

  var costKey = "";

  function calculatorActive() {
    return state.gb !== "" && isFinite(Number(state.gb));
  }

  // Cost rank: offerings that fit and whose cost is fully known first, by cost; then those with an
  // unknown part; then those above their maximum size; unknown prices last (null).
  function applyCosts() {
    var active = calculatorActive();
    var gb = Number(state.gb);
    var months = Math.max(1, Number(state.months) || 1);
    var out = Math.max(0, Number(state.out) || 0);
    var key = active ? [gb, months, out, state.cur].join("|") : "";
    if (key === costKey) return;
    costKey = key;
    costHead.hidden = !active;
    entries.forEach(function (entry) {
      delete entry.keys.price;
      if (!active) { entry.costs = null; entry.keys.cost = null; return; }
      if (!entry.tiers) { entry.costs = { monthly: null }; entry.keys.cost = null; return; }
      var storage = storageCost(entry.tiers, entry.fee, gb);
      var egress = egressCost(entry, out);
      var monthly = storage + (egress || 0);
      var tooLarge = entry.maxGb !== null && gb > entry.maxGb;
      entry.costs = {
        monthly: monthly,
        idle: idleCost(entry, gb, storage),
        total: monthly * months,
        months: months,
        egressKnown: egress !== null,
        tooLarge: tooLarge,
        storage: storage
      };
      var band = tooLarge ? 2e12 : egress === null ? 1e12 : 0;
      entry.keys.cost = band + monthly;
      entry.keys.price = band + storage; // with a size set, price sorts by the effective monthly price
    });
  }

  // A cost cell's lines, made once per row; an update only changes their text (no HTML parsing).
  var COST_LINES = ["monthly", "note", "idle", "total", "warning"];

  function costLines(cell) {
    if (!cell.lines) {
      cell.lines = {};
      COST_LINES.forEach(function (name, index) {
        var line = document.createElement(index === 0 ? "strong" : "small");
        if (name === "note" || name === "warning") line.className = "gs-warning";
        cell.appendChild(line);
        cell.lines[name] = line;
      });
    }
    return cell.lines;
  }

  function setLine(line, text) {
    line.textContent = text;
    line.hidden = !text;
  }

  function writeCosts(entry) {
    if (entry.costText === costKey) return;
    entry.costText = costKey;
    var cell = entry.cells.cost;
    cell.hidden = !entry.costs;
    if (!entry.costs) return;
    var lines = costLines(cell);
    var costs = entry.costs;
    cell.dataset.label = strings.cost_short;
    if (costs.monthly === null) {
      setLine(lines.monthly, strings.price_unknown);
      ["note", "idle", "total", "warning"].forEach(function (name) { setLine(lines[name], ""); });
      cell.classList.add("gs-unknown");
      delete cell.dataset.value;
      delete cell.dataset.sort;
      return;
    }
    cell.classList.remove("gs-unknown");
    setLine(lines.monthly, fill(strings.per_month, { amount: money(costs.monthly) }));
    var note = !costs.egressKnown ? strings.egress_unknown
      : entry.egressPooled && entry.egressRate !== null ? strings.allowance_pooled : "";
    setLine(lines.note, note);
    lines.note.className = costs.egressKnown ? "" : "gs-warning";
    setLine(lines.idle, fill(strings.idle_line, { amount: costs.idle === null ? strings.unknown : money(costs.idle) }));
    setLine(lines.total, fill(strings.total_line, { amount: money(costs.total), count: costs.months }));
    setLine(lines.warning, costs.tooLarge
      ? fill(strings.too_large, { size: numbers.format(Math.round(entry.maxGb)) + " GB" }) : "");
    cell.dataset.value = String(costs.monthly);
    cell.dataset.sort = String(entry.keys.cost);
  }

  /* ---- sorting and display ---- */

  function sortKey(entry, column) {
    if (!own(entry.keys, column)) {
      var cell = entry.cells[column];
      var raw = cell ? cell.dataset.sort : undefined;
      var number = Number(raw);
      entry.keys[column] = raw === undefined || raw === "" ? null : isNaN(number) ? raw : number;
    }
    return entry.keys[column];
  }

  function compareKeys(a, b, descending) {
    if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1; // unknown always last
    var order = typeof a === "number" && typeof b === "number" ? a - b : collator.compare(String(a), String(b));
    return descending ? -order : order;
  }

  function show(entry, visible) {
    if (entry.shown !== visible) {
      entry.row.hidden = !visible;
      entry.shown = visible;
    }
    if (visible) writeCosts(entry);
  }

  // Sorted, the table lists offerings one by one (each row names its provider); unsorted, it groups
  // them under their provider, as the static page does.
  var sortedBody = document.createElement("tbody");
  sortedBody.className = "gs-sorted";
  var moved = [];

  function display() {
    var column = state.sort;
    var descending = state.dir === "desc";
    var budget = state.all ? Infinity : limit;
    var hiddenByLimit = 0;
    Array.prototype.forEach.call(headRow.cells, function (th) {
      if (column && th.dataset.column === column) th.setAttribute("aria-sort", descending ? "descending" : "ascending");
      else th.removeAttribute("aria-sort");
    });
    moved.forEach(function (entry) { entry.group.body.appendChild(entry.row); });
    moved = [];
    if (column) {
      var ordered = entries.filter(function (entry) { return entry.match; });
      ordered.sort(function (a, b) {
        return compareKeys(sortKey(a, column), sortKey(b, column), descending) ||
          a.group.index - b.group.index || a.position - b.position;
      });
      entries.forEach(function (entry) { if (!entry.match) show(entry, false); });
      var rows = document.createDocumentFragment();
      ordered.forEach(function (entry, place) {
        var visible = place < budget;
        show(entry, visible);
        if (visible) { rows.appendChild(entry.row); moved.push(entry); }
      });
      hiddenByLimit = Math.max(0, ordered.length - budget);
      sortedBody.appendChild(rows);
      if (!sortedBody.parentNode) table.insertBefore(sortedBody, table.tBodies[0]);
      groups.forEach(function (group) {
        var visible = group.rows.length === 0 && group.match;
        if (group.shown !== visible) { group.body.hidden = !visible; group.shown = visible; }
      });
    } else {
      if (sortedBody.parentNode) table.removeChild(sortedBody);
      groups.forEach(function (group) {
        var visible = group.match && budget > 0;
        group.rows.forEach(function (entry) {
          var rowVisible = visible && entry.match && budget > 0;
          if (rowVisible) budget--;
          else if (entry.match) hiddenByLimit++;
          show(entry, rowVisible);
        });
        if (group.shown !== visible) { group.body.hidden = !visible; group.shown = visible; }
      });
    }
    table.classList.toggle("gs-flat", Boolean(column));
    showAll.hidden = hiddenByLimit === 0;
    showAll.textContent = fill(strings.show_all, { count: hiddenByLimit });
  }

  /* ---- wiring ---- */

  function update() {
    applyCosts();
    applyFilters();
    display();
    writeUrl();
  }

  function reset(preset) {
    KEYS.forEach(function (key) { state[key] = ""; });
    if (preset && own(settings.presets, preset)) {
      var values = settings.presets[preset];
      Object.keys(values).forEach(function (key) { if (own(state, key)) state[key] = values[key]; });
      state.preset = preset;
    }
    AMOUNTS.forEach(function (name) {
      form.elements[name].value = "";
      form.elements[name].removeAttribute("aria-invalid");
    });
    hint.textContent = "";
  }

  Array.prototype.forEach.call(headRow.cells, function (th) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "gs-sort";
    while (th.firstChild) button.appendChild(th.firstChild);
    th.appendChild(button);
    button.addEventListener("click", function () {
      var column = th.dataset.column;
      state.dir = state.sort === column && state.dir !== "desc" ? "desc" : "asc";
      state.sort = column;
      state.preset = "";
      syncForm();
      update();
    });
  });

  form.addEventListener("input", function (event) {
    readForm();
    state.preset = "";
    syncForm();
    update();
  });
  form.addEventListener("submit", function (event) { event.preventDefault(); });
  showAll.addEventListener("click", function () {
    state.all = "1";
    update();
  });
  Array.prototype.forEach.call(document.querySelectorAll("#comparison-tools [data-preset], #comparison-empty [data-preset]"), function (button) {
    button.addEventListener("click", function () {
      reset(button.dataset.preset);
      syncForm();
      update();
    });
  });
  toggle.addEventListener("click", function () {
    var open = form.classList.toggle("gs-open");
    toggle.setAttribute("aria-expanded", String(open));
  });

  if (state.preset) {
    var presetValues = settings.presets[state.preset];
    Object.keys(presetValues).forEach(function (key) {
      if (own(state, key) && !state[key]) state[key] = presetValues[key];
    });
  }
  AMOUNTS.forEach(function (name) {
    var value = Number(state[name]);
    if (state[name] && !(isFinite(value) && value >= 0 && value <= MAX_AMOUNT)) {
      state[name] = ""; // an absurd or broken amount in a shared link is dropped, with a hint
      hint.textContent = fill(strings.invalid, { max: MAX_AMOUNT, example: formatInput(1.5) });
    }
  });
  toggle.hidden = false;
  form.hidden = false;
  syncForm();
  update();
})();
