/* The tools form (#comparison-tools) and the view's state, both ways: controls set from the state,
 * the state read from the controls, the hint for amounts that are no number, and each filter
 * choice's count of what it would leave. */

import { setAttribute, setProperty, setText } from "./dom.js";
import { own } from "./own.js";
import { AMOUNTS, LIST_KEYS, amountLimit, presetChanged } from "./state.js";

export function toolsForm(form, settings, wording) {
  const strings = settings.strings;
  const numbers = wording.numbers;
  const explanation = document.getElementById("preset-explanation");
  const explanationRoom = document.getElementById("preset-explanation-room");
  const hint = document.getElementById("calc-hint");
  const rateNote = document.getElementById("calc-rate");
  const presetButtons = form.querySelectorAll("[data-preset]");
  const selects = settings.filters
    .map((name) => form.elements[name])
    .filter((control) => control && control.tagName === "SELECT");
  const countSpans = form.querySelectorAll(".gs-option-count");

  // the controls that hold a key of the state (the preset buttons have no name)
  function eachControl(state, act) {
    Array.prototype.forEach.call(form.elements, (control) => {
      if (control.name && own(state, control.name)) act(control);
    });
  }

  /* The hint for an amount that is no number up to `limit`; none when false. */
  function showHint(limit) {
    const example = numbers.forInput(1.5);
    setText(hint, limit ? wording.fill(strings.invalid, { max: limit, example: example }) : "");
  }

  /* Every control as the state says, the chosen preset pressed and explained, the currency's rate. */
  function show(state) {
    const lists = {};
    LIST_KEYS.forEach((key) => {
      lists[key] = state[key] ? state[key].split(",") : [];
    });
    eachControl(state, (control) => {
      const name = control.name;
      if (own(lists, name)) setProperty(control, "checked", lists[name].indexOf(control.value) !== -1);
      else if (control.type === "checkbox") setProperty(control, "checked", state[name] === control.value);
      else if (name === "dir") setProperty(control, "value", state.dir === "desc" ? "desc" : "asc");
      else if (AMOUNTS.indexOf(name) !== -1) {
        // the amount being typed stays as typed ("1," on the way to "1,5")
        if (document.activeElement === control) return;
        setProperty(control, "value", state[name] ? numbers.forInput(state[name]) : "");
      } else setProperty(control, "value", state[name] || "");
    });
    const changed = presetChanged(state, settings.presets);
    let chosenLabel = "";
    presetButtons.forEach((button) => {
      const chosen = button.dataset.preset !== "" && button.dataset.preset === state.preset;
      setAttribute(button, "aria-pressed", String(chosen));
      button.classList.toggle("gs-changed", chosen && changed);
      if (chosen) chosenLabel = button.textContent;
    });
    const explained = state.preset && own(strings.explain, state.preset) ? strings.explain[state.preset] : "";
    const shown = explained && changed
      ? wording.fill(strings.preset_changed, { preset: chosenLabel, explanation: explained })
      : explained;
    setText(explanation, shown);
    explanationRoom.classList.toggle("gs-explaining", Boolean(explained));
    setText(rateNote, state.cur && own(settings.rates, state.cur) ? settings.rates[state.cur].note : "");
  }

  /* The state from the controls; an amount that is no number is marked and keeps its last value. */
  function read(state) {
    const lists = {};
    LIST_KEYS.forEach((key) => {
      lists[key] = [];
    });
    let invalid = false; // or the limit of the amount that is no number within it
    eachControl(state, (control) => {
      const name = control.name;
      if (own(lists, name)) {
        if (control.checked) lists[name].push(control.value);
      } else if (control.type === "checkbox") state[name] = control.checked ? control.value : "";
      else if (AMOUNTS.indexOf(name) !== -1) {
        const value = numbers.parse(control.value);
        const limit = amountLimit(name, settings.hours_per_month);
        const bad = value !== null && (isNaN(value) || value > limit);
        setAttribute(control, "aria-invalid", String(bad));
        if (bad) invalid = limit;
        else state[name] = value === null ? "" : String(value);
      } else state[name] = control.value.trim();
    });
    LIST_KEYS.forEach((key) => {
      state[key] = lists[key].join(",");
    });
    if (!state.sort) state.dir = "";
    showHint(invalid);
  }

  /* The values the controls offer, by name ({sort: ["product", "cost", ...], kind: [...], egress:
   * ["free"], ...}); text fields offer no list. */
  function offered() {
    const choices = {};
    Array.prototype.forEach.call(form.elements, (control) => {
      let values = null;
      if (control.tagName === "SELECT") values = Array.prototype.map.call(control.options, (o) => o.value);
      else if (control.type === "checkbox") values = [control.value];
      if (!control.name || !values) return;
      const known = own(choices, control.name) ? choices[control.name] : [];
      choices[control.name] = known.concat(values.filter(Boolean));
    });
    return choices;
  }

  /* Empty amount fields without a mark or hint (a reset). */
  function clearAmounts() {
    AMOUNTS.forEach((name) => {
      setProperty(form.elements[name], "value", "");
      form.elements[name].removeAttribute("aria-invalid");
    });
    showHint(false);
  }

  /* ' (12)', ' (none)': in the language's brackets, as the page words it (contract.COUNT_WORDING). */
  function countText(n) {
    return wording.count("choice", { text: n });
  }

  /* Each choice says how many offerings it would leave (filter.js tallies); those leaving none are marked. */
  function showCounts(tallies) {
    selects.forEach((select) => {
      Array.prototype.forEach.call(select.options, (option) => {
        if (!option.value) return;
        const n = tallies[select.name][option.value] || 0;
        setText(option, option.dataset.label + countText(n));
        option.classList.toggle("gs-none-left", n === 0);
      });
    });
    countSpans.forEach((span) => {
      const key = span.dataset.for.split(":");
      const n = tallies[key[0]][key[1]] || 0;
      setText(span, countText(n));
      span.closest("label").classList.toggle("gs-none-left", n === 0);
    });
  }

  return {
    show: show,
    read: read,
    offered: offered,
    showHint: showHint,
    clearAmounts: clearAmounts,
    showCounts: showCounts,
  };
}
