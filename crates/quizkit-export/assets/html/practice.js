// quizkit practice: one question at a time, feedback after each answer, the score and a review
// at the end. The mode comes from the address: #ten (default), #all or #weak. The questions and
// strings come from the page's JSON data block; the questions answered wrong are kept through
// site.js (localStorage, per bank and topic) and make up the weak mode.
(function () {
  "use strict";
  var root = document.getElementById("practice");
  var block = document.getElementById("practice-data");
  if (!root || !block || !window.quizkit) return;
  var data = JSON.parse(block.textContent);
  var S = data.strings;
  var weak = window.quizkit.weak;
  var MODES = ["ten", "all", "weak"];
  var session = null;

  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (whole, name) {
      return Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole;
    });
  }

  function letters(positions) {
    var names = positions.slice().sort(function (a, b) { return a - b; }).map(function (p) {
      return String.fromCharCode(65 + p);
    });
    if (names.length < 2) return names.join("");
    return names.slice(0, -1).join(", ") + S.letters_and + names[names.length - 1];
  }

  function shuffled(items) {
    var a = items.slice();
    for (var i = a.length - 1; i > 0; i--) {
      var j = Math.floor(Math.random() * (i + 1));
      var t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
    return a;
  }

  // An element with attributes and children (strings become text, never markup).
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) {
      if (name === "html") node.innerHTML = attrs.html; // HTML the exporter rendered and escaped
      else if (name === "text") node.textContent = attrs.text;
      else node.setAttribute(name, attrs[name]);
    });
    (children || []).forEach(function (child) {
      if (child) node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    });
    return node;
  }

  function mode() {
    var m = window.location.hash.slice(1);
    return MODES.indexOf(m) >= 0 ? m : "ten";
  }

  function go(m) {
    if (mode() === m && window.location.hash === "#" + m) start(true);
    else window.location.hash = m;
  }

  function modeName(m) {
    if (m === "ten") return fill(S.mode_ten, { n: Math.min(data.short, data.questions.length) });
    return m === "all" ? S.mode_all : S.mode_weak;
  }

  function weakIds() {
    var ids = weak.get(data.storageKey);
    if (ids === null) return null;
    return data.questions.filter(function (q) { return ids.indexOf(q.id) >= 0; }).map(function (q) {
      return q.id;
    });
  }

  function start(focus) {
    var m = mode();
    var pool = data.questions.map(function (q, i) { return i; });
    if (m === "weak") {
      var ids = weakIds() || [];
      pool = pool.filter(function (i) { return ids.indexOf(data.questions[i].id) >= 0; });
    }
    pool = shuffled(pool);
    if (m === "ten") pool = pool.slice(0, data.short);
    session = { mode: m, queue: pool, at: 0, answers: [] };
    if (pool.length === 0) showEmpty(focus);
    else showQuestion(focus);
  }

  function header(title, focus) {
    root.textContent = "";
    root.appendChild(el("p", { class: "mode-name", text: modeName(session.mode) }));
    if (weak.get(data.storageKey) === null) root.appendChild(el("p", { text: S.no_storage }));
    var heading = el("h2", { tabindex: "-1", class: "progress-heading", text: title });
    root.appendChild(heading);
    if (focus) heading.focus();
  }

  function links(extra) {
    var row = el("p", { class: "actions" }, extra);
    row.appendChild(el("a", { class: "button secondary", href: "index.html", text: S.to_topic }));
    return row;
  }

  function showEmpty(focus) {
    header(S.mode_weak, focus);
    root.appendChild(el("p", { text: S.no_weak }));
    var ten = el("button", { type: "button", class: "primary", text: modeName("ten") });
    ten.addEventListener("click", function () { go("ten"); });
    root.appendChild(links([ten]));
  }

  function showQuestion(focus) {
    var q = data.questions[session.queue[session.at]];
    var order = q.options.map(function (o, i) { return i; });
    if (q.shuffle) order = shuffled(order);
    var position = {};
    order.forEach(function (original, shown) { position[original] = shown; });
    header(fill(S.progress, { n: session.at + 1, total: session.queue.length }), focus);
    var box = el("div", { class: "practice-question", "data-qid": q.id });
    box.appendChild(el("div", { class: "stem", html: q.stem }));
    var list = el("ol", { class: "options", "aria-label": S.options_label });
    order.forEach(function (original, shown) {
      list.appendChild(el("li", { "data-i": String(original) }, [
        el("span", { class: "letter", text: String.fromCharCode(65 + shown) }),
        " ",
        el("span", { class: "option-text", html: q.options[original].html })
      ]));
    });
    if (q.multiple) box.appendChild(el("p", { text: S.choose_all }));
    box.appendChild(list);
    var verdict = el("p", { class: "verdict", role: "status" });
    var after = el("div", { class: "after", hidden: "" });
    box.appendChild(verdict);
    box.appendChild(after);
    root.appendChild(box);

    var keyShown = q.key.map(function (k) { return position[k]; });
    window.quizkit.choice(list, q.key, q.multiple, S.check, function (chosen, right) {
      session.answers.push({ q: q, chosen: chosen.map(function (c) { return position[c]; }), key: keyShown, position: position, right: right });
      weak.record(data.storageKey, q.id, right);
      verdict.textContent = right ? S.correct : fill(S.wrong, { letters: letters(keyShown) });
      verdict.className = "verdict " + (right ? "good" : "bad");
      chosen.forEach(function (c) {
        if (q.options[c].feedback) {
          verdict.appendChild(el("span", { class: "feedback-text", html: q.options[c].feedback }));
        }
      });
      if (q.explanation) {
        after.appendChild(el("div", { class: "explanation" }, [
          el("h3", { text: S.explanation }),
          el("div", { html: q.explanation })
        ]));
      }
      var last = session.at + 1 >= session.queue.length;
      var next = el("button", { type: "button", class: "primary next", text: last ? S.finish : S.next });
      next.addEventListener("click", function () {
        session.at += 1;
        if (last) showResult();
        else showQuestion(true);
      });
      after.appendChild(next);
      after.hidden = false;
      next.focus();
    });
  }

  function showResult() {
    var answers = session.answers;
    var right = answers.filter(function (a) { return a.right; }).length;
    header(S.result_heading, true);
    root.appendChild(el("p", { class: "score", text: fill(S.score, { correct: right, total: answers.length }) }));
    root.appendChild(el("h3", { text: S.review_heading }));
    var review = el("ol", { class: "review" });
    answers.forEach(function (a) {
      var outcome = a.right
        ? el("p", { class: "right", text: S.correct + " " + fill(S.your_answer, { letters: letters(a.chosen) }) })
        : el("p", { class: "wrong", text: fill(S.your_answer, { letters: letters(a.chosen) || "–" }) + " · " + fill(S.right_answer, { letters: letters(a.key) }) });
      // The right answer in words: the letters were those of this round's option order.
      var rightText = el("p", { class: "answer-text" });
      a.q.key.forEach(function (k, n) {
        if (n > 0) rightText.appendChild(document.createTextNode(" · "));
        rightText.appendChild(el("strong", { text: String.fromCharCode(65 + a.position[k]) + ". " }));
        rightText.appendChild(el("span", { html: a.q.options[k].html }));
      });
      review.appendChild(el("li", { "data-qid": a.q.id, class: a.right ? "is-right" : "is-wrong" }, [
        el("div", { class: "stem", html: a.q.stem }),
        outcome,
        rightText,
        el("a", { href: a.q.url, text: S.open_question })
      ]));
    });
    root.appendChild(review);
    var again = el("button", { type: "button", class: "primary", text: S.again });
    again.addEventListener("click", function () { start(true); });
    var buttons = [again];
    var ids = weakIds();
    if (ids && ids.length) {
      var practiseWeak = el("button", { type: "button", class: "secondary", text: fill(S.practise_weak, { n: ids.length }) });
      practiseWeak.addEventListener("click", function () { go("weak"); });
      buttons.push(practiseWeak);
    }
    root.appendChild(links(buttons));
  }

  window.addEventListener("hashchange", function () { start(true); });
  start(false);
})();
