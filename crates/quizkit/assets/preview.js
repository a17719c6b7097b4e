// quizkit preview: reloads the page when the site is rebuilt (keeping the scroll position), and
// shows the findings in the files changed since the preview started as an overlay. Served by
// `quizkit preview` only; the published site never loads it. Same-origin script, stylesheet and
// event stream, so the pages' Content-Security-Policy ('self') allows them.
(() => {
  "use strict";
  const script = document.currentScript;
  const assets = script ? script.src.replace(/[^/]*$/, "") : "/assets/";
  const scrollKey = "quizkit-preview-scroll:" + location.pathname;
  const preview = (window.quizkitPreview = { connected: false, site: null, findings: [] });

  const saved = sessionStorage.getItem(scrollKey);
  if (saved !== null) {
    sessionStorage.removeItem(scrollKey);
    const y = Number(saved) || 0;
    window.scrollTo(0, y);
    window.addEventListener("load", () => window.scrollTo(0, y));
  }

  const style = document.createElement("link");
  style.rel = "stylesheet";
  style.href = assets + "preview.css";
  document.head.append(style);

  let overlay = null;
  function render(findings) {
    preview.findings = findings;
    if (findings.length === 0) {
      if (overlay) overlay.remove();
      overlay = null;
      return;
    }
    if (!overlay) {
      overlay = document.createElement("aside");
      overlay.id = "quizkit-preview-overlay";
      overlay.setAttribute("role", "alert");
      document.body.append(overlay);
    }
    overlay.replaceChildren();
    const head = document.createElement("header");
    const title = document.createElement("h2");
    const errors = findings.filter((f) => f.severity === "error").length;
    title.textContent =
      "quizkit: " + findings.length + (findings.length === 1 ? " finding" : " findings") +
      (errors ? " (" + errors + (errors === 1 ? " error" : " errors") + ")" : "");
    const close = document.createElement("button");
    close.type = "button";
    close.textContent = "Hide";
    close.addEventListener("click", () => overlay && overlay.remove());
    head.append(title, close);
    const list = document.createElement("ol");
    for (const f of findings) {
      const item = document.createElement("li");
      item.className = "quizkit-" + f.severity;
      const where = document.createElement("code");
      where.className = "quizkit-where";
      where.textContent = f.line ? f.file + ":" + f.line + ":" + f.column : f.file;
      const rule = document.createElement("span");
      rule.className = "quizkit-rule";
      rule.textContent = [f.code, f.rule].filter(Boolean).join(" ");
      const message = document.createElement("p");
      message.className = "quizkit-message";
      message.textContent = f.message;
      item.append(where, " ", rule, message);
      if (f.help) {
        const help = document.createElement("p");
        help.className = "quizkit-help";
        help.textContent = "help: " + f.help;
        item.append(help);
      }
      list.append(item);
    }
    overlay.append(head, list);
  }

  function connect() {
    const events = new EventSource("/_quizkit/events");
    events.addEventListener("state", (event) => {
      const state = JSON.parse(event.data);
      if (preview.site !== null && state.site !== preview.site) {
        sessionStorage.setItem(scrollKey, String(window.scrollY));
        events.close();
        location.reload();
        return;
      }
      preview.site = state.site;
      preview.connected = true;
      render(state.findings);
    });
    events.addEventListener("error", () => {
      preview.connected = false;
    });
  }
  connect();
})();
