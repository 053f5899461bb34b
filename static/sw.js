// Companion's service worker: what this phone has opened stays readable when the Wi-Fi drops
// (README, "When the Wi-Fi drops"). Served at /sw.js (web/offline.py), so it looks after every page.
//
// - The app's static files (their URL carries a hash of the file): from the copy once seen.
// - Pages this phone has opened (a seat's page with its rules reference, a game's guide): from
//   the network, a copy kept; the copy only when the network fails. The copy lives in this
//   browser's own storage, never in a shared cache.
// - Never stored nor answered from a copy: anything but a GET (a move and its answer), the live
//   stream, and the refreshes of a board (an old board must not pass for the table's state).
"use strict";

var PAGES = "companion-pages-1", FILES = "companion-files-1";
var KEPT = { "companion-pages-1": 60, "companion-files-1": 200 };  // the oldest copies go first
var LIVE = /\/(board|live|version|away|seats|healthz|sw\.js)$|^\/api\/|\.(json|csv)$/;
var HASHED = /^\/(static|games\/[^/]+\/static)\//;

// The live refreshes never come from a copy: they go straight to the network without waking this
// worker at all (where the browser knows how: Chromium's static routes), so a board refresh waits
// for nothing more than it did before there was a worker. A move (a POST) goes through the fetch
// handler below: routed the same way, Chromium's offline emulation let one through now and then
// in the browser tests, which must be able to cut a phone off.
var STRAIGHT_TO_THE_NETWORK = [
  { condition: { or: ["board", "live", "version", "away", "seats"].map(function (last) {
    return { urlPattern: { pathname: "*/" + last } };
  }) }, source: "network" },
];

self.addEventListener("install", function (event) {
  self.skipWaiting();
  if (event.addRoutes) event.waitUntil(event.addRoutes(STRAIGHT_TO_THE_NETWORK).catch(function () { /* older browser */ }));
});
self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) { return !(name in KEPT); }).map(function (name) {
      return caches.delete(name);
    }));
  }).then(function () { return self.clients.claim(); }));
});

function kept(url) {  // the cache a GET of this address is kept in, or null: never kept
  if (url.origin !== self.location.origin || LIVE.test(url.pathname)) return null;
  return HASHED.test(url.pathname) && url.searchParams.has("v") ? FILES : PAGES;
}

self.addEventListener("fetch", function (event) {
  var request = event.request, url = new URL(request.url), name = kept(url);
  // A move goes to the network from here, as it is, never stored (sent from the worker itself, it
  // is cut off with the phone: a request let through to the browser was not, in the browser tests).
  if (request.method !== "GET") { event.respondWith(fetch(request)); return; }
  if (!name || request.headers.get("Accept") === "text/event-stream") return;
  event.respondWith(name === FILES ? fromCopyFirst(request, name) : fromNetworkFirst(request, name));
});

// The first page a phone opens was loaded before this worker looked after it: outbox.js sends
// the addresses of that page and of its files, and they are kept as if they had come through here.
self.addEventListener("message", function (event) {
  var urls = (event.data && event.data.keep) || [];
  event.waitUntil(Promise.all(urls.map(function (address) {
    var url = new URL(address, self.location.origin), name = kept(url);
    if (!name) return null;
    return fetch(url.href, { credentials: "same-origin" }).then(function (response) {
      keep(name, url.href, response);
    }, function () { /* gone offline meanwhile: kept on the next visit */ });
  })));
});

function keep(name, request, response) {
  if (!response.ok || response.type !== "basic") return;  // a redirect, a refusal: nothing to read later
  var copy = response.clone();
  caches.open(name).then(function (cache) {
    return cache.put(request, copy).then(function () { return cache.keys(); }).then(function (keys) {
      return Promise.all(keys.slice(0, Math.max(0, keys.length - KEPT[name])).map(function (old) {
        return cache.delete(old);
      }));
    });
  });
}

function fromCopyFirst(request, name) {
  return caches.match(request).then(function (copy) {
    return copy || fetch(request).then(function (response) { keep(name, request, response); return response; });
  });
}

function fromNetworkFirst(request, name) {
  return fetch(request).then(function (response) {
    keep(name, request, response);
    return response;
  }, function (failure) {
    return caches.match(request).then(function (copy) {
      if (!copy) throw failure;
      return request.mode === "navigate" ? markedAsCopy(copy) : copy;
    });
  });
}

// A page served from the copy says so (<html data-offline-copy>): outbox.js then tells the
// player, and gives its move forms new one-time ids (the copy's may have been used already).
function markedAsCopy(copy) {
  return copy.text().then(function (html) {
    var headers = new Headers(copy.headers);
    headers.delete("Content-Encoding");  // the text read back is plain, and a little longer
    headers.delete("Content-Length");
    return new Response(html.replace("<html ", "<html data-offline-copy "), {
      status: copy.status, statusText: copy.statusText, headers: headers,
    });
  });
}
