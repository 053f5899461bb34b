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

  // Keep the screen awake during a game (where the browser allows it); re-requested on waking.
  var wakeLock = null;
  function keepAwake() {
    if (!document.getElementById("live") || !navigator.wakeLock || document.visibilityState !== "visible") return;
    if (localStorage.getItem("companion.wakelock") === "off") return;
    navigator.wakeLock.request("screen").then(function (lock) {
      wakeLock = lock;
      document.documentElement.dataset.wakeLock = "on";
      lock.addEventListener("release", function () { document.documentElement.dataset.wakeLock = "off"; });
    }).catch(function () { document.documentElement.dataset.wakeLock = "unavailable"; });
  }
  document.addEventListener("visibilitychange", keepAwake);
  document.addEventListener("DOMContentLoaded", keepAwake);
})();
