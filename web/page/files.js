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
