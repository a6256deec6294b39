/* Early actions: the page drawn ahead by the build (tools/prerender.py) works
 * before the app has started. A game's card shows its new game form, Back and
 * the brand show home again, names can be typed, boxes ticked, the language and
 * the theme changed; anything else the drawn page cannot show (Start, Rules, …)
 * marks the pressed button busy, with a line saying it happens once the game has
 * loaded. Every action is recorded, in order, for the app to play once it runs.
 *
 * Contract with the app's start (web/boot.js):
 *
 * - window.zariaEarly.drain() returns the list of the actions taken, each
 *   {kind: "click" | "input" | "change", act, data}, where act and data are
 *   exactly what the live handlers (web/page/events.js) send as an action: data is
 *   the element's dataset without "act", plus "value" and "event" for a field.
 *   Recording stops, and so does every listener of this file, for good.
 * - window.zariaEarly.replay(send, redraw) drains, calls send(kind, act, data)
 *   (data: a plain object of strings) for each action in order, then redraw()
 *   once if there was any (typed text is applied without being drawn), then
 *   gives the focus and caret back to the field that had them, when the app
 *   shows it and has focused nothing in particular. Returns a promise of the
 *   number of actions. When send or redraw returns a promise (an app in a
 *   worker), each is awaited before the next step; after a step home from a
 *   game's screen, the actions that follow also wait until the browser has
 *   stepped back through the history.
 *
 * window.zariaPre (the inline script after <main>) draws the templates.
 */
