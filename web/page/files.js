// Files: one the app saves (an export) is downloaded; one the player picks (an
// import) is read and sent to the app as a "read" call.
import { send } from "./calls.js";

export function saveFile(name, text, mime) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type: mime }));
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

export function readFile(id, inputId, limit) {
  const field = document.getElementById(inputId);
  const picked = field && field.files && field.files.length ? field.files[0] : null;
  if (field) field.value = ""; // the same file picked again is news again
  if (!picked) { send("read", { id, reason: "none" }); return; }
  if (picked.size > limit) { send("read", { id, reason: "large" }); return; }
  picked.text().then(
    (text) => send("read", { id, text }),
    () => send("read", { id, reason: "read" }),
  );
}

// A result shared: the system's share sheet where the browser has one, else the
// clipboard; when neither works, the link's field is selected for the player to copy
// it by hand. The app is told which (the control "shared").
export function shareLink(title, text, link, field) {
  const told = (value) => send("action", { act: "shared", data: { value } });
  const fallback = () => {
    const input = document.querySelector(field);
    if (input) { input.focus(); input.select(); }
    told("failed");
  };
  const copy = () => {
    if (!navigator.clipboard || !navigator.clipboard.writeText) { fallback(); return; }
    navigator.clipboard.writeText(`${text}\n${link}`).then(() => told("copied"), fallback);
  };
  if (navigator.share) {
    navigator.share({ title, text, url: link }).then(() => told("shared"), (e) => {
      if (!e || e.name !== "AbortError") copy(); // closing the sheet is an answer too
    });
    return;
  }
  copy();
}
