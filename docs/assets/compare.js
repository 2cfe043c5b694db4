/* Comparison tools: sort, filters, workload presets and a storage cost calculator.
 * The static table reads well without this script; the script only enhances it.
 * The view's state lives in the URL query, so a filtered, sorted view can be shared.
 * A long table lays out at most PAGE offerings at once ("show all" lifts it): a browser lays out a table
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

  var URL_DELAY_MS = 300;
  var settings = JSON.parse(settingsNode.textContent);
  var strings = settings.strings;
  var filterNames = settings.filters;
  var KEYS = ["name", "kind", "egress", "sort", "dir", "gb", "months", "out", "preset", "all"].concat(filterNames);
  var COST_COLUMNS = ["monthly", "idle", "total"];
  var locale = document.documentElement.lang || undefined;
  var money = new Intl.NumberFormat(locale, { style: "currency", currency: "USD" });
  var collator = new Intl.Collator(locale);
  var headRow = table.tHead.rows[0];
  var count = document.getElementById("comparison-count");
  var showAll = document.getElementById("comparison-show-all");
  var explanation = document.getElementById("preset-explanation");

  // cost columns go right after the product, where a reader looks once amounts are entered
  var headAnchor = headRow.cells[1];
  COST_COLUMNS.forEach(function (column) {
    var th = document.createElement("th");
    th.scope = "col";
    th.dataset.column = column;
    th.textContent = strings[column];
    th.hidden = true;
    headRow.insertBefore(th, headAnchor);
  });
  var costHeads = COST_COLUMNS.map(function (column) {
    return headRow.querySelector("th[data-column=" + column + "]");
  });

  var entries = [];
  var groups = Array.prototype.map.call(table.tBodies, function (body, index) {
    var group = { body: body, index: index, name: (body.dataset.name || "").toLowerCase(), rows: [], shown: true };
    Array.prototype.forEach.call(body.querySelectorAll("tr.gs-offering"), function (row, position) {
      var cells = {};
      Array.prototype.forEach.call(row.cells, function (cell) { cells[cell.dataset.column] = cell; });
      var anchor = row.cells[1];
      COST_COLUMNS.forEach(function (column) {
        var td = document.createElement("td");
        td.dataset.column = column;
        td.hidden = true;
        row.insertBefore(td, anchor);
        cells[column] = td;
      });
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
        match: true,
        shown: true,
        costs: null,
        costText: ""
      };
      filterNames.forEach(function (name) { entry.data[name] = data[name]; });
      group.rows.push(entry);
      entries.push(entry);
    });
    Array.prototype.forEach.call(body.querySelectorAll("[colspan]"), function (cell) {
      cell.colSpan += COST_COLUMNS.length;
    });
    return group;
  });

  // short tables (the real dataset) show every row; long ones a page at a time
  var PAGE = 50;
  var limit = entries.length > 2 * PAGE ? PAGE : Infinity;
  var state = readUrl();

  function readUrl() {
    var params = new URLSearchParams(window.location.search);
    var result = {};
    KEYS.forEach(function (key) { result[key] = params.get(key) || ""; });
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
      if (!control.name) return;
      if (control.name === "kind") control.checked = kinds.indexOf(control.value) !== -1;
      else if (control.type === "checkbox") control.checked = state[control.name] === control.value;
      else control.value = state[control.name] || "";
    });
    Array.prototype.forEach.call(form.querySelectorAll("[data-preset]"), function (button) {
      button.setAttribute("aria-pressed", String(button.dataset.preset !== "" && button.dataset.preset === state.preset));
    });
    explanation.textContent = state.preset && strings.explain[state.preset] ? strings.explain[state.preset] : "";
  }

  function readForm() {
    var kinds = [];
    Array.prototype.forEach.call(form.elements, function (control) {
      if (!control.name) return;
      if (control.name === "kind") { if (control.checked) kinds.push(control.value); }
      else if (control.type === "checkbox") state[control.name] = control.checked ? control.value : "";
      else state[control.name] = control.value.trim();
    });
    state.kind = kinds.join(",");
  }

  /* ---- filtering ---- */

  function applyFilters() {
    var kinds = state.kind ? state.kind.split(",") : null;
    var active = filterNames.filter(function (name) { return state[name]; });
    var offeringFilter = Boolean(kinds || state.egress || active.length);
    var needle = state.name.toLowerCase();
    var matching = 0;
    groups.forEach(function (group) {
      var nameMatches = group.name.indexOf(needle) !== -1;
      var any = false;
      group.rows.forEach(function (entry) {
        var data = entry.data;
        var match = nameMatches && (!kinds || kinds.indexOf(data.kind) !== -1) &&
          (state.egress !== "free" || data.egress === "free");
        for (var i = 0; match && i < active.length; i++) match = data[active[i]] === state[active[i]];
        entry.match = match;
        any = any || match;
      });
      group.match = any || (nameMatches && !offeringFilter && group.rows.length === 0);
      if (group.match) matching++;
    });
    count.textContent = strings.count.replace("{shown}", String(matching)).replace("{total}", String(groups.length));
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

  function applyCosts() {
    var gb = Number(state.gb);
    var active = state.gb !== "" && isFinite(gb) && gb >= 0;
    var key = active ? [gb, state.months, state.out].join("|") : "";
    if (key === costKey) return;
    costKey = key;
    costHeads.forEach(function (th) { th.hidden = !active; });
    var months = Math.max(1, Number(state.months) || 1);
    var out = Math.max(0, Number(state.out) || 0);
    entries.forEach(function (entry) {
      if (!active || !entry.tiers) {
        entry.costs = active ? { monthly: null, idle: null, total: null, egressKnown: true } : null;
      } else {
        var egress = egressCost(entry, out);
        var storage = storageCost(entry.tiers, entry.fee, gb);
        var monthly = storage + (egress || 0);
        entry.costs = {
          monthly: monthly,
          idle: idleCost(entry, gb, storage),
          total: monthly * months,
          egressKnown: egress !== null
        };
      }
      entry.keys.monthly = entry.costs ? entry.costs.monthly : null;
      entry.keys.total = entry.costs ? entry.costs.total : null;
    });
  }

  function writeCosts(entry) {
    if (entry.costText === costKey) return;
    entry.costText = costKey;
    COST_COLUMNS.forEach(function (column) {
      var cell = entry.cells[column];
      cell.hidden = !entry.costs;
      if (!entry.costs) return;
      var amount = entry.costs[column];
      if (amount === null) {
        cell.textContent = entry.tiers ? strings.unknown : strings.price_unknown;
        cell.className = "gs-unknown";
        delete cell.dataset.sort;
        delete cell.dataset.value;
        return;
      }
      cell.className = "";
      var note = "";
      if (column !== "idle" && !entry.costs.egressKnown) note = " " + strings.egress_unknown;
      else if (column !== "idle" && entry.egressPooled && entry.egressRate !== null) note = " " + strings.allowance_pooled;
      cell.textContent = money.format(amount) + note;
      cell.dataset.sort = String(amount);
      cell.dataset.value = String(amount);
    });
  }

  /* ---- sorting and display ---- */

  function sortKey(entry, column) {
    if (!(column in entry.keys)) {
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
    showAll.textContent = strings.show_all.replace("{count}", String(hiddenByLimit));
  }

  /* ---- wiring ---- */

  function update() {
    applyFilters();
    applyCosts();
    display();
    writeUrl();
  }

  Array.prototype.forEach.call(headRow.cells, function (th) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "gs-sort";
    while (th.firstChild) button.appendChild(th.firstChild);
    button.title = strings.sort.replace("{column}", button.textContent);
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

  form.addEventListener("input", function () {
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
  Array.prototype.forEach.call(form.querySelectorAll("[data-preset]"), function (button) {
    button.addEventListener("click", function () {
      var keep = { gb: state.gb, months: state.months, out: state.out };
      KEYS.forEach(function (key) { state[key] = keep[key] || ""; });
      var preset = settings.presets[button.dataset.preset];
      if (preset) {
        Object.keys(preset).forEach(function (key) { state[key] = preset[key]; });
        state.preset = button.dataset.preset;
      }
      syncForm();
      update();
    });
  });

  if (state.preset && settings.presets[state.preset]) {
    Object.keys(settings.presets[state.preset]).forEach(function (key) {
      if (!state[key]) state[key] = settings.presets[state.preset][key];
    });
  }
  form.hidden = false;
  syncForm();
  update();
})();
