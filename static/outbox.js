// Companion's outbox: a phone never drops a tap (README, "When the Wi-Fi drops").
// A move whose request fails (offline, a timeout, a proxy's 502/503/504, a 429) is kept on the phone,
// in order, with its one-time request id, in localStorage per table and seat; a bar at the top
// says what is not sent yet. When the connection is back (the browser's "online", the live
// stream reopening, a board refresh that worked, or a retry with backoff) the kept moves are
// sent one at a time, in order. The server applies a request id once (log.py), so a move that
// did arrive before its answer was lost is answered "Already done", never applied twice.
// A kept move refused on arrival stays listed in the bar with its reason and what was typed.
(function () {
  "use strict";

  var script = document.currentScript;
  if ("serviceWorker" in navigator && script && script.dataset.serviceWorker) {
    // static/sw.js: the pages this phone has opened stay readable offline (HTTPS or localhost only).
    // On the first visit a seat's page and its files came before the worker: it is told to keep them.
    var first = !navigator.serviceWorker.controller && document.getElementById("outbox");
    navigator.serviceWorker.register(script.dataset.serviceWorker).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      if (!first || !registration.active) return;
      var files = performance.getEntriesByType("resource").map(function (entry) { return entry.name; });
      registration.active.postMessage({ keep: [location.href].concat(files) });
    }).catch(function () { /* not allowed here (plain HTTP on the home Wi-Fi) */ });
  }

  var PENDING = ".pending", REFUSED = ".refused";
  // Not taken, try later: a proxy's "the app is not there" (502, 504; 503 too, which is also the
  // app's own "very busy"), or "too many requests" (429). Nothing was applied.
  var NOT_REACHED = [429, 502, 503, 504];
  var SEND_TIMEOUT = 15000, FIRST_RETRY = 2000, LAST_RETRY = 30000;
  var sending = false, unreachable = false, retryDelay = FIRST_RETRY, retryTimer = null;

  function bar() { return document.getElementById("outbox"); }
  function board() { return document.getElementById("board"); }

  // -- what is kept, per table and seat (a move is made by the seat this phone holds) ---------
  function storeKey() {
    var b = bar(), shown = board();
    if (!b || !shown || shown.dataset.seat === undefined) return null;
    return "companion.outbox." + b.dataset.table + "." + (shown.dataset.seat || "host");
  }
  function load(kind) {
    var key = storeKey();
    try { return (key && JSON.parse(localStorage.getItem(key + kind))) || []; } catch (e) { return []; }
  }
  function save(kind, list) {
    var key = storeKey();
    if (!key) return;
    if (list.length) localStorage.setItem(key + kind, JSON.stringify(list));
    else localStorage.removeItem(key + kind);
  }

  // -- which requests are moves ----------------------------------------------------------------
  function moveForm(element) {
    var form = element && element.closest ? element.closest("form") : null;
    return form && form.closest("#board") && form.elements.request_id && form.method === "post" ? form : null;
  }
  function newRequestId() {
    var bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    return btoa(String.fromCharCode.apply(null, bytes)).replace(/\+/g, "-").replace(/\//g, "_");
  }
  function fieldLabel(field) {
    var label = field.getAttribute("aria-label") || (field.labels && field.labels[0] && field.labels[0].textContent);
    return (label || field.name).trim().replace(/\s+/g, " ");
  }
  // The move in the player's words: the button tapped, and what was typed or picked in its form.
  function describe(form, submitter) {
    var button = submitter || form.querySelector("button[type=submit], button:not([type])");
    var typed = [];
    Array.prototype.forEach.call(form.elements, function (field) {
      if (!field.name || field.disabled || /^(hidden|submit|button|reset|image|file)$/.test(field.type)) return;
      if (field.type === "radio" || field.type === "checkbox") {
        if (field.checked) typed.push(fieldLabel(field));
      } else if (field.value !== "") {
        var value = field.type === "select-one" ? field.options[field.selectedIndex].text : field.value;
        typed.push(fieldLabel(field) + ": " + value.trim());
      }
    });
    var what = (button && button.textContent.trim()) || form.elements.type.value;
    return typed.length ? what + " (" + typed.join(", ") + ")" : what;
  }

  // -- keeping a move ----------------------------------------------------------------------------
  function keep(form, config) {
    var fields = [];
    config.formData.forEach(function (value, name) { if (typeof value === "string") fields.push([name, value]); });
    var field = function (name) { var pair = fields.filter(function (p) { return p[0] === name; })[0]; return pair && pair[1]; };
    var pending = load(PENDING);
    var id = field("request_id");
    if (!pending.some(function (item) { return item.id === id; })) {
      pending.push({ id: id, url: config.path, fields: fields, version: field("version"),
                     what: describe(form, config.triggeringEvent && config.triggeringEvent.submitter) });
      save(PENDING, pending);
    }
    // The next tap on this form is a move of its own, not a repeat of the one kept.
    form.elements.request_id.value = newRequestId();
    show();
    retryLater();
  }
  document.addEventListener("htmx:configRequest", function (event) {
    var form = moveForm(event.detail.elt);
    if (!form) return;
    event.detail.timeout = event.detail.timeout || SEND_TIMEOUT;  // a tap never hangs on a dead Wi-Fi
    // Behind moves still kept, a new one waits its turn: the table gets them in the order tapped.
    if (load(PENDING).length) {
      event.preventDefault();
      keep(form, event.detail);
      flush();
    }
  });
  function formOf(detail) {  // the form that sent a request (a swap's events come from its target)
    return moveForm(detail.requestConfig ? detail.requestConfig.elt : detail.elt);
  }
  function failed(event) {
    var form = formOf(event.detail);
    if (!form || !event.detail.requestConfig) return;
    unreachable = true;
    keep(form, event.detail.requestConfig);
  }
  document.addEventListener("htmx:sendError", failed);
  document.addEventListener("htmx:timeout", failed);
  // A proxy's error page in place of the app's answer: the move never reached the app. Taken
  // before app.js sees the swap (capture), so the board is not replaced by the proxy's page.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var detail = event.detail, xhr = detail.xhr;
    if (!xhr || NOT_REACHED.indexOf(xhr.status) < 0 || !formOf(detail) || isBoard(xhr.responseText)) return;
    detail.shouldSwap = false;
    detail.isError = false;
    failed(event);
  }, true);

  // -- sending the kept moves, one at a time, in order --------------------------------------------
  function isBoard(html) { return /<div id="board"/.test(html || ""); }
  function currentCsrf() {
    var field = document.querySelector("#board input[name=csrf_token]");
    return field && field.value;
  }
  function send(item) {
    var body = new URLSearchParams();
    item.fields.forEach(function (pair) {
      var value = pair[0] === "version" ? item.version : pair[0] === "csrf_token" ? currentCsrf() || pair[1] : pair[1];
      body.append(pair[0], value);
    });
    var controller = new AbortController(), timer = setTimeout(function () { controller.abort(); }, SEND_TIMEOUT);
    return fetch(item.url, { method: "POST", body: body, credentials: "same-origin", signal: controller.signal,
                             headers: { "HX-Request": "true" } })
      .then(function (response) { return response.text().then(function (text) { return { status: response.status, html: text }; }); })
      .catch(function () { return null; })
      .then(function (answer) { clearTimeout(timer); return answer; });
  }
  function flush() {
    var pending = load(PENDING);
    if (sending || !pending.length) return;
    sending = true;
    clearTimeout(retryTimer);
    send(pending[0]).then(function (answer) {
      sending = false;
      if (!answer || NOT_REACHED.indexOf(answer.status) >= 0) {  // still no way through (or the table is busy)
        unreachable = true;
        show();
        retryLater();
        return;
      }
      unreachable = false;
      retryDelay = FIRST_RETRY;
      arrived(pending[0], answer);
      flush();
    });
  }
  function retryLater() {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(flush, retryDelay);
    retryDelay = Math.min(retryDelay * 2, LAST_RETRY);
  }

  function arrived(item, answer) {
    var pending = load(PENDING).filter(function (kept) { return kept.id !== item.id; });
    var reason = null;
    if (isBoard(answer.html)) {
      var shown = swapBoard(answer.html), notice = shown && shown.querySelector(".notice");
      reason = notice && notice.textContent.trim();
    }
    if (answer.status < 400) {
      // Moves tapped one after another on a screen that could not change were each made on the
      // board the one before would leave: while nobody else moved in between, they follow it.
      var now = board() && parseInt(board().dataset.version, 10);
      pending.forEach(function (next) {
        if (next.version === item.version && now === parseInt(item.version, 10) + 1) next.version = String(now);
      });
      save(PENDING, pending);
    } else {
      // Refused (the table moved on, a rule): nothing after it is sent either, since each was
      // tapped expecting this one to be applied. All are listed with what was typed.
      var b = bar(), refused = load(REFUSED);
      refused.push({ what: item.what, reason: reason || b.dataset.noReason });
      pending.forEach(function (next) { refused.push({ what: next.what, reason: b.dataset.notSent }); });
      save(REFUSED, refused);
      save(PENDING, []);
      [item].concat(pending).forEach(refill);
    }
    show();
  }
  function swapBoard(html) {
    var old = board();
    if (!old || !window.htmx) return null;
    htmx.swap(old, html, { swapStyle: "outerHTML" });
    return board();
  }
  // What was typed for a refused move goes back into its form on the new board, if it is there
  // (the same move, for the same player: its fixed fields match).
  function refill(item) {
    var own = item.fields.filter(function (p) { return !/^(csrf_token|version|request_id)$/.test(p[0]); });
    var shown = board();
    if (!shown) return;
    shown.querySelectorAll("form").forEach(function (form) {
      var same = own.every(function (p) {
        var field = form.elements[p[0]];
        return field && (field.type !== "hidden" || field.value === p[1]);
      });
      if (!same) return;
      own.forEach(function (p) {
        var fields = form.elements[p[0]];
        (fields instanceof RadioNodeList ? Array.prototype.slice.call(fields) : [fields]).forEach(function (field) {
          if (field.type === "radio" || field.type === "checkbox") { if (field.value === p[1]) field.checked = true; }
          else if (field.type !== "hidden") field.value = p[1];
        });
      });
    });
  }

  // -- the bar at the top of the screen ------------------------------------------------------------
  function fill(template, values) {
    return Object.keys(values).reduce(function (text, key) { return text.split("{" + key + "}").join(values[key]); }, template);
  }
  function show() {
    var b = bar();
    if (!b) return;
    var pending = load(PENDING), refused = load(REFUSED);
    var offline = !navigator.onLine || unreachable, copy = "offlineCopy" in document.documentElement.dataset;
    var state = [];
    if (offline) state.push(navigator.onLine ? b.dataset.unreachable : b.dataset.offline);
    if (copy && offline) state.push(b.dataset.copy);
    if (pending.length) state.push(fill(pending.length === 1 ? b.dataset.one : b.dataset.many, { n: pending.length }));
    b.querySelector(".outbox-state").textContent = state.join(" ");
    list(b.querySelector(".outbox-pending"), pending.map(function (item) { return item.what; }));
    list(b.querySelector(".outbox-refused"), refused.map(function (r) { return fill(b.dataset.refused, { move: r.what, reason: r.reason }); }));
    b.querySelector(".outbox-dismiss").hidden = !refused.length;
    b.hidden = !state.length && !refused.length;
  }
  function list(element, lines) {
    element.textContent = "";
    lines.forEach(function (line) {
      var li = document.createElement("li");
      li.textContent = line;
      element.appendChild(li);
    });
  }
  document.addEventListener("click", function (event) {
    if (!event.target.closest("#outbox .outbox-dismiss")) return;
    save(REFUSED, []);
    show();
  });

  // -- when to try again ---------------------------------------------------------------------------
  function connectionBack() { unreachable = false; retryDelay = FIRST_RETRY; show(); flush(); }
  window.addEventListener("online", connectionBack);
  window.addEventListener("offline", show);
  document.addEventListener("htmx:sseOpen", connectionBack);
  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail.xhr;
    if (xhr && xhr.status >= 200 && xhr.status < 300 && !formOf(event.detail)) connectionBack();
  });
  document.addEventListener("DOMContentLoaded", function () {
    if ("offlineCopy" in document.documentElement.dataset) {
      // An old copy's one-time ids may have been used already: each form gets a new one.
      document.querySelectorAll("#board input[name=request_id]").forEach(function (field) { field.value = newRequestId(); });
    }
    show();
    flush();
  });
})();
