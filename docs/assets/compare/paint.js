/* Work that waits for the browser's next paint: what the reader touched is painted first, and a burst
 * of changes (typing an amount) costs the work once. The comparison's table and the planner's results
 * follow their controls this way. */

/* `task` to run once the browser has painted (a frame's callbacks run just before its paint, a task
 * they queue after it), `pause` milliseconds later; a run asked for since replaces the one waiting. */
export function afterPaint(task) {
  let timer = null;
  return function runAfterPaint(pause) {
    requestAnimationFrame(() => {
      window.clearTimeout(timer);
      timer = window.setTimeout(task, pause);
    });
  };
}
