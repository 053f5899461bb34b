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

  // Typed numbers (number_entry): the box's bounds are checked before the move is sent, in the
  // server's own words (data-bounds), so the browser refuses the form and says why; the ± key
  // flips the sign (a numeric keypad has no minus); a tap on a filled box selects it, so the
  // keys typed replace the number instead of adding to it.
  function checkBounds(input) {
    var text = input.value.trim(), value = parseInt(text, 10);
    var wrong = text !== "" && (!/^-?[0-9]+$/.test(text) || value < parseInt(input.dataset.min, 10) ||
                                value > parseInt(input.dataset.max, 10));
    input.setCustomValidity(wrong ? input.dataset.bounds : "");
  }
  document.addEventListener("input", function (event) {
    if (event.target.matches && event.target.matches("input.number-box")) checkBounds(event.target);
  });
  document.addEventListener("focusin", function (event) {
    if (event.target.matches && event.target.matches("input.number-box") && event.target.value) event.target.select();
  });
  document.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-sign]");
    var input = button && button.parentElement.querySelector("input.number-box");
    if (!input) return;
    input.value = input.value.charAt(0) === "-" ? input.value.slice(1) : "-" + input.value;
    checkBounds(input);
  });

  // Quick values ([data-quick]): one tap on a value button fills the box beside it (a larger
  // value is typed); the button of the value in the box shows pressed.
  function showQuick(box) {
    var input = box.querySelector("input");
    box.querySelectorAll("button[data-value]").forEach(function (b) {
      b.setAttribute("aria-pressed", input && b.dataset.value === input.value.trim() ? "true" : "false");
    });
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-quick] button[data-value]");
    var box = button && button.closest("[data-quick]"), input = box && box.querySelector("input");
    if (!input) return;
    input.value = button.dataset.value;
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
  document.addEventListener("input", function (event) {
    var box = event.target.closest && event.target.closest("[data-quick]");
    if (box) showQuick(box);
  });
  document.addEventListener("htmx:afterSettle", function () {  // a value kept across a new board
    document.querySelectorAll("[data-quick]").forEach(showQuick);
  });

  // A move shown at once. A form whose number adds to numbers on the board (data-adds-to: the
  // score pad's points to a player's total and round) shows them added the moment the move is
  // sent, marked as on its way (app.css), instead of a round trip and a new board later (a third
  // of a second on a slowed phone: README, P9). The server's board then replaces them, its own
  // numbers; a move that never reached it (the outbox keeps it) puts the numbers back, and a
  // refused one comes back with the true board and its reason. Shown once per request id: a
  // double tap is one move.
  var shownAtOnce = [];
  function asNumber(text) { return parseInt(text.trim().replace("\u2212", "-"), 10); }
  function showAtOnce(form) {
    var box = form.querySelector("input.number-box"), amount = box ? asNumber(box.value) : NaN;
    var id = form.elements.request_id && form.elements.request_id.value;
    if (isNaN(amount) || !amount || form.dataset.shownFor === id) return;
    form.dataset.shownFor = id;
    document.querySelectorAll(form.dataset.addsTo).forEach(function (cell) {
      var was = cell.textContent, number = asNumber(was);
      if (isNaN(number)) return;
      var sum = String(number + amount);
      cell.textContent = was.indexOf("\u2212") >= 0 ? sum.replace("-", "\u2212") : sum;
      cell.classList.add("on-its-way");
      shownAtOnce.push({ form: form, cell: cell, was: was });
    });
  }
  function putBack(form) {
    shownAtOnce = shownAtOnce.filter(function (shown) {
      if (shown.form !== form) return true;
      if (shown.cell.isConnected) {  // no new board came: the move did not land (yet)
        shown.cell.textContent = shown.was;
        shown.cell.classList.remove("on-its-way");
      }
      return false;
    });
    delete form.dataset.shownFor;
  }
  // Shown as the form is submitted, and sent right after the frame that shows it: htmx's part and
  // the request's sending (a slowed phone's 14 ms) no longer stand between the tap and its paint
  // (the web's advice for a quick Interaction to Next Paint: yield after the visual update). A
  // timer sends it where no frame comes (a phone put to sleep at once). A new board drawn in that
  // moment has the same form (its typed value kept): the move goes from there. Put back at once if
  // it did not leave (the browser's own checks, htmx not sending it); the outbox keeps a move that
  // left but never arrived.
  var sending = null;
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form[data-adds-to]")) return;
    if (form === sending) return;  // its turn: htmx takes it
    event.preventDefault();
    event.stopPropagation();
    if (form.dataset.waiting) return;  // tapped twice within the frame: one move
    form.dataset.waiting = "1";
    showAtOnce(form);
    var submitter = event.submitter, sent = false;
    function send() {
      if (sent) return;
      sent = true;
      delete form.dataset.waiting;
      var now = form.isConnected ? form : form.id && document.getElementById(form.id);
      if (now !== form) putBack(form);
      if (!now) return;  // the new board has no such move any more
      showAtOnce(now);
      sending = now;
      now.requestSubmit(submitter && submitter.form === now ? submitter : null);  // htmx sends at once
      if (sending === now) { sending = null; putBack(now); }  // no request left
    }
    requestAnimationFrame(function () { setTimeout(send, 0); });
    setTimeout(send, 100);
  }, true);
  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = event.detail.elt;
    if (form === sending) sending = null;  // on its way
    // Again if a double tap's first request, cancelled for the second (hx-sync), put it back.
    if (form.matches && form.matches("form[data-adds-to]")) showAtOnce(form);
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var form = event.detail.elt;
    if (form.matches && form.matches("form[data-adds-to]")) putBack(form);
  });

  // A move's notice (refused, stale, already done) stays in view at the top of the screen,
  // wherever the phone is scrolled (app.css), until it is tapped away or the board changes.
  document.addEventListener("click", function (event) {
    var notice = event.target.closest("#board > .notice");
    if (notice) notice.remove();
  });

  // A plain form whose effect is hard to take back (the host freeing a seat) asks first.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.dataset && form.dataset.confirm && !window.confirm(form.dataset.confirm)) event.preventDefault();
  });

  // A phone whose seat was freed (by the host, or by itself on another tab) is told so on its next
  // board, instead of silently turning into a spectator's view.
  var seatBefore = null;
  document.addEventListener("htmx:beforeSwap", function (event) {
    var board = document.getElementById("board");
    seatBefore = board && event.detail.target === board ? board.dataset.seat : null;
  });
  document.addEventListener("htmx:afterSwap", function () {
    var board = document.getElementById("board"), was = seatBefore;
    seatBefore = null;
    if (!board || !was || board.dataset.seat !== "" || !board.dataset.seatLost) return;
    var notice = document.createElement("p");
    notice.className = "notice error seat-lost";
    notice.setAttribute("role", "alert");
    notice.textContent = board.dataset.seatLost;
    board.insertBefore(notice, board.firstChild);
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

  // Never fall behind. Every announcement is heard straight from the stream, by a listener of
  // our own on the EventSource: htmx's listener belongs to the board, and is missing for the
  // moment a new board is being swapped in. A board older than the newest announcement is
  // fetched again once no request of this phone is on its way.
  var announced = 0, lastHeard = Date.now();
  function catchUp(delay) {
    setTimeout(function () {
      var version = boardVersion();
      var board = document.getElementById("board");
      var busy = board && board.classList.contains("htmx-request");
      if (version !== null && announced > version && !busy) document.body.dispatchEvent(new CustomEvent("resync"));
    }, delay);
  }
  function heard(event) {  // a "version" announcement, or a quiet stream's "ping" repeating it
    lastHeard = Date.now();
    var version = parseInt(event.data, 10);
    if (!isNaN(version) && version > announced) announced = version;
    catchUp(300);
  }
  var listening = new WeakSet();
  document.addEventListener("htmx:sseOpen", function (event) {
    lastHeard = Date.now();
    var source = event.detail && event.detail.source;
    if (!source || listening.has(source)) return;  // EventSource reconnects reuse the object
    listening.add(source);
    source.addEventListener("version", heard);
    source.addEventListener("ping", heard);
  });
  // The fallback: a stream silent for longer than its pings allow is not working (a proxy that
  // buffers it, a connection the network dropped), so the phone asks for itself until it speaks.
  // A phone whose stream works does not poll: a busy club's server is spared the questions.
  document.addEventListener("DOMContentLoaded", function () {
    var live = document.getElementById("live");
    if (!live) return;
    var quiet = parseFloat(live.dataset.quietSeconds) * 1000 || 20000;
    setInterval(function () {
      if (document.visibilityState === "visible" && Date.now() - lastHeard > quiet) resync();
    }, (parseFloat(live.dataset.pollSeconds) || 10) * 1000);
  });
  // After the swap has settled (or a 204 "nothing new"), check again.
  document.addEventListener("htmx:afterRequest", function () { catchUp(150); });

  // Another phone's move must not take a half-made choice away, nor this phone's own move close
  // the section it was made in. What this phone had open comes back on the new board, matched by id:
  // - an open <details> with an id, while its data-open-for (what it was opened for, if given)
  //   is unchanged — after any new board, this phone's own moves included;
  // and only when the board re-fetches itself (a live message, a poll, a resync) rather than
  // answering a move made here (after which the form just sent starts afresh):
  // - the fields named in a form's data-keep (a palette's picked piece), after any new board;
  // - everything typed and tapped in every form, after a move of this phone's that was refused
  //   (the notice says what to change; nothing of what was entered has to be entered again);
  // - the fields changed in a form with an id (radio buttons tied to it by form="…" included),
  //   all of them or none: a picker whose square another phone has just taken has no radio
  //   button left to check, so it closes and starts afresh. Hidden fields (the version, the
  //   request id) always come from the new board;
  // - the focused field, and the scroll position of boxes scrolled inside the board.
  var kept = null;
  var UNKEPT_TYPES = /^(hidden|submit|button|reset|image|file|select-multiple|fieldset|output|object)$/;
  function isChoice(field) { return field.type === "radio" || field.type === "checkbox"; }
  function keptFields(form) {
    // [field, key] for each field a person fills in; the key survives a re-render
    var pairs = [], seen = {};
    Array.prototype.forEach.call(form.elements, function (field) {
      if (!field.name || UNKEPT_TYPES.test(field.type)) return;
      seen[field.name] = (seen[field.name] || 0) + 1;
      pairs.push([field, field.name + (isChoice(field) ? "=" + field.value : "#" + seen[field.name])]);
    });
    return pairs;
  }
  function defaultIndex(select) {
    var index = 0;
    Array.prototype.forEach.call(select.options, function (option, i) { if (option.defaultSelected) index = i; });
    return index;
  }
  function changed(field) {
    if (isChoice(field)) return field.checked !== field.defaultChecked;
    if (field.type === "select-one") return field.selectedIndex !== defaultIndex(field);
    return field.value !== field.defaultValue;
  }
  function canTake(field, value) {
    return field.type !== "select-one" || Array.prototype.some.call(field.options, function (o) { return o.value === value; });
  }
  function boxKey(box) {
    return box.id ? "#" + box.id : "#" + box.parentElement.closest("[id]").id + " ." + box.getAttribute("class");
  }
  // Boxes scrolled inside the board (a wide table, a grid, a sheet), noted as they scroll: a new
  // board then does not measure every element to find them (reading each one's scrollTop made the
  // browser lay the old board out again, on every other phone's move).
  var scrolledBoxes = {};
  document.addEventListener("scroll", function (event) {
    var box = event.target;
    if (box.closest && box.closest("#board")) scrolledBoxes[boxKey(box)] = { top: box.scrollTop, left: box.scrollLeft };
  }, true);
  function keepChoices(board, refetched, refused) {
    var state = { open: [], forms: [], focus: null, scrolled: [] };
    board.querySelectorAll("details[open][id]").forEach(function (details) {
      state.open.push({ id: details.id, openFor: details.getAttribute("data-open-for") });
    });
    board.querySelectorAll("form[id]").forEach(function (form) {
      // After this phone's own move only a form's data-keep fields stay (a palette's picked piece)
      var only = refetched || refused ? null : (form.getAttribute("data-keep") || "").split(" ").filter(Boolean);
      if (only && !only.length) return;
      var changes = [];
      keptFields(form).forEach(function (pair) {
        var field = pair[0], key = pair[1];
        if (only && only.indexOf(field.name) < 0) return;
        if (changed(field)) changes.push({ key: key, checked: field.checked, value: field.value });
        if (refetched && field === document.activeElement) {
          var start = null, end = null;
          try { start = field.selectionStart; end = field.selectionEnd; } catch (e) { /* no text selection here */ }
          state.focus = { form: form.id, key: key, start: start, end: end };
        }
      });
      if (changes.length) state.forms.push({ id: form.id, changes: changes });
    });
    if (!refetched) {  // an answer to this phone's own move: only what is open (and kept) stays
      scrolledBoxes = {};
      return state;
    }
    Object.keys(scrolledBoxes).forEach(function (key) {
      var was = scrolledBoxes[key];
      if (was.top || was.left) state.scrolled.push({ key: key, top: was.top, left: was.left });
    });
    return state;
  }
  function inBoard(board, id, tag) {
    var element = document.getElementById(id);
    return element && element.tagName === tag && board.contains(element) ? element : null;
  }
  function fieldsByKey(form) {
    var fields = {};
    keptFields(form).forEach(function (pair) { fields[pair[1]] = pair[0]; });
    return fields;
  }
  function restoreChoices(board, state) {
    state.open.forEach(function (was) {
      var details = inBoard(board, was.id, "DETAILS");
      if (details && details.getAttribute("data-open-for") === was.openFor) details.open = true;
    });
    var dropped = {};
    state.forms.forEach(function (was) {
      var form = inBoard(board, was.id, "FORM");
      var fields = form ? fieldsByKey(form) : {};
      var whole = form && was.changes.every(function (c) { return fields[c.key] && canTake(fields[c.key], c.value); });
      if (!whole) { dropped[was.id] = true; return; }  // what it was filled in for is gone: it starts afresh
      was.changes.forEach(function (c) {
        var field = fields[c.key];
        if (isChoice(field)) field.checked = c.checked; else field.value = c.value;
      });
    });
    var focus = state.focus;
    var form = focus && !dropped[focus.form] && inBoard(board, focus.form, "FORM");
    var field = form && fieldsByKey(form)[focus.key];
    if (field) {
      field.focus({ preventScroll: true });
      try { if (focus.start !== null) field.setSelectionRange(focus.start, focus.end); } catch (e) { /* not a text field */ }
    }
    if (state.scrolled.length) {
      var boxes = {};
      board.querySelectorAll("*").forEach(function (box) {
        var key = boxKey(box);
        if (!(key in boxes)) boxes[key] = box;
      });
      state.scrolled.forEach(function (was) {
        var box = boxes[was.key];
        if (box) { box.scrollTop = was.top; box.scrollLeft = was.left; }
      });
    }
  }
  document.addEventListener("htmx:beforeSwap", function (event) {
    var board = document.getElementById("board"), detail = event.detail;
    kept = null;
    if (!board || !detail.shouldSwap || detail.target !== board) return;
    var refetched = detail.requestConfig && detail.requestConfig.elt === board;
    kept = keepChoices(board, refetched, !refetched && detail.xhr && detail.xhr.status >= 400);
  });
  document.addEventListener("htmx:afterSwap", function () {
    var board = document.getElementById("board");
    if (kept && board) restoreChoices(board, kept);
    kept = null;
  });

  // After any move the phone shows its next step, never wherever the tapped button had left the page.
  // A seat that owes something (the "your move" bar, templates/_owed.html) has that control brought
  // into view, below the bar: after this phone's own move, even one made inside an open panel (the
  // panel it was made in is often gone, an episode entered), and when another phone's move makes
  // something new owed here or pushes the owed control off the screen — unless this phone is typing
  // in a field. A seat that owes nothing sees
  // the step (the game's first section after the board's head line) after its own move; a move made
  // inside an open panel with an id (the host's corrections) then stays where it was.
  var ownMove = null, owedBefore = null, owedSeen = false;
  function owedKey(board) {
    var bar = board && board.querySelector("#owed");
    return bar ? bar.dataset.key : "";
  }
  function owedControl(board) {
    var bar = board && board.querySelector("#owed");
    var target = bar && bar.dataset.target ? document.getElementById(bar.dataset.target) : null;
    return target && board.contains(target) ? target : null;
  }
  function inView(target) {
    var bar = document.getElementById("owed");
    var top = bar ? bar.getBoundingClientRect().bottom : 0, box = target.getBoundingClientRect();
    // Whether it fits on the screen is judged with the bar where it sticks, at the screen's top:
    // near the page's top the bar sits lower, and a control that fits once scrolled up is scrolled
    // up, not taken for one taller than the screen (whose top half on screen would do).
    var stuck = bar ? (parseFloat(getComputedStyle(bar).top) || 0) + bar.offsetHeight : 0;
    var tall = box.height > window.innerHeight - stuck;
    return box.top >= top - 1 && (tall ? box.top <= window.innerHeight / 2 : box.bottom <= window.innerHeight + 1);
  }
  function bringIntoView(target) {
    if (!inView(target)) target.scrollIntoView({ block: "start" });  // html's scroll-padding keeps it below the bar
  }
  document.addEventListener("htmx:beforeSwap", function (event) {
    var detail = event.detail, config = detail.requestConfig;
    // Only a new board counts: an answer that swaps nothing (the live stream's 204 right behind
    // this phone's own move) must not make the phone forget that move before its board settled.
    if (!detail.shouldSwap || !detail.target || detail.target.id !== "board") return;
    ownMove = null;
    owedSeen = false;
    owedBefore = owedKey(detail.target);
    var control = owedControl(detail.target);
    owedSeen = !!control && inView(control);
    if (!config || config.verb !== "post") return;
    ownMove = { inPanel: !!(config.elt && config.elt.closest && config.elt.closest("details[open][id]")),
                refused: detail.xhr && detail.xhr.status >= 400 };
  });
  document.addEventListener("htmx:afterSettle", function () {
    var move = ownMove, before = owedBefore, board = document.getElementById("board");
    ownMove = null;
    owedBefore = null;
    if (before === null || !board || document.body.classList.contains("display")) return;
    if (move && move.refused) return;  // the notice says why; the form stays where it was
    var control = owedControl(board);
    var typing = document.activeElement && board.contains(document.activeElement) &&
                 /^(INPUT|TEXTAREA|SELECT)$/.test(document.activeElement.tagName);
    // Another phone's move: what is newly owed here comes into view, and a control that was in
    // view stays there (a line the new board adds above it must not push it off the screen).
    var moved = owedKey(board) !== before || owedSeen;
    owedSeen = false;
    if (control && (move || (moved && !typing))) { bringIntoView(control); return; }
    if (!move || move.inPanel) return;
    var step = board.querySelector(".boardhead ~ .card, .boardhead ~ * .card");
    if (!step) return;
    var box = step.getBoundingClientRect();
    if (box.top < 0 || box.top > window.innerHeight / 3) window.scrollTo({ top: 0 });
  });
  // A tap on the bar takes the phone to the control (the link does that without JavaScript too),
  // below the bar, and puts the focus there for a keyboard or a screen reader.
  document.addEventListener("click", function (event) {
    var link = event.target.closest("#owed a");
    var target = link && owedControl(document.getElementById("board"));
    if (!target) return;
    event.preventDefault();
    target.scrollIntoView({ block: "start" });
    var first = target.matches("summary, button, input, select, textarea") ? target :
                target.querySelector("summary, button:not([disabled]), input:not([type=hidden]), select, textarea");
    if (first) first.focus({ preventScroll: true });
  });

  // A form that asks one thing after another ([data-walk] around its fields, the Legend's episode
  // entry) brings the next question into view after each choice, below the bar, so the thumb never
  // scrolls down the form to find it. A choice outside any [data-step] (what kind of thing it is)
  // brings the form's top up, the questions it opens under it; a choice in a step, the first step
  // after it still to answer (shown, and no choice made: tick boxes and buttons always count).
  // Undoing a choice ("change", an empty value) or one that opens a box to type in ([data-stay])
  // leaves the page where it is.
  function toAnswer(step) {
    if (!step.getClientRects().length) return false;  // not asked (hidden for this kind)
    if (!step.querySelector("input[type=radio]")) return true;
    return !step.querySelector("input[type=radio]:checked:not([value=''])");
  }
  document.addEventListener("change", function (event) {
    var field = event.target, walk = field.closest && field.closest("[data-walk]");
    if (!walk || field.type !== "radio" || !field.value || field.hasAttribute("data-stay")) return;
    var here = field.closest("[data-step]");
    if (!here) { (walk.closest("form") || walk).scrollIntoView({ block: "start" }); return; }
    var steps = Array.prototype.slice.call(walk.querySelectorAll("[data-step]"));
    var next = steps.slice(steps.indexOf(here) + 1).filter(toAnswer)[0];
    if (next) bringIntoView(next);
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