(function () {
  "use strict";
  var root = document.documentElement;
  var pre = window.zariaPre;
  if (!pre || window.zariaEarly) return;
  var FIELDS = { INPUT: 1, TEXTAREA: 1, SELECT: 1 };
  var log = [];
  var live = true;
  // Whether the screen shown is still the one the app will show: not after an
  // action that only the app can carry out.
  var known = true;
  // The fields' values and boxes of each screen left, by id (the app keeps its
  // form when its screen is left, and across a change of language).
  var values = {};
  // The field that has the focus, and its caret (the app's first drawing
  // replaces the page before the actions are played).
  var focused = null;

  function dataset(el) {
    var data = {};
    Object.keys(el.dataset).forEach(function (k) { data[k] = String(el.dataset[k]); });
    return data;
  }

  function record(kind, el, extra) {
    var data = dataset(el), act = data.act;
    delete data.act;
    Object.keys(extra).forEach(function (k) { data[k] = extra[k]; });
    log.push({ kind: kind, act: act, data: data });
    return { act: act, data: data };
  }

  function screenEl() { return document.getElementById("screen"); }

  function focus(el) { if (el) el.focus({ preventScroll: true }); }

  function capture() {
    var kept = {};
    screenEl().querySelectorAll("input[id], select[id], textarea[id]").forEach(function (f) {
      kept[f.id] = f.type === "checkbox" || f.type === "radio" ? f.checked : f.value;
    });
    values[pre.screen] = kept;
  }

  function restore(screen) {
    var kept = values[screen] || {};
    Object.keys(kept).forEach(function (id) {
      var f = document.getElementById(id);
      if (!f) return;
      if (typeof kept[id] === "boolean") f.checked = kept[id];
      else f.value = kept[id];
    });
  }

  function go(screen) {
    capture();
    pre.show(screen);
    restore(screen);
    window.scrollTo(0, 0);
    focus(screenEl()); // as the app does on a new screen
  }

  function setLanguage(lang) {
    if (!document.getElementById("pre-home-" + lang)) return;
    capture();
    root.lang = lang;
    if (known) {
      pre.show(pre.screen);
      restore(pre.screen);
    }
    pre.tools();
    focus(document.getElementById("lang"));
  }

  // The theme button's next theme, as the app chooses it (App.next_theme): the
  // scheme not shown now; the one the system shows means following the system.
  function switchTheme() {
    var current = root.dataset.theme || "system";
    var system = window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
    var shown = current === "light" || current === "dark" ? current : system;
    var wanted = shown === "dark" ? "light" : "dark";
    root.dataset.theme = wanted === system ? "system" : wanted;
    pre.tools();
    focus(document.getElementById("theme"));
  }

  // A pressed button whose action waits for the app: busy, with a line saying so.
  function wait(el, kind) {
    el.setAttribute("aria-busy", "true");
    var screen = screenEl();
    if (!screen.contains(el)) return;
    var words = document.getElementById("pre-words-" + root.lang);
    var line = words && words.content.querySelector('[data-early="' + kind + '"]');
    if (!line) return;
    line = line.cloneNode(true);
    screen.querySelectorAll(".early-note").forEach(function (n) { n.remove(); });
    var slot = el.closest(".game-slot"), row = el.closest(".btn-row");
    if (slot) slot.appendChild(line);
    else if (row) row.after(line);
    else el.after(line);
  }

  function act(name, data, el) {
    var game = data.game;
    if (known && name === "open" && pre.games.indexOf(game) >= 0 && !pre.saved(game)) {
      go(game);
    } else if (known && name === "home") {
      go("home");
    } else if (name === "theme") {
      switchTheme();
    } else {
      known = false;
      wait(el, name === "start" ? "start" : "wait");
    }
  }

  function onClick(evt) {
    var target = evt.target;
    if (!(target instanceof Element) || target.closest('a[href^="#"]')) return;
    var el = target.closest("[data-act]");
    if (!el || el.matches(":disabled") || el.getAttribute("aria-disabled") === "true") return;
    if (FIELDS[el.tagName]) return; // fields report on change
    if (el.tagName === "A" || el.tagName === "SUMMARY") evt.preventDefault();
    if (evt.detail > 1 && !el.hasAttribute("data-repeat")) return; // a double tap is one press
    if (el.getAttribute("aria-busy") === "true") return; // pressed already: it waits
    var done = record("click", el, {});
    act(done.act, done.data, el);
  }

  function onField(evt) {
    var el = evt.target;
    if (!el || !FIELDS[el.tagName] || !el.dataset.act) return;
    var text = (el.tagName === "INPUT" || el.tagName === "TEXTAREA") &&
      el.type !== "checkbox" && el.type !== "radio";
    if (text ? evt.type === "change" : evt.type === "input") return; // as the live handler
    var value = el.type === "checkbox" ? (el.checked ? "on" : "off") : String(el.value);
    var done = record(evt.type, el, { value: value, event: evt.type });
    if (done.act === "lang") setLanguage(value);
    note();
  }

  // Where the focus and caret are, kept as the player moves them.
  function note() {
    var el = document.activeElement;
    if (!el || !el.id || el === document.body) return;
    focused = { id: el.id, start: null, end: null, direction: "none" };
    if (el.tagName === "INPUT" || el.tagName === "TEXTAREA") {
      try {
        focused.start = el.selectionStart;
        focused.end = el.selectionEnd;
        focused.direction = el.selectionDirection || "none";
      } catch (e) { /* a field without a caret */ }
    }
  }

  var LISTENERS = [
    ["click", onClick], ["input", onField], ["change", onField],
    ["focusin", note], ["keyup", note], ["pointerup", note], ["select", note]
  ];
  LISTENERS.forEach(function (l) { document.addEventListener(l[0], l[1]); });

  function drain() {
    if (live) {
      live = false;
      LISTENERS.forEach(function (l) { document.removeEventListener(l[0], l[1]); });
    }
    var out = log;
    log = [];
    return out;
  }

  function refocus(was) {
    var again = was && document.getElementById(was.id), now = document.activeElement;
    if (!again || again === now || again.matches(":disabled")) return;
    if (now && now !== document.body && now.id !== "screen") return; // the app chose
    focus(again);
    if (was.start !== null && was.end !== null) {
      try { again.setSelectionRange(was.start, was.end, was.direction); } catch (e) { /* no caret */ }
    }
  }

  // ``then`` once the browser has stepped back through the history (or after a
  // second, should it not), after the app has heard of it.
  function landed(then) {
    var done = false, timer = 0;
    function go() {
      if (done) return;
      done = true;
      window.removeEventListener("popstate", go);
      clearTimeout(timer);
      setTimeout(then, 0);
    }
    window.addEventListener("popstate", go);
    timer = setTimeout(go, 1000);
  }

  function replay(send, redraw) {
    var was = focused;
    var list = drain(), i = 0;
    return new Promise(function (resolve) {
      function finish() {
        var drawn = list.length && redraw ? redraw() : null;
        Promise.resolve(drawn).then(function () {
          if (list.length) refocus(was);
          resolve(list.length);
        });
      }
      function next() {
        while (i < list.length) {
          var r = list[i++];
          // The app's history entries say how far from home they are (web/page/history.js).
          var depth = (history.state && history.state.depth) || 0;
          var sent = send(r.kind, r.act, r.data);
          // Going home from a screen above it, the app steps back through the
          // history, which takes a moment: a screen opened in the same moment
          // would be written over the wrong entry.
          var back = r.act === "home" && depth > 0 && i < list.length;
          var then = back ? function () { landed(next); } : next;
          if (sent && typeof sent.then === "function") return sent.then(then, then);
          if (back) return then();
        }
        finish();
      }
      next();
    });
  }

  window.zariaEarly = { drain: drain, replay: replay };
})();
