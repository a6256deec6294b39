// The live regions (#live, #alert), which screen readers read out. Messages of one
// moment (a score, then the computer's whole turn at the instant pace) are read
// together, rather than each replacing the one before it; clearing first makes a
// repeat be spoken again. The moment lasts while the app is still answering (an
// answer on its way, or one of its timers about to fall due: the computer's next
// step), for two seconds at most.
import { answering } from "./calls.js";
import { dueSoon } from "./timers.js";

const announcing = new Map(), speaking = new Map();
export const GATHER_MS = 30;
const GATHER_MAX_MS = 2000;

export function announce(text, assertive) {
  const id = assertive ? "alert" : "live";
  if (announcing.has(id)) { announcing.get(id).push(text); return; }
  announcing.set(id, [text]);
  document.getElementById(id).textContent = "";
  speakLater(id, GATHER_MAX_MS);
}

function speakLater(id, left) {
  speaking.set(id, setTimeout(() => {
    if ((answering > 0 || dueSoon.size > 0) && left > GATHER_MS) {
      speakLater(id, left - GATHER_MS);
      return;
    }
    speaking.delete(id);
    const texts = announcing.get(id) || [];
    announcing.delete(id);
    // Each message ends as a sentence, so that they are read apart.
    const region = document.getElementById(id);
    region.textContent = texts.map((t) => (/[.!?;…]$/.test(t) ? t : t + ".")).join(" ");
  }, GATHER_MS));
}

// The alert region emptied (a new game: the last one's end is no longer news), with
// what it was about to say.
export function hush() {
  clearTimeout(speaking.get("alert"));
  speaking.delete("alert");
  announcing.delete("alert");
  document.getElementById("alert").textContent = "";
}

// What an app that has stopped had still to say.
export function forgetAnnouncements() {
  for (const t of speaking.values()) clearTimeout(t);
  speaking.clear();
  announcing.clear();
}
