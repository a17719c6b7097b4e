// Runs the quizkit Anki card in real Chromium the way Anki's clients show it, for the interop
// tests: the card HTML comes from the real Anki (card.question() / card.answer(), via
// tests/py/anki_import.py --render).
//
//   node anki_card.mjs RENDERED.json SHOTS_DIR GUID PICK [GUID PICK]...
//
// RENDERED.json: the output of anki_import.py --render (or its `rendered` list); each GUID
// names a card to run and PICK the letters to tap on its front ("" for none). Prints a JSON
// list, one entry per card: for each way of showing it ("desktop": one page whose content is
// replaced, as Anki desktop does; "night": the same in night mode; "separate": the back loaded
// as a new page, as AnkiDroid may; "noscript": JavaScript off), what the learner sees, with
// screenshots in SHOTS_DIR.
import { createRequire } from "node:module";
import { readFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";

const require = createRequire(import.meta.url);
const { chromium } = require("playwright-core");

const [renderedPath, shots, ...pairs] = process.argv.slice(2);
const loaded = JSON.parse(readFileSync(renderedPath, "utf8"));
const cards = Array.isArray(loaded) ? loaded : loaded.rendered;
mkdirSync(shots, { recursive: true });

const ORIGIN = "http://anki.invalid";
const page = (body, bodyClass) =>
  `<!doctype html><html><head><meta charset="utf-8"></head><body class="${bodyClass}">${body}</body></html>`;

// What Anki desktop does when it shows a side: replace the content, then run its scripts.
async function showInPlace(p, html) {
  await p.evaluate((html) => {
    const root = document.getElementById("qa");
    root.innerHTML = html;
    for (const old of root.querySelectorAll("script")) {
      const script = document.createElement("script");
      script.textContent = old.textContent;
      old.replaceWith(script);
    }
  }, html);
}

async function tap(p, letters) {
  for (const letter of letters) {
    await p.click(`.qk-front li.qk-option[data-qk-letter="${letter}"]`);
  }
}

// What the back shows: picked and correct options, their colours, the verdict text.
async function seen(p) {
  return p.evaluate(() => {
    const card = [...document.querySelectorAll(".qk-card")].pop();
    const verdict = card.querySelector(".qk-verdict");
    const answer = card.querySelector(".qk-answer");
    const before = (el) => getComputedStyle(el, "::before").content.replace(/^"|"$/g, "");
    return {
      side: card.classList.contains("qk-back") ? "back" : "front",
      options: [...card.querySelectorAll("li.qk-option")].map((li) => ({
        letter: li.getAttribute("data-qk-letter"),
        correct: li.hasAttribute("data-qk-correct"),
        picked: li.classList.contains("qk-picked"),
        background: getComputedStyle(li).backgroundColor,
      })),
      hint: before(card.querySelector(".qk-hint") || card),
      verdict: verdict && getComputedStyle(verdict).display !== "none" ? before(verdict) : null,
      answerLabel: answer ? before(answer) : null,
      bodyBackground: getComputedStyle(document.body).backgroundColor,
    };
  });
}

async function run(browser, card, pick, name) {
  const result = {};
  for (const mode of ["desktop", "night", "separate", "noscript"]) {
    const context = await browser.newContext({
      javaScriptEnabled: mode !== "noscript",
      viewport: { width: 480, height: 900 },
    });
    const p = await context.newPage();
    const bodyClass = mode === "night" ? "card nightMode night_mode" : "card";
    await p.route(`${ORIGIN}/**`, (route) => {
      const side = new URL(route.request().url()).pathname.slice(1);
      const html = side === "front" ? card.question : side === "back" ? card.answer : '<div id="qa"></div>';
      route.fulfill({ contentType: "text/html", body: page(html, bodyClass) });
    });
    if (mode === "desktop" || mode === "night") {
      await p.goto(`${ORIGIN}/reviewer`);
      await showInPlace(p, card.question);
      await tap(p, pick);
      result[`${mode}Front`] = await seen(p);
      await p.screenshot({ path: join(shots, `${name}-${mode}-front.png`), fullPage: true });
      await showInPlace(p, card.answer);
    } else {
      await p.goto(`${ORIGIN}/front`);
      if (mode !== "noscript") {
        await tap(p, pick);
      }
      await p.goto(`${ORIGIN}/back`);
    }
    result[mode] = await seen(p);
    await p.screenshot({ path: join(shots, `${name}-${mode}-back.png`), fullPage: true });
    await context.close();
  }
  return result;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox"],
});
const results = [];
try {
  for (let i = 0; i + 1 < pairs.length; i += 2) {
    const [guid, pick] = [pairs[i], pairs[i + 1]];
    const card = cards.find((c) => c.guid === guid);
    if (!card) {
      throw new Error(`no card with guid ${guid}`);
    }
    results.push(await run(browser, card, pick, `card${i / 2}-${pick || "none"}`));
  }
} finally {
  await browser.close();
}
process.stdout.write(JSON.stringify(results));
