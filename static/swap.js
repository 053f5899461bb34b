// A new board changes only what changed on the phone (an htmx extension, "board", named on the
// table page's #live). The server sends the whole board, for a move's answer as for a refresh
// (one partial, _board_frame.html); swapped whole, a throttled phone spent most of a tap's time
// taking down and setting up every element (htmx's clean-up and set-up of each, the style and
// layout of all of it) for a move that changed a total and a history line (bench/run.py, P9).
//
// The board element stays, and so does every part of it whose markup is the new one's (but for
// the values that change with every board: the version, the one-time request ids, the CSRF token,
// which are copied over): it is put back as the server drew it, what was typed, ticked or picked
// in it back to its drawn value, as in a fresh part, so that app.js's keepChoices/restoreChoices
// decide what comes back, as before. A part whose own tag and attributes are the new one's but
// whose content changed is gone into, the same way (a score's cell, a history line); any other
// part is replaced by the new one, which htmx then sets up. A part a script has changed (an opened
// <details>, a pressed quick value) is not the same markup: it is replaced, or gone into. A board
// whose own attributes changed (another seat, another language) is swapped whole, as is anything
// that is not one board.
(function () {
  "use strict";
  if (!window.htmx) return;

  var PER_BOARD = /(name="(?:csrf_token|version|request_id)" value=")[^"]*"/g;
  var HTMX_STATE = / class="(?:htmx-[a-z]+ ?)+"| htmx-(?:request|added|settling|swapping)\b/g;
  var answering = false;  // the swap under way answers this phone's own move

  function markup(node) {
    if (node.nodeType !== 1) return node.nodeType + ":" + node.nodeValue;  // text, a comment
    return node.outerHTML.replace(PER_BOARD, '$1"').replace(HTMX_STATE, "").replace(/ class=" +/g, ' class="');
  }
  function tagAndAttributes(element) {
    return element.tagName + "\n" + frame(element);
  }
  function frame(element) {  // its attributes but htmx's classes (and, on the board, what changes with every board)
    var board = element.id === "board";
    return Array.prototype.map.call(element.attributes, function (a) {
      var value = a.name === "class" ? a.value.replace(/\bhtmx-[a-z]+\b/g, "").trim() : a.value;
      var skip = (board && (a.name === "data-version" || a.name === "hx-get")) || (a.name === "class" && !value);
      return skip ? "" : a.name + "=" + value;
    }).filter(Boolean).sort().join("\n");
  }
  // Gone into when changed: any element but a form's fields, whose state is more than their markup.
  var WHOLE = /^(INPUT|SELECT|TEXTAREA|OPTION|OPTGROUP|SCRIPT|TEMPLATE)$/;
  function onlyBoard(fragment) {
    var elements = fragment.children || [];
    return elements.length === 1 && elements[0].id === "board" ? elements[0] : null;
  }

  // A kept part as the server drew it: its per-board values from the new one, what a person
  // changed in it back to the drawn value.
  function redraw(part, drawn) {
    if (part.nodeType !== 1) return;
    var hidden = "input[type=hidden]", fields = "input, select, textarea";
    var now = [part].concat(Array.prototype.slice.call(part.querySelectorAll(hidden))).filter(function (e) { return e.matches(hidden); });
    var then = [drawn].concat(Array.prototype.slice.call(drawn.querySelectorAll(hidden))).filter(function (e) { return e.matches(hidden); });
    for (var i = 0; i < now.length; i++) now[i].value = then[i].value;
    [part].concat(Array.prototype.slice.call(part.querySelectorAll(fields))).forEach(function (field) {
      if (!field.matches(fields) || field.type === "hidden") return;
      if (field.type === "radio" || field.type === "checkbox") field.checked = field.defaultChecked;
      else if (field.tagName === "SELECT") {
        Array.prototype.forEach.call(field.options, function (o) { o.selected = o.defaultSelected; });
      } else if (field.value !== field.defaultValue) field.value = field.defaultValue;
      if (field.setCustomValidity) field.setCustomValidity("");
    });
    if (answering && part.contains(document.activeElement)) document.activeElement.blur();
  }

  // The new parts of ``fresh``, in order, into ``element``: each kept (the next old one with the
  // same markup; those skipped on the way go), gone into (the old one in its place has the same
  // tag and attributes, and is not itself kept further on: a history line pushed down by a new
  // one), or put in (``added``, for htmx to set up).
  function update(element, fresh, added) {
    var old = Array.prototype.slice.call(element.childNodes), olds = old.map(markup), next = 0;
    var parts = Array.prototype.slice.call(fresh.childNodes), news = parts.map(markup);
    parts.forEach(function (part, n) {
      var at = olds.indexOf(news[n], next), here = old[next];
      if (at >= 0) {
        for (; next < at; next++) old[next].remove();
        redraw(old[next++], part);
      } else if (here && here.nodeType === 1 && part.nodeType === 1 && !WHOLE.test(part.tagName) &&
                 news.indexOf(olds[next], n + 1) < 0 && tagAndAttributes(here) === tagAndAttributes(part)) {
        update(here, part, added);
        next++;
      } else {
        element.insertBefore(part, here || null);
        if (part.nodeType === 1) added.push(part);
      }
    });
    for (; next < old.length; next++) old[next].remove();
  }

  htmx.defineExtension("board", {
    handleSwap: function (style, target, fragment) {
      if (style !== "board" || target.id !== "board") return false;
      var fresh = onlyBoard(fragment);
      if (!fresh || frame(fresh) !== frame(target)) return false;  // swapped whole (the default, outerHTML)
      var added = [], queued = (target["htmx-internal-data"] || {}).queuedRequests;
      // As when the board was swapped whole: a refresh queued behind this phone's move (its own
      // announcement, heard while the move was on its way) is not sent; app.js catches up if the
      // table moved on meanwhile.
      if (answering && queued) queued.length = 0;
      update(target, fresh, added);
      target.setAttribute("hx-get", fresh.getAttribute("hx-get"));
      target.setAttribute("data-version", fresh.getAttribute("data-version"));
      return added;
    },
  });

  document.addEventListener("htmx:beforeSwap", function (event) {
    var detail = event.detail, config = detail.requestConfig;
    if (!detail.shouldSwap || !detail.target || detail.target.id !== "board" ||
        !detail.target.closest("[hx-ext~='board'], [hx-ext*=',board'], [hx-ext*=', board']")) return;
    if (detail.swapOverride == null || detail.swapOverride === "outerHTML") detail.swapOverride = "board";
    answering = !!config && config.verb === "post";
  });
  document.addEventListener("htmx:afterSwap", function () { answering = false; });

  // The board stays, and htmx took the address it refreshes from when it first set it up: a
  // refresh asks "anything newer than the board shown?" for the board shown now.
  document.addEventListener("htmx:configRequest", function (event) {
    var detail = event.detail, board = document.getElementById("board");
    if (!board || detail.elt !== board || detail.verb !== "get") return;
    detail.path = detail.path.replace(/([?&]since=)\d+/, "$1" + board.dataset.version);
  });
})();
