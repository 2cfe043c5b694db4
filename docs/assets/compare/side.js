/* Offerings compared side by side: a checkbox per row (added here: without the script the table stays
 * plain), a bar that counts the ticked ones and opens or clears them, and the view itself, a table
 * with a column per ticked offering, made from what the page already holds: each row's details (every
 * fact, its sources with their dates), its evidence mark, and its cost at the calculator's amounts,
 * every amount in the reader's currency. */

import { setAttribute, setProperty, setText } from "./dom.js";
import { pickedIds } from "./pick.js";
import { writeCostLines } from "./view.js";
import { showMoneys } from "./money.js";

// ids in the page are unique: a copy's ids (and the links to them) take this prefix
const COPY = "side-";

/* A copy of `node` whose ids, and links to ids, are the copy's own. */
function copyOf(node) {
  const copy = node.cloneNode(true);
  const all = [copy].concat(Array.prototype.slice.call(copy.querySelectorAll("[id], a[href^='#']")));
  all.forEach((element) => {
    if (element.id) element.id = COPY + element.id;
    const href = element.getAttribute && element.getAttribute("href");
    if (href && href.charAt(0) === "#") element.setAttribute("href", "#" + COPY + href.slice(1));
  });
  return copy;
}

function cell(tag, content, scope) {
  const element = document.createElement(tag);
  if (scope) element.scope = scope;
  if (typeof content === "string") element.textContent = content;
  else if (content) element.appendChild(content);
  return element;
}

/* A fact's name as a row's details label it ("Preis: " -> "Preis", "价格：" -> "价格"). */
function factName(item) {
  return item.querySelector("b").textContent.replace(/[:：]\s*$/, "").trim();
}

/* A fact's value in a row's details, without its name. */
function factValue(item) {
  const copy = copyOf(item);
  copy.removeChild(copy.querySelector("b"));
  const holder = document.createElement("div");
  while (copy.firstChild) holder.appendChild(copy.firstChild);
  return holder;
}

export function sideView(table, rows, settings, wording) {
  const strings = settings.strings;
  const bar = document.getElementById("comparison-picked");
  const openButton = document.getElementById("comparison-pick-open");
  const section = document.getElementById("comparison-side");
  const holder = section.querySelector(".gs-side-scroll");
  const byId = Object.create(null);
  rows.entries.forEach((entry) => {
    byId[entry.id] = entry;
  });
  const evidenceHead = table.tHead.querySelector("th[data-column=checked]");

  /* A checkbox at the start of every offering's row, named by its provider and product. */
  function addCheckboxes(onTick) {
    rows.entries.forEach((entry) => {
      const box = document.createElement("input");
      box.type = "checkbox";
      box.className = "gs-pick";
      box.value = entry.id;
      box.setAttribute("aria-label", wording.fill(strings.pick_label, { offering: entry.name }));
      box.addEventListener("change", () => onTick(entry.id, box.checked));
      entry.cells.product.insertBefore(box, entry.cells.product.firstChild);
      entry.pickBox = box;
    });
  }

  function costCell(entry, currency, column) {
    const td = cell("td");
    writeCostLines(td, entry, strings, wording, currency, column);
    return td;
  }

  /* The costs' row: each offering's cost, or, before an amount is entered, the request for one said
   * once across every column. */
  function addCostRow(body, entries, currency, column) {
    const tr = body.insertRow();
    tr.appendChild(cell("th", strings.cost, "row"));
    if (entries.every((entry) => entry.costs)) {
      entries.forEach((entry) => tr.appendChild(costCell(entry, currency, column)));
    } else {
      const td = tr.appendChild(cell("td", strings.no_size));
      td.colSpan = entries.length;
    }
  }

  /* The table: a column per offering; its kind and page, its cost, every fact, its evidence, its sources. */
  function build(entries, currency, column) {
    const view = document.createElement("table");
    view.className = "gs-side-table";
    view.style.setProperty("--offerings", String(entries.length)); // a phone's columns (site.css)
    const head = view.createTHead().insertRow();
    head.appendChild(cell("td"));
    entries.forEach((entry) => {
      const th = cell("th", entry.name, "col");
      if (entry.more) th.appendChild(copyOf(entry.more.querySelector("p")));
      head.appendChild(th);
    });
    const body = view.createTBody();
    function addRow(name, makeCell) {
      const tr = body.insertRow();
      tr.appendChild(cell("th", name, "row"));
      entries.forEach((entry) => tr.appendChild(makeCell(entry)));
    }
    addCostRow(body, entries, currency, column);
    const facts = entries[0].more ? entries[0].more.querySelectorAll(".gs-more-facts > li") : [];
    Array.prototype.forEach.call(facts, (item, index) => {
      addRow(factName(item), (entry) => {
        const items = entry.more ? entry.more.querySelectorAll(".gs-more-facts > li") : [];
        return cell("td", items[index] ? factValue(items[index]) : null);
      });
    });
    addRow(evidenceHead.title, (entry) => cell("td", copyOf(entry.cells.checked.querySelector(".gs-evidence"))));
    addRow(strings.sources, (entry) => {
      const sources = entry.more ? entry.more.querySelector(".gs-more-sources") : null;
      return cell("td", sources ? copyOf(sources) : null);
    });
    return view;
  }

  /* The ticks, the bar and the view as the state says (the view rebuilt while open: costs follow the
   * calculator). Returns whether the view is open. */
  function show(state) {
    const ids = pickedIds(state.pick).filter((id) => id in byId);
    rows.entries.forEach((entry) => {
      setProperty(entry.pickBox, "checked", ids.indexOf(entry.id) !== -1);
    });
    bar.hidden = ids.length === 0;
    setText(openButton, wording.fill(strings.pick_open, { count: ids.length }));
    const open = Boolean(state.side) && ids.length > 0;
    setAttribute(openButton, "aria-expanded", String(open));
    section.hidden = !open;
    holder.textContent = "";
    if (open) {
      holder.appendChild(build(ids.map((id) => byId[id]), state.cur, state.sort));
      showMoneys(holder, state.cur, wording.money); // its copies of the rows' amounts, in the reader's currency
    }
    return open;
  }

  return { addCheckboxes: addCheckboxes, show: show };
}
