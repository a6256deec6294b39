/* Zaria's feel: the games' sounds, synthesised with the Web Audio API (no audio
 * file), and their short celebrations over the page.
 *
 * The page (web/page/operations.js, for the app in its worker) calls
 *   window.zariaFeel.sound(kind, volume)    roll, hold, score, fanfare, streak, win, bust
 *   window.zariaFeel.celebrate(kind, text)  jackpot, streak, milestone, win
 * (the kinds of zaria_web.runtime.effects: each game says which of its moments is which)
 *
 * Sound is never made before the player's first tap or key on the page (browsers
 * refuse it, and a page should not start talking by itself), nor while the page is
 * hidden; the AudioContext is created on the first sound asked for after that
 * gesture, so with the Sound setting off (the app then asks for none) there is none.
 *
 * A celebration is a sibling of the app's root, so that the app's redraws do not
 * cut it; it takes no pointer events (every tap reaches the game) and a tap or a
 * key ends it at once. It is gone after its animation (under a second), and never
 * shown when the system asks for reduced motion.
 */
(function () {
  "use strict";

  var gestured = false;
  var context = null;
  var noise = null;

  function gesture(e) {
    // Escape does not count as a gesture for the browser's autoplay rules.
    if (e.type !== "keydown" || e.key !== "Escape") gestured = true;
  }
  window.addEventListener("pointerdown", gesture, true);
  window.addEventListener("keydown", gesture, true);

  function audio() {
    if (!context) {
      var Context = window.AudioContext || window.webkitAudioContext;
      if (!Context) return null;
      context = new Context();
    }
    if (context.state === "suspended") context.resume();
    return context;
  }

  document.addEventListener("visibilitychange", function () {
    // A hidden page is silent; the next sound asked for once it is back resumes it.
    if (context && document.visibilityState !== "visible") context.suspend();
  });

  /** A note: ``freq`` Hz from ``t`` for ``dur`` seconds, with a quick attack and a soft fall. */
  function tone(ac, out, t, freq, dur, type, peak, to) {
    var osc = ac.createOscillator();
    var env = ac.createGain();
    osc.type = type || "triangle";
    osc.frequency.setValueAtTime(freq, t);
    if (to) osc.frequency.exponentialRampToValueAtTime(to, t + dur);
    env.gain.setValueAtTime(0.0001, t);
    env.gain.linearRampToValueAtTime(peak, t + Math.min(0.012, dur / 4));
    env.gain.exponentialRampToValueAtTime(0.0001, t + dur);
    osc.connect(env);
    env.connect(out);
    osc.start(t);
    osc.stop(t + dur + 0.02);
  }

  /** A burst of filtered noise: the knock of a die on the table. */
  function knock(ac, out, t, dur, freq, peak) {
    if (!noise) {
      noise = ac.createBuffer(1, Math.floor(ac.sampleRate * 0.25), ac.sampleRate);
      var data = noise.getChannelData(0);
      for (var i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
    }
    var src = ac.createBufferSource();
    var band = ac.createBiquadFilter();
    var env = ac.createGain();
    src.buffer = noise;
    band.type = "bandpass";
    band.frequency.value = freq;
    band.Q.value = 3;
    env.gain.setValueAtTime(peak, t);
    env.gain.exponentialRampToValueAtTime(0.0001, t + dur);
    src.connect(band);
    band.connect(env);
    env.connect(out);
    src.start(t, Math.random() * 0.2);
    src.stop(t + dur + 0.02);
  }

  function notes(ac, out, t, freqs, step, dur, type, peak) {
    freqs.forEach(function (f, i) { tone(ac, out, t + i * step, f, dur, type, peak); });
  }

  var C5 = 523.25, E5 = 659.25, G5 = 783.99, A5 = 880, C6 = 1046.5, D6 = 1174.66, E6 = 1318.51, G4 = 392;

  var SOUNDS = {
    roll: function (ac, out, t) {
      // Five or six dice landing, close together, the last ones softer.
      var n = 5 + Math.floor(Math.random() * 2);
      for (var i = 0; i < n; i++) {
        var at = t + i * 0.034 + Math.random() * 0.018;
        var peak = 1.4 - i * 0.15;
        knock(ac, out, at, 0.045, 1800 + Math.random() * 1600, peak);
        tone(ac, out, at, 1500 + Math.random() * 900, 0.03, "sine", peak * 0.25);
      }
    },
    hold: function (ac, out, t) {
      tone(ac, out, t, 1600, 0.05, "triangle", 0.35, 1100);
      knock(ac, out, t, 0.02, 4200, 0.25);
    },
    score: function (ac, out, t) {
      tone(ac, out, t, E5, 0.22, "sine", 0.5);
      tone(ac, out, t + 0.08, A5, 0.32, "sine", 0.45);
    },
    fanfare: function (ac, out, t) {
      notes(ac, out, t, [C5, E5, G5, C6], 0.07, 0.3, "triangle", 0.38);
      tone(ac, out, t + 0.28, E6, 0.6, "sine", 0.32);
      tone(ac, out, t + 0.28, C6, 0.6, "sine", 0.22);
    },
    streak: function (ac, out, t) {
      notes(ac, out, t, [A5, C6, D6, E6], 0.045, 0.18, "triangle", 0.34);
      tone(ac, out, t + 0.18, 1760, 0.35, "sine", 0.18, 2350);
    },
    win: function (ac, out, t) {
      notes(ac, out, t, [G4, C5, E5, G5], 0.1, 0.22, "triangle", 0.38);
      [C5, E5, G5, C6].forEach(function (f) { tone(ac, out, t + 0.42, f, 0.75, "sine", 0.16); });
    },
    bust: function (ac, out, t) {
      var low = ac.createBiquadFilter();
      low.type = "lowpass";
      low.frequency.value = 1100;
      low.connect(out);
      // Three falling notes, their edge taken off.
      tone(ac, low, t, 392, 0.18, "sawtooth", 0.32);
      tone(ac, low, t + 0.15, 311.13, 0.18, "sawtooth", 0.32);
      tone(ac, low, t + 0.3, 246.94, 0.42, "sawtooth", 0.34, 220);
    }
  };

  function sound(kind, volume) {
    var recipe = SOUNDS[kind];
    if (!recipe || !gestured || document.visibilityState !== "visible" || !(volume > 0)) return;
    var ac = audio();
    if (!ac) return;
    var out = ac.createGain();
    out.gain.value = Math.min(1, volume);
    out.connect(ac.destination);
    recipe(ac, out, ac.currentTime + 0.01);
  }

  var still = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  var shown = null;
  var timer = 0;
  // The animation's length (web/css/feel.css), and the most it is ever shown.
  var LENGTH_MS = 900;
  var LIMIT_MS = 1000;

  function end() {
    clearTimeout(timer);
    if (shown) {
      shown.remove();
      shown = null;
    }
  }
  // The tap or key goes on to the game: the celebration only gets out of the way.
  window.addEventListener("pointerdown", end, true);
  window.addEventListener("keydown", end, true);

  function celebrate(kind, text) {
    end();
    if ((still && still.matches) || document.visibilityState !== "visible") return;
    var box = document.createElement("div");
    box.className = "celebration celebration-" + kind;
    box.setAttribute("aria-hidden", "true"); // the live region already says it
    var word = document.createElement("span");
    word.className = "celebration-word";
    word.textContent = text;
    var burst = document.createElement("span");
    burst.className = "celebration-burst";
    var pieces = 16;
    for (var i = 0; i < pieces; i++) {
      var bit = document.createElement("i");
      bit.style.setProperty("--turn", (i / pieces + Math.random() * 0.03) + "turn");
      bit.style.setProperty("--reach", (0.7 + (i % 3) * 0.15 + Math.random() * 0.1).toFixed(2));
      burst.appendChild(bit);
    }
    box.appendChild(burst);
    box.appendChild(word);
    document.body.appendChild(box);
    shown = box;
    word.addEventListener("animationend", end);
    // Gone in time even where the animation does not run to its end.
    timer = setTimeout(end, Math.min(LIMIT_MS, LENGTH_MS + 40));
  }

  window.zariaFeel = { sound: sound, celebrate: celebrate };
})();
