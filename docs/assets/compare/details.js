/* An offering's details (every value with its marks, its sources with their dates and words), as its
 * provider's page shows them below the offering's heading. The comparison does not carry them: a row
 * carries what a reader compares. A row opened (disclose.js), or an offering compared side by side
 * (side.js), reads its provider's details file once (settings.details_file, beside the provider's page:
 * the same markup, render_html.offering_details) and takes its offering's block from it. Without the
 * script, the row's name links to that block on the provider's page. */

/* `block` made at home in the comparison: its ids take `prefix` (two providers' blocks both hold
 * "source-1-1"), a link to an id within it follows, and every other link, written for the provider's
 * page, becomes absolute from `pageUrl`. The pure part of reading a block. */
export function adopt(block, prefix, pageUrl) {
  const ids = new Set();
  [block].concat(Array.from(block.querySelectorAll("[id]"))).forEach((element) => {
    if (!element.id) return;
    ids.add(element.id);
    element.id = prefix + element.id;
  });
  block.querySelectorAll("a[href]").forEach((link) => {
    const href = link.getAttribute("href");
    const local = href.charAt(0) === "#" && ids.has(href.slice(1));
    link.setAttribute("href", local ? "#" + prefix + href.slice(1) : new URL(href, pageUrl).href);
  });
  return block;
}

/* The markup of a details file, parsed inert (a <template> loads no image and runs no script). */
function parsed(text) {
  const template = document.createElement("template");
  template.innerHTML = text;
  return template.content;
}

/* A function that gives an offering's details block, a new copy each time, from the link to them on its
 * provider's page ("providers/runpod/#offering-1"): a promise, rejected when the file cannot be read.
 * Each provider's file is requested once. */
export function detailsReader(fileName) {
  const files = new Map(); // a provider page's address -> the promise of its parsed details file
  return function detailsOf(link) {
    const target = new URL(link.href);
    const id = decodeURIComponent(target.hash.slice(1));
    target.hash = "";
    const page = target.href;
    if (!files.has(page)) {
      const request = fetch(new URL(fileName, page))
        .then((response) => (response.ok ? response.text() : Promise.reject(new Error(response.status))))
        .then(parsed);
      request.catch(() => files.delete(page)); // a later opening tries again
      files.set(page, request);
    }
    return files.get(page).then((file) => {
      const block = file.getElementById(id);
      if (!block) throw new Error(`no ${id} in ${page}`);
      const prefix = page.split("/").filter(Boolean).pop() + "-"; // the provider's id
      return adopt(document.importNode(block, true), prefix, page);
    });
  };
}
