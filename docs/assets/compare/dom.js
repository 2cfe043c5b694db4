/* Writes to the page that happen only when they change something: a write of the same value still
 * makes the browser style, lay out and paint the element again, and a preset sets every control. */

export function setText(element, text) {
  if (element.textContent !== text) element.textContent = text;
}

export function setAttribute(element, name, value) {
  if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

/* A data-* attribute by its dataset name; undefined removes it. */
export function setData(element, name, value) {
  if (value === undefined) {
    if (name in element.dataset) delete element.dataset[name];
  } else if (element.dataset[name] !== value) element.dataset[name] = value;
}

/* A control's property: its value or whether it is checked. */
export function setProperty(control, name, value) {
  if (control[name] !== value) control[name] = value;
}
