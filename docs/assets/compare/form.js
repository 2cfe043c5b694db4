/* The tools form (#comparison-tools) and the view's state, both ways: controls set from the state,
 * the state read from the controls, the hint for amounts that are no number, and each filter
 * choice's count of what it would leave. */

import { setAttribute, setProperty, setText } from "./dom.js";
import { own } from "./own.js";
import { AMOUNTS, LIST_KEYS, amountLimit, presetChanged } from "./state.js";

/* The controls of `form` that hold a key of the state (the preset buttons have no name). */
function eachControl(form, state, act) {
  Array.prototype.forEach.call(form.elements, (control) => {
    if (control.name && own(state, control.name)) act(control);
  });
}

/* Every control as the state says; an amount being typed stays as typed ("1," on the way to "1,5"). */
function setControls(form, state, numbers) {
  const lists = {};
  LIST_KEYS.forEach((key) => {
    lists[key] = state[key] ? state[key].split(",") : [];
  });
  eachControl(form, state, (control) => {
    const name = control.name;
    if (own(lists, name)) setProperty(control, "checked", lists[name].indexOf(control.value) !== -1);
    else if (control.type === "checkbox") setProperty(control, "checked", state[name] === control.value);
    else if (name === "dir") setProperty(control, "value", state.dir === "desc" ? "desc" : "asc");
    else if (AMOUNTS.indexOf(name) !== -1) {
      if (document.activeElement === control) return;
      setProperty(control, "value", state[name] ? numbers.forInput(state[name]) : "");
    } else setProperty(control, "value", state[name] || "");
  });
}

/* The chosen preset pressed (marked as changed once the reader changes its view) and explained. */
function showPreset(buttons, explanation, room, state, settings, wording) {
  const strings = settings.strings;
  const changed = presetChanged(state, settings.presets);
  let chosenLabel = "";
  buttons.forEach((button) => {
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
  room.classList.toggle("gs-explaining", Boolean(explained));
}

/* The state from the controls; an amount that is no number up to its limit is marked and keeps its
 * last value. Returns that limit (false when every amount reads). */
function readControls(form, state, numbers, hoursPerMonth) {
  const lists = {};
  LIST_KEYS.forEach((key) => {
    lists[key] = [];
  });
  let invalid = false;
  eachControl(form, state, (control) => {
    const name = control.name;
    if (own(lists, name)) {
      if (control.checked) lists[name].push(control.value);
    } else if (control.type === "checkbox") state[name] = control.checked ? control.value : "";
    else if (AMOUNTS.indexOf(name) !== -1) {
      const value = numbers.parse(control.value);
      const limit = amountLimit(name, hoursPerMonth);
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
  return invalid;
}

/* The values the controls of `form` offer, by name ({sort: ["product", "cost", ...], kind: [...],
 * egress: ["free"], ...}); text fields offer no list. */
function offeredChoices(form) {
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

/* Each choice says how many offerings it would leave (filter.js tallies), ' (12)', ' (none)' as the
 * page words it (contract.COUNT_WORDING); those leaving none are marked. */
function showChoiceCounts(selects, countSpans, tallies, wording) {
  const countText = (n) => wording.count("choice", { text: n });
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

  /* The hint for an amount that is no number up to `limit`; none when false. */
  function showHint(limit) {
    const example = numbers.forInput(1.5);
    setText(hint, limit ? wording.fill(strings.invalid, { max: limit, example: example }) : "");
  }

  /* Every control as the state says, the chosen preset pressed and explained, the currency's rate. */
  function show(state) {
    setControls(form, state, numbers);
    showPreset(presetButtons, explanation, explanationRoom, state, settings, wording);
    setText(rateNote, state.cur && own(settings.rates, state.cur) ? settings.rates[state.cur].note : "");
  }

  /* Empty amount fields without a mark or hint (a reset). */
  function clearAmounts() {
    AMOUNTS.forEach((name) => {
      setProperty(form.elements[name], "value", "");
      form.elements[name].removeAttribute("aria-invalid");
    });
    showHint(false);
  }

  return {
    show: show,
    read: (state) => showHint(readControls(form, state, numbers, settings.hours_per_month)),
    offered: () => offeredChoices(form),
    showHint: showHint,
    clearAmounts: clearAmounts,
    showCounts: (tallies) => showChoiceCounts(selects, countSpans, tallies, wording),
  };
}
