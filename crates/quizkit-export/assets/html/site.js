// quizkit site script: answers on question pages, the weak-question count on topic pages, and
// the shared pieces practice.js builds on. Every page works without it.
(function () {
  "use strict";

  // The questions last answered wrong, per bank and topic, in localStorage as {"weak": [ids]}.
  // `get` answers null when the browser keeps no storage for the page.
  var weak = {
    get: function (key) {
      try {
        var value = JSON.parse(window.localStorage.getItem(key) || "{}");
        return Array.isArray(value.weak) ? value.weak.filter(function (id) {
          return typeof id === "string";
        }) : [];
      } catch (e) {
        return null;
      }
    },
    record: function (key, id, right) {
      var ids = weak.get(key);
      if (ids === null) return;
      ids = ids.filter(function (other) { return other !== id; });
      if (!right) ids.push(id);
      try {
        window.localStorage.setItem(key, JSON.stringify({ weak: ids }));
      } catch (e) {
        // Storage full or refused: the answer still counts for this page.
      }
    }
  };

  function mark(button, symbol) {
    var span = document.createElement("span");
    span.className = "mark";
    span.setAttribute("aria-hidden", "true");
    span.textContent = symbol;
    button.appendChild(span);
  }

  // Turns the <li> items of `list` into buttons. A single-answer question is answered with one
  // press; a multiple-response one toggles options and is answered with a check button.
  // `onAnswer(chosen, right)` gets the chosen option indices (from data-i, else the position).
  function choice(list, key, multiple, checkLabel, onAnswer) {
    var done = false;
    var buttons = Array.prototype.map.call(list.children, function (li, position) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "option";
      button.dataset.i = li.dataset.i !== undefined ? li.dataset.i : String(position);
      while (li.firstChild) button.appendChild(li.firstChild);
      li.appendChild(button);
      li.classList.add("enhanced");
      if (multiple) button.setAttribute("aria-pressed", "false");
      return button;
    });
    var check = null;

    function finish(chosen) {
      done = true;
      var right = chosen.length === key.length && chosen.every(function (i) {
        return key.indexOf(i) >= 0;
      });
      buttons.forEach(function (button) {
        var i = Number(button.dataset.i);
        button.setAttribute("aria-disabled", "true");
        if (key.indexOf(i) >= 0) {
          button.classList.add("is-right");
          mark(button, "✓");
        } else if (chosen.indexOf(i) >= 0) {
          button.classList.add("is-wrong");
          mark(button, "✗");
        }
      });
      if (check) check.setAttribute("aria-disabled", "true");
      onAnswer(chosen, right);
    }

    buttons.forEach(function (button) {
      button.addEventListener("click", function () {
        if (done) return;
        if (multiple) {
          var pressed = button.getAttribute("aria-pressed") === "true";
          button.setAttribute("aria-pressed", pressed ? "false" : "true");
        } else {
          finish([Number(button.dataset.i)]);
        }
      });
    });
    if (multiple) {
      check = document.createElement("button");
      check.type = "button";
      check.className = "primary";
      check.textContent = checkLabel;
      check.addEventListener("click", function () {
        if (done) return;
        finish(buttons.filter(function (b) {
          return b.getAttribute("aria-pressed") === "true";
        }).map(function (b) { return Number(b.dataset.i); }));
      });
      list.insertAdjacentElement("afterend", check);
    }
    return buttons;
  }

  window.quizkit = { weak: weak, choice: choice };

  // A question page: choose an option, see at once whether it is right, and the explanation.
  var article = document.querySelector("article.question");
  if (article) {
    var list = article.querySelector("ol.options");
    var verdict = article.querySelector(".verdict");
    var details = article.querySelector("details.answer");
    var key = (list.dataset.key || "").split(" ").filter(Boolean).map(Number);
    var multiple = list.dataset.multiple === "true";
    if (key.length && verdict) {
      if (multiple) {
        var hint = document.createElement("p");
        hint.textContent = verdict.dataset.chooseAll;
        list.insertAdjacentElement("beforebegin", hint);
      }
      choice(list, key, multiple, verdict.dataset.check, function (chosen, right) {
        verdict.textContent = right ? verdict.dataset.correct : verdict.dataset.wrong;
        verdict.className = "verdict " + (right ? "good" : "bad");
        chosen.forEach(function (i) {
          var feedback = document.getElementById("feedback-" + i);
          if (feedback) {
            var span = document.createElement("span");
            span.className = "feedback-text";
            span.innerHTML = feedback.innerHTML;
            verdict.appendChild(span);
          }
        });
        if (details) details.open = true;
        weak.record(article.dataset.storageKey, article.dataset.qid, right);
      });
    }
  }

  // A topic page: how many weak questions there are now.
  Array.prototype.forEach.call(document.querySelectorAll("[data-weak-count]"), function (el) {
    var holder = el.closest("[data-storage-key]");
    var ids = holder && weak.get(holder.dataset.storageKey);
    if (!ids) return;
    var known = {};
    Array.prototype.forEach.call(document.querySelectorAll("[data-qid]"), function (li) {
      known[li.dataset.qid] = true;
    });
    var n = ids.filter(function (id) { return known[id]; }).length;
    el.textContent = n === 0 ? el.dataset.none : n === 1 ? el.dataset.one : el.dataset.other.replace("{n}", String(n));
    el.hidden = false;
  });

  // The practice page: the language switch keeps the practice mode.
  if (document.getElementById("practice-data")) {
    var keepMode = function () {
      Array.prototype.forEach.call(document.querySelectorAll(".langs a"), function (a) {
        a.hash = window.location.hash;
      });
    };
    keepMode();
    window.addEventListener("hashchange", keepMode);
  }

  // Printing shows every answer, also where the reader never opened it.
  window.addEventListener("beforeprint", function () {
    Array.prototype.forEach.call(document.querySelectorAll("details:not([open])"), function (d) {
      d.open = true;
      d.dataset.printOpened = "true";
    });
  });
  window.addEventListener("afterprint", function () {
    Array.prototype.forEach.call(document.querySelectorAll("details[data-print-opened]"), function (d) {
      d.open = false;
      delete d.dataset.printOpened;
    });
  });
})();
