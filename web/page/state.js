// What the page's modules share: the loading screen's hooks (window.zariaBoot, set by
// index.html: progress, failure, the words of the page's language), the document's
// root element, and the app's state.
export const boot = window.zariaBoot;
export const root = document.documentElement;

export const app = {
  // Whether the page's events go to the app (not before it has started, nor while
  // it restarts).
  live: false,
  // While a restart stops the old app, what that app finishes late is dropped.
  restarting: false,
};
