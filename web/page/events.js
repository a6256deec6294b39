// The page's events, sent to the app once it runs (web/early.js has them before):
// taps and clicks on data-act elements, fields as they change, the keyboard's
// shortcuts, focus moved onto data-focus-act elements, another tab's writes to
// storage, Back and Forward, the system's dark mode.
import { app } from "./state.js";
import { send } from "./calls.js";
import { appFocusing, focusEl } from "./draw.js";

const TEXT_FIELDS = ["INPUT", "TEXTAREA", "SELECT"];
// Keys that are never a shortcut on their own.
const MODIFIERS = new Set(["Shift", "Control", "Alt", "Meta", "AltGraph", "CapsLock", "Tab", "Dead"]);
// The keys the screen shown takes (the "keys" operation): the page's own use of
// them is prevented.
let takenKeys = new Set();

export function takeKeys(keys) {
  takenKeys = new Set(keys);
}

const dataOf = (el) => Object.assign({}, el.dataset);

document.addEventListener("click", (evt) => {
  if (!app.live) return; // the early script has the page, or it is restarting
  const anchor = evt.target.closest && evt.target.closest('a[href^="#"]');
  if (anchor) {
    // An in-page link (the rules' contents) scrolls to its heading without adding
    // a history entry, so Back keeps meaning "the previous screen".
    evt.preventDefault();
    const heading = document.getElementById(anchor.getAttribute("href").slice(1));
    if (heading) { heading.scrollIntoView(); focusEl(heading); }
    return;
  }
  const el = evt.target.closest && evt.target.closest("[data-act]");
  if (!el || el.matches(":disabled") || el.getAttribute("aria-disabled") === "true") return;
  if (TEXT_FIELDS.includes(el.tagName)) return; // fields report on change
  if (el.tagName === "A" || el.tagName === "SUMMARY") evt.preventDefault(); // the app draws it
  // A double tap or click is one press: one roll, not two. A keypad's keys
  // (data-repeat) take each tap: a throw may have the same face three times.
  if (evt.detail > 1 && !el.hasAttribute("data-repeat")) return;
  const data = dataOf(el);
  const act = data.act;
  delete data.act;
  send("action", { act, data }, evt);
});

function onField(evt) {
  if (!app.live) return;
  const el = evt.target;
  if (!el || !TEXT_FIELDS.includes(el.tagName) || !el.dataset.act) return;
  const typed = (el.tagName === "INPUT" || el.tagName === "TEXTAREA") && el.type !== "checkbox" && el.type !== "radio";
  // Text is reported as it is typed; its change event (on blur) would redraw the
  // page under the pointer that caused the blur, swallowing its click. Selects and
  // boxes report once, on change.
  if (typed ? evt.type === "change" : evt.type === "input") return;
  const data = dataOf(el);
  const act = data.act;
  delete data.act;
  data.value = el.type === "checkbox" ? (el.checked ? "on" : "off") : String(el.value);
  data.event = evt.type;
  send("action", { act, data }, evt);
}
document.addEventListener("change", onField);
// The player moving the focus onto an element with data-focus-act by keyboard is the
// app's to know: moving into a game's score sheet stops its countdown. (A pointer's focus
// comes with its click, which says more.)
let pointing = false;
document.addEventListener("pointerdown", () => { pointing = true; }, true);
document.addEventListener("keydown", () => { pointing = false; }, true);
document.addEventListener("focusin", (evt) => {
  if (!app.live || appFocusing || pointing) return;
  const el = evt.target.closest && evt.target.closest("[data-focus-act]");
  if (el) send("action", { act: el.dataset.focusAct, data: {} }, evt);
});
document.addEventListener("input", onField);

document.addEventListener("keydown", (evt) => {
  if (!app.live) return;
  const key = evt.key;
  if (evt.repeat) {
    // A held-down key is one press, not a roll and a re-roll. Held Enter would
    // also click the focused button again and again (into the next turn).
    if ((key === " " || key === "Enter") && !evt.defaultPrevented) evt.preventDefault();
    return;
  }
  if (evt.ctrlKey || evt.metaKey || evt.altKey || evt.defaultPrevented) return;
  const target = evt.target;
  // Text and lists take every key; a checkbox only Space and Enter, so the game's
  // shortcuts still work after ticking one.
  const inField = target && TEXT_FIELDS.includes(target.tagName);
  if (inField && ((target.type !== "checkbox" && target.type !== "radio") || key === " " || key === "Enter")) return;
  if ((key === " " || key === "Enter") && target && (target.tagName === "BUTTON" || target.tagName === "A")) return;
  if (MODIFIERS.has(key)) return;
  if (arrowThrough(target, key)) { evt.preventDefault(); return; }
  // Every other key goes to Python, which knows the screen it lands on (a key
  // typed right after another may meet the screen that one draws); the page's
  // own use of the key (Space scrolls) is prevented for the keys the screen shown
  // takes.
  if (takenKeys.has(key)) evt.preventDefault();
  send("key", { key }, evt);
});

// In a group of buttons marked data-arrows (a score sheet's boxes), the Up and Down
// arrows move the focus to the previous or next button that may be pressed, round the
// ends: the page's own, as a list's arrows are, each button read as it is reached.
function arrowThrough(target, key) {
  if (key !== "ArrowDown" && key !== "ArrowUp") return false;
  const group = target && target.tagName === "BUTTON" && target.closest("[data-arrows]");
  if (!group) return false;
  const buttons = [...group.querySelectorAll("button:not(:disabled)")];
  const at = buttons.indexOf(target);
  if (at < 0) return false;
  buttons[(at + (key === "ArrowDown" ? 1 : buttons.length - 1)) % buttons.length].focus();
  return true;
}

window.addEventListener("storage", (evt) => {
  // Another tab changed localStorage (key null: it was cleared).
  if (!app.live || evt.storageArea !== localStorage) return;
  send("storage", { key: evt.key, value: evt.newValue });
});

window.addEventListener("popstate", () => {
  if (!app.live) return;
  send("popstate", { state: history.state, hash: location.hash });
});

matchMedia("(prefers-color-scheme: dark)").addEventListener("change", (e) => {
  if (app.live) send("dark", { dark: e.matches });
});
