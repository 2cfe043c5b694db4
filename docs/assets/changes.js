/* The changes page's filter: by provider and by kind of change (render_html.changes_filter), kept in
 * the URL's query (?provider=runpod&change=price) so that a reload or a shared link opens the same
 * view. The page lists every change without this script; the script only shows its form and hides
 * the changes that do not match. Loaded by the changes page alone; it does nothing elsewhere. */

const PARAMETERS = ["provider", "change"]; // render_html.CHANGE_FILTERS

/* A value from a link is used only if the form offers it: no other name ever reaches the page. */
function offered(select, value) {
  return Array.prototype.some.call(select.options, (option) => option.value === value);
}

function readQuery(form, search) {
  const query = new URLSearchParams(search);
  for (const name of PARAMETERS) {
    const select = form.elements.namedItem(name);
    const value = query.get(name) || "";
    select.value = offered(select, value) ? value : "";
  }
}

/* The filter into the address, with the page's other parameters and fragment as they were. */
function writeQuery(form) {
  const url = new URL(location.href);
  for (const name of PARAMETERS) {
    const value = form.elements.namedItem(name).value;
    if (value) url.searchParams.set(name, value);
    else url.searchParams.delete(name);
  }
  history.replaceState(history.state, "", url.href);
}

/* Each change shown or hidden by the filter; the older changes unfold while a filter is set (a
 * provider's changes may all be older than the newest ones), and a line says when none matches. */
function apply(form, items) {
  const provider = form.elements.namedItem("provider").value;
  const group = form.elements.namedItem("change").value;
  let matching = 0;
  for (const item of items) {
    const match = (!provider || item.dataset.provider === provider) && (!group || item.dataset.group === group);
    item.hidden = !match;
    if (match) matching += 1;
  }
  const older = document.getElementById("changes-older");
  if (older && (provider || group)) older.open = true;
  document.getElementById("changes-none").hidden = matching > 0;
}

function start() {
  const form = document.getElementById("changes-filter");
  if (!form) return; // not the changes page, or a history without changes
  const items = document.querySelectorAll("ul.gs-history > li[data-provider]");
  readQuery(form, location.search);
  apply(form, items);
  form.hidden = false;
  form.addEventListener("change", () => {
    apply(form, items);
    writeQuery(form);
  });
  form.addEventListener("submit", (event) => event.preventDefault());
}

start();
