/* Early actions: the page drawn ahead by the build (tools/prerender.py) works
 * before the app has started. A game's card shows its new game form, Back and
 * the brand show home again, names can be typed, a player added, boxes ticked,
 * the language and the theme changed; a daily's or a duel link's address shows
 * its introduction; anything else the drawn page cannot show (Start, Rules, …)
 * marks the pressed button busy, with a line saying it happens once the game has
 * loaded. Every action is recorded, in order, for the app to play once it runs.
 *
 * The build writes this script into the page's head (tools/build.py), so that it
 * listens from the first paint: a tap never waits for a script still downloading
 * while the runtime's own download fills the line. What it draws comes from the
 * templates at the end of the page; a tap made before they have been read is
 * recorded at once and drawn once they have been.
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
 * window.zariaPre draws the templates; the page calls zariaPre.first() once they
 * have been read, before the first paint, to draw the screen of its address.
 */
(function () {
  "use strict";
  var root = document.documentElement;
  if (window.zariaEarly) return;
  // What the app keeps in localStorage that decides what it shows first (a game in
  // progress is resumed; a daily played today shows its result).
  var SAVE = "zaria.save.", DAILY_DAYS = "zaria.daily";
  // A duel link's token (py/zaria_web/duel.py): its version, its longest, the most
  // results and the highest score it carries, the longest seed.
  var TOKEN = { version: 1, most: 4000, players: 6, score: 1000000, seed: 100, name: 24 };

  function copy(id) {
    var t = document.getElementById(id);
    return t ? t.content.cloneNode(true) : null;
  }

  // ``fn`` once the page has been read (its templates are at its end).
  function whenRead(fn) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", fn);
    else fn();
  }

  function stored(key) {
    try { return localStorage.getItem(key); } catch (e) { return ""; }
  }

  function saved(screen) { return stored(SAVE + screen) !== null; }

  // The device's date, as the app reads it (web/page/calls.js).
  function today() {
    var now = new Date();
    return new Date(now.getTime() - now.getTimezoneOffset() * 60000).toISOString().slice(0, 10);
  }

  // Whether anything is kept of ``game``'s daily dice of ``date`` (attempts, a
  // result), or the record cannot be read: the app shows more than the introduction.
  function dailyTouched(game, date) {
    var text = stored(DAILY_DAYS);
    if (text === null) return false;
    try {
      var days = JSON.parse(text).days;
      return !days || typeof days !== "object" || Boolean(days[game] && days[game][date]);
    } catch (e) {
      return true;
    }
  }

  // The line a template of words holds for ``kind`` (see tools/prerender.py: words).
  function word(kind) {
    var words = document.getElementById("pre-words-" + root.lang);
    var found = words && words.content.querySelector('[data-early="' + kind + '"]');
    return found ? found.cloneNode(true) : null;
  }

  // ``n`` grouped as the app groups numbers in the page's language.
  function number(n) {
    var mark = word("thousands");
    var sep = mark ? mark.getAttribute("value") : ",";
    return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  }

  // A duel link's introduction: the results it carries, in the place of the one
  // the build drew (its text "{name}: {score}", as the page's language says it).
  function fillDuel(drawn, duel) {
    var list = drawn.querySelector("ol"), model = list && list.querySelector("li");
    if (!model) return null;
    list.replaceChildren();
    duel.results.forEach(function (r) {
      var item = model.cloneNode(true);
      item.textContent = model.textContent.split("{name}").join(r.name)
        .split("{score}").join(number(r.score));
      list.appendChild(item);
    });
    var full = duel.results.length >= TOKEN.players && word("full");
    if (full) list.after(full);
    return drawn;
  }

  // Today in the words of the template's language, as the app writes a day
  // (zaria_web/pages/archive_view.py: day): its form, month names and first day.
  function todayInWords(form) {
    var parts = today().split("-"), d = Number(parts[2]);
    return form.dayForm.split("{day}").join(d === 1 ? form.first : String(d))
      .split("{month}").join(form.months.split("|")[Number(parts[1]) - 1])
      .split("{year}").join(parts[0]);
  }

  // A daily's introduction: today's date where the build wrote a date of its own.
  function dateDaily(drawn, form) {
    var mark = form.date, walk = document.createTreeWalker(drawn, NodeFilter.SHOW_TEXT);
    var words = todayInWords(form);
    while (mark && walk.nextNode()) {
      var node = walk.currentNode;
      if (node.data.indexOf(mark) >= 0) node.data = node.data.split(mark).join(words);
    }
    return drawn;
  }

  function draw(screen) {
    var loading = /^loading-(\w+)$/.exec(screen);
    if (loading) return word(loading[1]);
    var t = document.getElementById("pre-" + screen + "-" + root.lang);
    if (!t) return null;
    var drawn = t.content.cloneNode(true);
    if (/-duel$/.test(screen)) return pre.duel ? fillDuel(drawn, pre.duel) : null;
    return t.dataset.date ? dateDaily(drawn, t.dataset) : drawn;
  }

  var pre = window.zariaPre = {
    screen: "home",
    games: document.querySelector('meta[name="zaria-games"]').content.split(" ").filter(Boolean),
    // The duel link read (its game and results), once read.
    duel: null,
    show: function (screen) {
      var drawn = draw(screen);
      if (!drawn) return false;
      document.getElementById("screen").replaceChildren(drawn);
      pre.screen = screen;
      return true;
    },
    tools: function () {
      var theme = root.dataset.theme || "system";
      var drawn = copy("pre-tools-" + root.lang + "-" + theme);
      if (drawn) document.getElementById("topbar-tools").replaceChildren(drawn);
    },
    saved: saved,
    // The screen of the page's address, drawn before the first paint, and the top
    // bar's tools in the page's language and theme.
    first: function () {
      if (!route(location.hash) && root.lang !== "en") pre.show("home");
      if (root.lang !== "en" || (root.dataset.theme || "system") !== "system") pre.tools();
    }
  };

  // Whether ``game``'s daily introduction is what the app shows first.
  function dailyFresh(game) {
    return pre.games.indexOf(game) >= 0 && !saved(game + "-daily") && !dailyTouched(game, today());
  }

  // Draw the screen an address names: a game's form (unless a game of it is saved:
  // the app resumes that instead), a daily's or a duel link's introduction (or
  // a line saying that its dice are loading). Whether one was drawn.
  function route(hash) {
    var game = /^#\/?([\w-]+)\/?$/.exec(hash);
    if (game) return pre.games.indexOf(game[1]) >= 0 && !saved(game[1]) && pre.show(game[1]);
    var daily = /^#\/daily\/([\w-]+)\/?$/.exec(hash);
    if (daily && pre.games.indexOf(daily[1]) >= 0) {
      return (dailyFresh(daily[1]) && pre.show(daily[1] + "-daily")) || pre.show("loading-daily");
    }
    var duel = /^#\/duel\/([\w-]+)\/?$/.exec(hash);
    if (!duel) return false;
    pre.show("loading-duel");
    readDuel(duel[1]).then(function (found) {
      if (!found || pre.screen !== "loading-duel") return;
      pre.duel = found;
      if (!pre.show(found.game + "-duel")) pre.duel = null;
    }, function () { /* the app reads it, or says what is wrong with it */ });
    return true;
  }

  var CRC = [];
  for (var c = 0; c < 256; c++) {
    var k = c;
    for (var b = 0; b < 8; b++) k = k & 1 ? 0xedb88320 ^ (k >>> 1) : k >>> 1;
    CRC[c] = k >>> 0;
  }

  function crc32(bytes) {
    var crc = 0xffffffff;
    for (var i = 0; i < bytes.length; i++) crc = CRC[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
    return (crc ^ 0xffffffff) >>> 0;
  }

  // A name as the app shows it (zaria_web/ui/names.py: clean_name), near enough
  // for the moment until the app draws it: invisible characters dropped, spaces
  // made one, at most its length.
  function cleanName(name) {
    return name.replace(/[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/gu, " ").replace(/\s+/g, " ")
      .trim().normalize("NFC").slice(0, TOKEN.name).trim();
  }

  function result(item) {
    if (!Array.isArray(item) || item.length !== 3 || typeof item[0] !== "string") return null;
    var name = cleanName(item[0]), score = item[1];
    if (!name || !Number.isInteger(score) || score < 0 || score > TOKEN.score) return null;
    return { name: name, score: score };
  }

  // The duel a link's token carries (py/zaria_web/duel.py: a version byte, the duel
  // as JSON compressed with zlib, a CRC-32 of both, in URL-safe base64): a promise
  // of its game and results, or of null when the page cannot read it or it is not
  // what the app would show (the app then says why).
  function readDuel(token) {
    if (token.length > TOKEN.most || typeof DecompressionStream !== "function") return Promise.resolve(null);
    var bytes;
    try {
      var text = atob(token.replace(/-/g, "+").replace(/_/g, "/"));
      bytes = Uint8Array.from(text, function (ch) { return ch.charCodeAt(0); });
    } catch (e) {
      return Promise.resolve(null);
    }
    var n = bytes.length, body = bytes.subarray(0, n - 4);
    var crc = n >= 6 ? ((bytes[n - 4] << 24) | (bytes[n - 3] << 16) | (bytes[n - 2] << 8) | bytes[n - 1]) >>> 0 : -1;
    if (crc !== crc32(body) || body[0] !== TOKEN.version) return Promise.resolve(null);
    var inflated = new Blob([body.subarray(1)]).stream().pipeThrough(new DecompressionStream("deflate"));
    return new Response(inflated).text().then(function (json) {
      return checkDuel(JSON.parse(json));
    });
  }

  function checkDuel(data) {
    if (!data || typeof data !== "object" || Object.keys(data).sort().join() !== "g,p,r,s") return null;
    var game = data.g, drawn = typeof game === "string" && document.getElementById("pre-" + game + "-duel-" + root.lang);
    if (!drawn || data.r !== drawn.dataset.rules || typeof data.s !== "string") return null;
    if (!data.s || data.s.length > TOKEN.seed || !Array.isArray(data.p) || data.p.length > TOKEN.players) return null;
    // A daily's result come back to whoever played that day here shows on the daily.
    if (data.s === "daily/" + game + "/" + today() && dailyTouched(game, today())) return null;
    if (saved(game + "-duel")) return null; // the app offers to go back to it too
    var results = data.p.map(result);
    return results.indexOf(null) >= 0 ? null : { game: game, results: results };
  }
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
    values[form(pre.screen)] = kept;
  }

  // A screen's form, whatever its number of players (``<game>.2``: the form
  // with a player added; see tools/prerender.py).
  function form(screen) { return screen.split(".")[0]; }

  function restore(screen) {
    var kept = values[form(screen)] || {};
    Object.keys(kept).forEach(function (id) {
      var f = document.getElementById(id);
      if (!f) return;
      if (typeof kept[id] === "boolean") f.checked = kept[id];
      else f.value = kept[id];
    });
  }

  function go(screen) {
    capture();
    pre.show(seated[screen] || screen);
    restore(screen);
    window.scrollTo(0, 0);
    focus(screenEl()); // as the app does on a new screen
  }

  // The form of each game shown with a player added (the app keeps its players).
  var seated = {};

  function seatField(index) {
    return screenEl().querySelector('[data-act="seat-name"][data-index="' + index + '"]');
  }

  // Add a player, or remove one, on a game's form: drawn when the build drew the
  // form with that many players (a name field for the new one, which gets the
  // focus as in the app); whether it was.
  function reseat(name, data) {
    var game = form(pre.screen), more = game + ".2";
    if (name === "seat-add" && pre.screen === game && document.getElementById("pre-" + more + "-" + root.lang)) {
      capture();
      pre.show(seated[game] = more);
      restore(more);
      focus(seatField(1));
      return true;
    }
    if (name !== "seat-remove" || pre.screen !== more) return false;
    capture();
    var kept = values[game], first = seatField(0), second = seatField(1);
    if (data.index === "0" && first && second) kept[first.id] = second.value;
    if (second) delete kept[second.id];
    delete seated[game];
    pre.show(game);
    restore(game);
    focus(seatField(0));
    return true;
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
    var game = data.game, daily = /^([\w-]+)-daily$/.exec(game || "");
    if (known && name === "open" && pre.games.indexOf(game) >= 0 && !pre.saved(game)) {
      go(game);
    } else if (known && name === "open" && daily && dailyFresh(daily[1])) {
      go(game);
    } else if (known && reseat(name, data)) {
      // drawn
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
    whenRead(function () { act(done.act, done.data, el); });
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
