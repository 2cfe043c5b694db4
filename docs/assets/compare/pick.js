/* The offerings a reader ticks to compare side by side, as the URL's "pick" holds them: ids
 * "<provider-id>:<offering number>" (the number counts from 1 within the provider, as its page does),
 * joined by commas in the order they were ticked. Pure: no DOM. */

/* An offering's id: "alpha-cloud:2". */
export function offeringId(providerId, number) {
  return providerId + ":" + number;
}

/* The ids a "pick" value lists, each once, in its order. */
export function pickedIds(value) {
  const ids = [];
  (value ? value.split(",") : []).forEach((id) => {
    if (id && ids.indexOf(id) === -1) ids.push(id);
  });
  return ids;
}

/* The "pick" value with `id` ticked (added last) or unticked (left out). */
export function togglePick(value, id, ticked) {
  const ids = pickedIds(value).filter((picked) => picked !== id);
  if (ticked) ids.push(id);
  return ids.join(",");
}
