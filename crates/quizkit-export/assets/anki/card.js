// quizkit multiple-choice card: pick an option on the front, see the verdict on the back.
// Plain ES5 without external resources. Anki's template engine reads double braces as field
// references, so this file never contains two braces in a row.
(function () {
  "use strict";
  var cards = document.querySelectorAll(".qk-card");
  var card = cards[cards.length - 1];
  if (!card) {
    return;
  }
  var id = card.getAttribute("data-qk-id") || "";
  var back = /\bqk-back\b/.test(card.className);
  var list = card.querySelector("ol.qk-options");
  var multi = !!(list && list.hasAttribute("data-qk-multi"));
  var items = card.querySelectorAll("li.qk-option");
  var KEY = "quizkit-pick";

  // Anki desktop keeps one page for both sides, so a global carries the pick; AnkiDroid may load
  // the back as a new page, so the pick also goes to sessionStorage (localStorage where that is
  // unavailable). The front clears it first: a pick never leaks from an earlier review.
  function storage() {
    try {
      if (window.sessionStorage) {
        return window.sessionStorage;
      }
    } catch (e) {
      // sessionStorage refused (file:// pages on some WebViews): try localStorage.
    }
    try {
      return window.localStorage || null;
    } catch (e) {
      return null;
    }
  }

  function save(letters) {
    window.quizkitPick = { id: id, letters: letters };
    var s = storage();
    if (s) {
      try {
        s.setItem(KEY, id + "\n" + letters);
      } catch (e) {
        // Storage full or refused: the global still works on desktop.
      }
    }
  }

  function load() {
    var pick = window.quizkitPick;
    if (pick && pick.id === id) {
      return pick.letters;
    }
    var s = storage();
    var saved = "";
    if (s) {
      try {
        saved = s.getItem(KEY) || "";
      } catch (e) {
        saved = "";
      }
    }
    var cut = saved.indexOf("\n");
    return cut >= 0 && saved.slice(0, cut) === id ? saved.slice(cut + 1) : "";
  }

  function letterOf(item) {
    return item.getAttribute("data-qk-letter") || "";
  }

  function picked() {
    var letters = "";
    for (var i = 0; i < items.length; i++) {
      if (/\bqk-picked\b/.test(items[i].className)) {
        letters += letterOf(items[i]);
      }
    }
    return letters;
  }

  function mark(item, on) {
    var cls = item.className.replace(/\s*\bqk-picked\b/g, "");
    item.className = on ? cls + " qk-picked" : cls;
    if (!back) {
      item.setAttribute("aria-pressed", on ? "true" : "false");
    }
  }

  function toggle(item) {
    var on = !/\bqk-picked\b/.test(item.className);
    if (!multi) {
      for (var i = 0; i < items.length; i++) {
        mark(items[i], false);
      }
    }
    mark(item, on);
    save(picked());
  }

  card.className += " qk-js" + (multi ? " qk-multi" : "");

  if (!back) {
    save("");
    for (var i = 0; i < items.length; i++) {
      (function (item) {
        item.setAttribute("role", "button");
        item.setAttribute("tabindex", "0");
        item.setAttribute("aria-pressed", "false");
        item.addEventListener("click", function (event) {
          if (event.target && event.target.closest && event.target.closest("a")) {
            return;
          }
          toggle(item);
        });
        item.addEventListener("keydown", function (event) {
          if (event.key === " " || event.key === "Enter") {
            event.preventDefault();
            toggle(item);
          }
        });
      })(items[i]);
    }
    return;
  }

  var chosen = load();
  var right = items.length > 0;
  for (var j = 0; j < items.length; j++) {
    var isPicked = chosen.indexOf(letterOf(items[j])) >= 0;
    var isKey = items[j].hasAttribute("data-qk-correct");
    mark(items[j], isPicked);
    if (isPicked !== isKey) {
      right = false;
    }
  }
  var verdict = card.querySelector(".qk-verdict");
  if (verdict) {
    verdict.className += chosen === "" ? " qk-none" : right ? " qk-right" : " qk-wrong";
  }
})();
