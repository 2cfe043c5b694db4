/* The sources' own words in a row's details. They are not written into the comparison: a hundred
 * rows' quotes would make the page a third heavier, and most readers open few rows. The first row a
 * reader opens reads the site's providers.json (the API file, on this site) once; each opened row then
 * shows, under each value, the words its sources state it with, in the sources' language. Without
 * the script, or while the file cannot be read, the details link to the provider's page, which shows
 * every quote. */

/* The quotes of one offering, by fact: [{source: its number, lang, text}], in source order. The pure
 * part, tested with Node. */
export function quotesOf(providers, providerId, offeringNumber) {
  const provider = providers.find((p) => p.id === providerId);
  const offering = provider && provider.offerings[offeringNumber - 1];
  const byFact = new Map();
  if (!offering) return byFact;
  offering.sources.forEach((source, index) => {
    for (const [fact, text] of Object.entries(source.quote || {})) {
      if (!byFact.has(fact)) byFact.set(fact, []);
      byFact.get(fact).push({ source: index + 1, lang: source.lang, text: text });
    }
  });
  return byFact;
}

function quoteElement(quote) {
  const line = document.createElement("small");
  line.className = "gs-quote";
  line.append(`[${quote.source}] `);
  const q = document.createElement("q");
  q.lang = quote.lang;
  q.textContent = quote.text; // text, never markup
  line.append(q);
  return line;
}

function showQuotes(details, providers) {
  if (details.dataset.quoted) return;
  details.dataset.quoted = "yes";
  const quotes = quotesOf(providers, details.dataset.provider, Number(details.dataset.offering));
  details.querySelectorAll("li[data-fact]").forEach((item) => {
    for (const quote of quotes.get(item.dataset.fact) || []) item.append(quoteElement(quote));
  });
}

/* A function that shows an opened details row's quotes, reading providers.json on its first call. */
export function quoteShower(url) {
  let providers = null; // the file's request, made once
  return (details) => {
    if (!url) return;
    providers =
      providers ||
      fetch(url)
        .then((response) => (response.ok ? response.json() : Promise.reject(response.status)))
        .then((data) => data.providers);
    providers.then((list) => showQuotes(details, list)).catch(() => {});
  };
}
