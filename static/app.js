// Companion's only script: small conveniences around htmx. No inline script anywhere (CSP).
(function () {
  "use strict";

  // Steppers: big − / + buttons beside a number input, so nobody has to type at the table.
  document.addEventListener("click", function (event) {
    var button = event.target.closest("button.step");
    if (!button) return;
    var input = button.parentElement.querySelector("input[type=number]");
    if (!input) return;
    var step = parseInt(button.dataset.step, 10) || 1;
    var value = (parseInt(input.value, 10) || 0) + step;
    if (input.min !== "" && value < parseInt(input.min, 10)) value = parseInt(input.min, 10);
    if (input.max !== "" && value > parseInt(input.max, 10)) value = parseInt(input.max, 10);
    input.value = value;
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });

  // A select marked .autosubmit submits its form (the language switch).
  document.addEventListener("change", function (event) {
    if (event.target.matches("select.autosubmit")) event.target.form.submit();
  });

  // "While you were away": the version this phone last showed while visible is remembered;
  // when it becomes visible again (or the page is reloaded after a sleep) it lists what changed.
  function boardVersion() {
    var board = document.getElementById("board");
    return board ? parseInt(board.dataset.version, 10) : null;
  }
  function seenKey() {
    var slot = document.getElementById("away-slot");
    return slot ? "companion.seen." + slot.dataset.table : null;
  }
  function markSeen() {
    var key = seenKey(), version = boardVersion();
    if (key && version !== null && document.visibilityState === "visible") localStorage.setItem(key, String(version));
  }
  function showAway() {
    var key = seenKey(), slot = document.getElementById("away-slot");
    if (!key || !window.htmx) return;
    var seen = parseInt(localStorage.getItem(key), 10);
    var version = boardVersion();
    if (!isNaN(seen) && version !== null && seen < version) {
      htmx.ajax("GET", slot.dataset.awayUrl + "?since=" + seen, { target: "#away-slot", swap: "innerHTML" });
    }
    markSeen();
  }
  document.addEventListener("click", function (event) {
    if (event.target.closest("#away .dismiss")) document.getElementById("away-slot").innerHTML = "";
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail.target && event.detail.target.id === "board") markSeen();
  });
  document.addEventListener("DOMContentLoaded", showAway);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") showAway();
  });

  // Never fall behind: a version announced while this phone was still fetching the previous
  // board (htmx drops a trigger while a request is in flight) is fetched right after the swap.
  // The same holds for an announcement that lands in the moment a new board is being wired up.
  var announced = 0;
  function catchUp(delay) {
    setTimeout(function () {
      var version = boardVersion();
      var board = document.getElementById("board");
      var busy = board && board.classList.contains("htmx-request");
      if (version !== null && announced > version && !busy) document.body.dispatchEvent(new CustomEvent("resync"));
    }, delay);
  }
  document.addEventListener("htmx:sseMessage", function (event) {
    var version = parseInt(event.detail && event.detail.data, 10);
    if (!isNaN(version) && version > announced) announced = version;
    catchUp(300);
  });
  // After the swap has settled (or a 204 "nothing new"), check again.
  document.addEventListener("htmx:afterRequest", function () { catchUp(150); });

  // A phone waking up (screen on, tab shown, page restored from the back/forward cache)
  // resyncs at once instead of waiting for the next poll, and reopens the live stream.
  function resync() {
    var live = document.getElementById("live");
    if (!live || !window.htmx) return;
    document.body.dispatchEvent(new CustomEvent("resync"));
    var source = live["htmx-internal-data"] && live["htmx-internal-data"].sseEventSource;
    if (source && source.readyState === 2 /* CLOSED */) htmx.process(live);
  }
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") resync();
  });
  window.addEventListener("pageshow", function (event) { if (event.persisted) resync(); });
  window.addEventListener("online", resync);

  // Keep the screen awake during a game (where the browser allows it); the browser drops the
  // lock when the page is hidden, so it is asked for again each time the page is shown.
  // Each phone can switch it off (remembered on that phone only).
  var wakeLock = null;
  function wakeWanted() { return localStorage.getItem("companion.wakelock") !== "off"; }
  function showWakeToggle() {
    var button = document.getElementById("wake-toggle");
    if (button) button.setAttribute("aria-pressed", wakeWanted() ? "true" : "false");
  }
  function keepAwake() {
    showWakeToggle();
    if (!document.getElementById("live") || document.body.classList.contains("finished")) return;
    if (!navigator.wakeLock || document.visibilityState !== "visible" || !wakeWanted()) return;
    navigator.wakeLock.request("screen").then(function (lock) {
      wakeLock = lock;
      document.documentElement.dataset.wakeLock = "on";
      lock.addEventListener("release", function () { document.documentElement.dataset.wakeLock = "off"; });
    }).catch(function () { document.documentElement.dataset.wakeLock = "unavailable"; });
  }
  document.addEventListener("click", function (event) {
    if (!event.target.closest("#wake-toggle")) return;
    localStorage.setItem("companion.wakelock", wakeWanted() ? "off" : "on");
    if (!wakeWanted() && wakeLock) { wakeLock.release(); wakeLock = null; }
    keepAwake();
  });
  document.addEventListener("visibilitychange", keepAwake);
  document.addEventListener("DOMContentLoaded", keepAwake);
})();
