// Drawing: the screen and the top bar's tools, morphed in place (web/morph.js) so
// that focus and the caret stay where they were; the focus the app moves itself; a
// panel that comes into view scrolled into sight; the document's language, theme
// and title.
import { root } from "./state.js";

// Focus the app moves itself is not the player's: see the focusin listener
// (./events.js).
export let appFocusing = false;
export function focusEl(el) {
  appFocusing = true;
  try { el.focus({ preventScroll: true }); } finally { appFocusing = false; }
}

let pendingFocus = "";

// The "focus" operation: the element now, or the one the coming render draws.
export function focusOn(selector) {
  const el = document.querySelector(selector);
  if (el) focusEl(el);
  else pendingFocus = selector; // drawn by the coming render
}

export function forgetFocus() {
  pendingFocus = "";
}

// A focused text field's value and selection: a redraw that arrives while the
// player types (a download finishing, a timer) must not move the caret.
function caretOf(el) {
  if (!el || (el.tagName !== "INPUT" && el.tagName !== "TEXTAREA")) return null;
  try {
    if (typeof el.selectionStart !== "number") return null;
    return [el.value, el.selectionStart, el.selectionEnd, el.selectionDirection];
  } catch (e) {
    return null; // a type with no selection (checkbox, number, …)
  }
}

function restoreCaret(el, caret) {
  if (el.tagName !== "INPUT" && el.tagName !== "TEXTAREA") return;
  let [value, start, end, direction] = caret;
  try {
    if (el.value !== value) start = end = el.value.length; // the text changed under it
    el.setSelectionRange(start, end, direction);
  } catch (e) { /* no selection on this type */ }
}

function draw(el, html) {
  if (window.zariaMorph) window.zariaMorph(el, html);
  else el.innerHTML = html;
}

// A panel that comes into view at a player's request or for their next step
// (data-reveal: a game's coach; data-reveal="first": a pad for real dice, even on a
// screen just opened) and lands under the buttons kept at the bottom of a phone's
// screen (data-pinned) is scrolled into sight above them, its top kept in view.
let revealing = null; // what was in view before the answer being applied
let newScreen = false; // whether that answer opened a screen (scrolled to its top)

function revealed() {
  return new Set([...document.querySelectorAll("[data-reveal]")].map((el) => el.id));
}

function reveal(before) {
  for (const el of document.querySelectorAll("[data-reveal]")) {
    if (before.has(el.id)) continue; // in view before: where the player left it
    // A screen just opened shows its top, unless the panel is the first step (a pad).
    if (newScreen && el.dataset.reveal !== "first") continue;
    const bar = document.querySelector("[data-pinned]");
    if (!bar || getComputedStyle(bar).position !== "sticky") continue;
    const box = el.getBoundingClientRect(), top = bar.getBoundingClientRect().top;
    // No further than keeps the buttons held at the bottom: scrolled past the end of
    // their card, they would move with whatever grows above them.
    const held = bar.parentElement.getBoundingClientRect().bottom - innerHeight;
    const by = Math.min(box.bottom - top + 8, box.top - 8, held);
    if (by > 0) window.scrollBy({ top: by, behavior: "instant" });
  }
}

// Once all the operations of an answer are applied: the panels it brought into view
// (after a scroll to the top).
export function afterAnswer() {
  if (revealing) { reveal(revealing); revealing = null; }
  newScreen = false;
}

// The "top" operation: a screen opened, shown from its top.
export function toTop() {
  window.scrollTo(0, 0);
  newScreen = true;
}

export function render(screenHtml, toolsHtml) {
  window.zariaPy.renders += 1; // for the tests: a redraw has happened
  const active = document.activeElement;
  const focusId = active && active.id ? active.id : "";
  const caret = focusId ? caretOf(active) : null;
  if (!revealing) revealing = revealed();
  draw(document.getElementById("screen"), screenHtml);
  draw(document.getElementById("topbar-tools"), toolsHtml);
  if (pendingFocus) {
    const target = document.querySelector(pendingFocus);
    pendingFocus = "";
    if (target) { focusEl(target); return; }
  }
  if (focusId && document.activeElement !== active) {
    const again = document.getElementById(focusId);
    if (again && !again.matches(":disabled")) {
      focusEl(again);
      if (caret) restoreCaret(again, caret);
    }
  }
}

export function setDocument(lang, theme, title) {
  root.lang = lang;
  root.dataset.theme = theme;
  document.title = title;
  const brand = document.getElementById("brand-name");
  if (brand) brand.textContent = title;
}

// An error the app did not expect: a notice above the screen.
export function showFatal(text) {
  const note = document.createElement("p");
  note.className = "notice error-notice";
  note.setAttribute("role", "alert");
  note.textContent = text;
  const screen = document.getElementById("screen");
  if (screen) screen.prepend(note);
}
