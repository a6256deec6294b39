/* Zaria's service worker: the whole site, offline, one version at a time.
 *
 * - Install: read precache.json (every file of the site with its content hash,
 *   written by tools/build.py) and store every file in a cache named after the
 *   build's version. A file whose hash did not change since the version already
 *   cached is copied from that cache instead of downloaded again (the 9.6 MB
 *   runtime rarely changes), and one the page has just downloaded is taken from
 *   the browser's HTTP cache; a file must match its hash, else the install fails
 *   and the current version stays.
 *   The big tables in data/ are kept only once the page first fetches them.
 *   The files the build packs (NAME.zst) are kept unpacked too, under NAME: the
 *   worker of a page this worker controls asks for those (web/snapshots.mjs).
 * - Fetch: files of the site come from the cache first; the query string is
 *   ignored (so ?dice=… and ?seed=… pages open offline); anything else goes to
 *   the network, and a navigation that cannot reach it gets index.html.
 * - Update: a new version installs in the background and then waits; the page
 *   offers to reload, and on the player's word posts "skip-waiting". Activation
 *   deletes the caches of other versions of this site and takes over the pages.
 *
 * Every URL is resolved against the worker's scope, so the site works at / and
 * under a sub-path such as /zaria/.
 */
"use strict";

// Zstandard's decoder (self.fzstd), to unpack the packed files.
importScripts("vendor/fzstd/fzstd.js");

// tools/build.py writes the build's version here: a new build is a new worker.
const VERSION = "dev";
const SCOPE = new URL(self.registration.scope);
const MANIFEST = "precache.json";
// One cache per version and scope: two copies of the site on one origin
// (at / and at /zaria/) never delete each other's files.
const PREFIX = "zaria-";
const SUFFIX = "-" + SCOPE.pathname;
const CACHE = PREFIX + VERSION + SUFFIX;

function siteUrl(path) {
  return new URL(path, SCOPE).href;
}

async function sha256(buffer) {
  const digest = await crypto.subtle.digest("SHA-256", buffer);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** path → {hash, cache} for every file of the versions of this site already cached. */
async function cachedFiles() {
  const found = new Map();
  for (const name of await caches.keys()) {
    if (name === CACHE || !name.startsWith(PREFIX) || !name.endsWith(SUFFIX)) continue;
    const response = await caches.match(siteUrl(MANIFEST), { cacheName: name });
    if (!response) continue;
    try {
      const manifest = await response.json();
      for (const [path, hash] of Object.entries(manifest.files)) found.set(path, { hash, cache: name });
    } catch (err) {
      // A damaged manifest only means its files are downloaded again.
    }
  }
  return found;
}

// A file of the site, checked against its hash. The page has just downloaded most of
// them (the runtime, the app), so the browser's HTTP cache is asked first: a file it
// holds (and the server lets it keep, or confirms unchanged with a 304) does not cross
// the network a second time. A cached copy that does not match (an older deploy's)
// is fetched again from the server.
async function download(path, hash) {
  // The page was opened at the scope's own address, not at its index.html.
  const url = siteUrl(path === "index.html" ? "" : path);
  for (const mode of ["default", "reload"]) {
    const response = await fetch(url, { cache: mode });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    const kept = await checked(response, await response.arrayBuffer(), hash);
    if (kept) return kept;
  }
  throw new Error(`${path}: its content does not match precache.json (${hash})`);
}

// What the cache keeps of a downloaded file: its body, when it matches its hash (else
// null), with only its type. The body is already decoded, so a Content-Length or
// Content-Encoding from the server would no longer be true.
async function checked(response, body, hash) {
  if (!hash || (await sha256(body)).slice(0, hash.length) !== hash) return null;
  const type = response.headers.get("Content-Type") || "application/octet-stream";
  return new Response(body, { status: 200, headers: { "Content-Type": type } });
}

// The big tables (a computer player's strategy) are downloaded only by a game
// that needs them: they are not precached, but kept the first time the page fetches
// them (checked against their hash), and kept by the next version when unchanged.
const ON_DEMAND = "data/";
const onDemand = (path) => path.startsWith(ON_DEMAND);

async function keepOnDemand(cache, path, response) {
  try {
    const manifest = await (await cache.match(siteUrl(MANIFEST))).json();
    const kept = await checked(response, await response.arrayBuffer(), manifest.files[path]);
    if (kept) await cache.put(siteUrl(path), kept);
  } catch (err) {
    // Not kept: the next use downloads it again.
  }
}

// Keep the file at `path` (checked), and a packed one's unpacked copy beside it: the
// runtime then compiles from the cache as it is, and the browser keeps its compiled
// code, as for any file it downloads.
const PACKED = ".zst";

async function keep(cache, path, response) {
  if (!path.endsWith(PACKED)) return cache.put(siteUrl(path), response);
  const bytes = self.fzstd.decompress(new Uint8Array(await response.clone().arrayBuffer()));
  const name = path.slice(0, -PACKED.length);
  const type = name.endsWith(".wasm") ? "application/wasm" : "application/octet-stream";
  await cache.put(siteUrl(name), new Response(bytes, { status: 200, headers: { "Content-Type": type } }));
  return cache.put(siteUrl(path), response);
}

async function precache() {
  const response = await fetch(siteUrl(MANIFEST), { cache: "no-store" });
  if (!response.ok) throw new Error(`${MANIFEST}: HTTP ${response.status}`);
  const manifest = await response.clone().json();
  if (VERSION !== "dev" && manifest.version !== VERSION) {
    throw new Error(`${MANIFEST} is version ${manifest.version}, this worker ${VERSION}`);
  }
  const previous = await cachedFiles();
  const cache = await caches.open(CACHE);
  await Promise.all(
    Object.entries(manifest.files).map(async ([path, hash]) => {
      const old = previous.get(path);
      if (old && old.hash === hash) {
        const copy = await caches.match(siteUrl(path), { cacheName: old.cache });
        if (copy) return keep(cache, path, copy);
      }
      if (onDemand(path)) return null; // kept when the page first needs it
      return keep(cache, path, await download(path, hash));
    }),
  );
  // Stored last: a cache holding the manifest is complete.
  await cache.put(siteUrl(MANIFEST), response);
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    precache().catch(async (err) => {
      await caches.delete(CACHE);
      throw err;
    }),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      const stale = names.filter((n) => n !== CACHE && n.startsWith(PREFIX) && n.endsWith(SUFFIX));
      await Promise.all(stale.map((n) => caches.delete(n)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
});

async function respond(event, path) {
  const request = event.request;
  const cache = await caches.open(CACHE);
  const hit = await cache.match(siteUrl(path));
  if (hit) return hit;
  try {
    const response = await fetch(request);
    // Kept from a copy while the page reads the download as it arrives.
    if (response.ok && onDemand(path)) event.waitUntil(keepOnDemand(cache, path, response.clone()));
    return response;
  } catch (err) {
    if (request.mode === "navigate") {
      const page = await cache.match(siteUrl("index.html"));
      if (page) return page;
    }
    throw err;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return;
  let path = decodeURIComponent(url.pathname.slice(SCOPE.pathname.length));
  if (path === "" || path.endsWith("/")) path += "index.html";
  event.respondWith(respond(event, path));
});
