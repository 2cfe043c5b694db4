/* One helper every module needs: a plain object's own key, never one it inherits ("constructor",
 * "__proto__", "toString"), so that a name from the page or the URL cannot reach Object.prototype. */

export function own(object, key) {
  return Object.prototype.hasOwnProperty.call(object, key);
}
