/* Each offering's row opens in place to its details, the row after it (tr.gs-more). The row's name is
 * a button saying whether they are open (aria-expanded); the page writes it open, as the details stand
 * without the script, and this folds them. The button is in the page from the start, so nothing moves
 * when the script starts. */

function setOpen(button, open) {
  button.setAttribute("aria-expanded", String(open));
  const details = button.closest("tr").nextElementSibling;
  details.classList.toggle("gs-open", open);
  return details;
}

/* Folds every row's details; one listener on the table opens and closes them, and hands each row it
 * opens to `opened` (which adds the sources' words: quotes.js). */
export function addDisclosures(table, opened) {
  table.querySelectorAll("button.gs-disclose").forEach((button) => setOpen(button, false));
  table.addEventListener("click", (event) => {
    const button = event.target.closest("button.gs-disclose");
    if (!button) return;
    const open = button.getAttribute("aria-expanded") !== "true";
    const details = setOpen(button, open);
    if (open) opened(details);
  });
}
