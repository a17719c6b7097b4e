// Clicks through the HTML site in Chromium the way a learner would, in each language:
// index → topic → a ten-question practice with some answers wrong (by keyboard and by mouse)
// → reload → weak mode offers exactly those → a question page with and without JavaScript →
// the language switch → print → 360 px wide, by keyboard; and the same site served over HTTP
// under a base path. Fails on any console error, uncaught exception, dialog, or request outside
// the site.
//
//   node browser.cjs SITE_DIR
"use strict";
const fs = require("fs");
const http = require("http");
const path = require("path");
const { launch, siteUrl, watch, check, run } = require("./lib.cjs");

const site = process.argv[2];

// What each language must say: the seed's Dutch, and its English counterpart.
const EXPECT = {
  nl: {
    language: "Nederlands",
    ten: "Oefen 10 vragen",
    tenNote: "Willekeurige vragen uit dit onderwerp · ongeveer 5 minuten",
    all: "Dit onderwerp oefenen",
    weak: "Zwakke vragen",
    allQuestions: /^Alle vragen over .+ \(50\)$/,
    showAnswer: "Antwoord en toelichting tonen",
    answerIs: /^Antwoord: [A-Z]\./,
    score: "7 van 10 goed",
    weakCount: "3 vragen",
    noWeak: "nu geen",
    correct: "Juist!",
    wrong: /^Niet juist\. Het juiste antwoord is [A-Z]\./,
    toTopic: "Naar de onderwerppagina",
    other: "en",
  },
  en: {
    language: "English",
    ten: "Practise 10 questions",
    tenNote: "Random questions from this topic · about 5 minutes",
    all: "Practise this topic",
    weak: "Weak questions",
    allQuestions: /^All questions on .+ \(50\)$/,
    showAnswer: "Show answer and explanation",
    answerIs: /^Answer: [A-Z]\./,
    score: "7 of 10 correct",
    weakCount: "3 questions",
    noWeak: "none now",
    correct: "Correct!",
    wrong: /^Not correct\. The right answer is [A-Z]\./,
    toTopic: "Go to the topic page",
    other: "nl",
  },
};

const text = (page, selector) => page.locator(selector).first().innerText().then((t) => t.trim());

// Answers the question on screen, right or wrong, by keyboard or by mouse; returns its id.
async function answer(page, data, right, byKeyboard) {
  const box = page.locator(".practice-question");
  const qid = await box.getAttribute("data-qid");
  const q = data.questions.find((x) => x.id === qid);
  check(q, `practice shows an unknown question ${qid}`);
  const pick = right ? q.key[0] : q.options.findIndex((_, i) => !q.key.includes(i));
  const button = page.locator(`.practice-question button.option[data-i="${pick}"]`);
  if (byKeyboard) {
    await button.focus();
    await page.keyboard.press("Enter");
  } else {
    await button.click();
  }
  return qid;
}

async function practiceRound(page, lang, data, wrongAt) {
  const e = EXPECT[lang];
  const wrong = [];
  for (let i = 0; i < 10; i++) {
    const progress = await text(page, ".progress-heading");
    check(progress.includes(String(i + 1)) && progress.includes("10"), `progress reads "${progress}"`);
    const right = !wrongAt.includes(i);
    const qid = await answer(page, data, right, i % 2 === 0);
    if (!right) wrong.push(qid);
    const verdict = await text(page, ".practice-question .verdict");
    if (right) check(verdict.startsWith(e.correct), `verdict after a right answer: "${verdict}"`);
    else check(e.wrong.test(verdict), `verdict after a wrong answer: "${verdict}"`);
    // The next button has the focus, so Enter goes on: the whole round works by keyboard.
    const focused = await page.evaluate(() => document.activeElement && document.activeElement.classList.contains("next"));
    check(focused, "after an answer the next button has the focus");
    await page.keyboard.press("Enter");
  }
  return wrong;
}

async function learner(lang, problems) {
  const e = EXPECT[lang];
  const { context, close } = await launch();
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(5000);
    watch(page, site, problems, `${lang} learner`);
    await page.goto(siteUrl(site, "index.html"));
    await page.locator(`a[hreflang="${lang}"]`).first().click();
    check((await page.getAttribute("html", "lang")) === lang, "the language index has its lang");
    await page.locator("main .cards a").first().click();
    check(page.url().endsWith("/index.html"), `the topic page: ${page.url()}`);

    // The topic page: the practice modes, the key points and every question.
    const modes = await page.locator(".modes .mode").allInnerTexts();
    check(modes[0].includes(e.ten) && modes[0].includes(e.tenNote), `first mode: ${modes[0]}`);
    check(modes[1].includes(e.all), `second mode: ${modes[1]}`);
    check(modes[2].includes(e.weak), `third mode: ${modes[2]}`);
    const headings = await page.locator("main h2").allInnerTexts();
    check(headings.some((h) => e.allQuestions.test(h.trim())), `headings: ${headings}`);
    check((await page.locator("#questions ol > li").count()) === 50, "the topic lists 50 questions");

    // Ten questions, three answered wrong.
    await page.getByRole("link", { name: e.ten }).click();
    check(page.url().endsWith("practice.html#ten"), `practice: ${page.url()}`);
    const data = await page.evaluate(() => JSON.parse(document.getElementById("practice-data").textContent));
    check(data.questions.length === 50, `practice data holds ${data.questions.length} questions`);
    const wrong = await practiceRound(page, lang, data, [1, 4, 8]);
    check((await text(page, ".score")) === e.score, `score: ${await text(page, ".score")}`);
    check((await page.locator(".review > li").count()) === 10, "the review lists ten answers");
    const reviewedWrong = await page.locator(".review > li.is-wrong").evaluateAll((els) => els.map((x) => x.dataset.qid));
    check(JSON.stringify(reviewedWrong.sort()) === JSON.stringify(wrong.slice().sort()), `review marks ${reviewedWrong} wrong, not ${wrong}`);

    // After a reload the topic page counts them, and weak mode offers exactly those.
    await page.reload();
    await page.locator(".crumbs a").last().click();
    await page.waitForSelector("[data-weak-count]:not([hidden])");
    check((await text(page, "[data-weak-count]")) === e.weakCount, `weak count: ${await text(page, "[data-weak-count]")}`);
    await page.locator(".modes a[href$='#weak']").click();
    const offered = [];
    for (let i = 0; i < wrong.length; i++) {
      offered.push(await answer(page, data, true, false));
      await page.locator(".practice-question button.next").click();
    }
    check(await page.locator(".score").isVisible(), "weak mode ends after the weak questions");
    check(JSON.stringify(offered.sort()) === JSON.stringify(wrong.slice().sort()), `weak mode offered ${offered}, not ${wrong}`);
    await page.goto(page.url().replace(/practice\.html.*$/, "index.html"));
    check((await text(page, "[data-weak-count]")) === e.noWeak, "answered right, the weak questions are gone");

    // A question page: answer it, see feedback and the explanation at once.
    const firstQuestion = page.locator("#questions a").first();
    await firstQuestion.click();
    check((await page.getAttribute("html", "lang")) === lang, "the question page has its lang");
    check(!(await page.locator("details.answer").evaluate((d) => d.open)), "the answer starts hidden");
    const key = await page.locator("ol.options").getAttribute("data-key");
    const wrongOption = ["0", "1", "2"].find((i) => !key.split(" ").includes(i));
    await page.locator(`ol.options button.option`).nth(Number(wrongOption)).click();
    check(e.wrong.test(await text(page, ".verdict")), `question page verdict: ${await text(page, ".verdict")}`);
    check(await page.locator("details.answer").evaluate((d) => d.open), "answering opens the explanation");
    check((await page.locator("button.option.is-right").count()) === 1, "the key is marked");

    // The language switch leads to the same question in the other language.
    const before = page.url();
    await page.locator(`.langs a[hreflang="${e.other}"]`).click();
    check(page.url() === before.replace(`/${lang}/`, `/${e.other}/`), `switched to ${page.url()}`);
    check((await page.getAttribute("html", "lang")) === e.other, "the other language's page has its lang");

    // Print: the question and its answer, without the site's chrome.
    await page.goBack();
    await page.reload();
    await page.emulateMedia({ media: "print" });
    check(await page.locator(".explanation").isVisible(), "printing shows the explanation");
    check(!(await page.locator("header.site").isVisible()), "printing hides the header");
    await page.emulateMedia({ media: "screen" });
  } finally {
    await close();
  }
}

// JavaScript off: the answer and explanation open from <details>, by keyboard.
async function withoutScript(lang, problems) {
  const e = EXPECT[lang];
  const { context, close } = await launch({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(5000);
    watch(page, site, problems, `${lang} without JavaScript`);
    await page.goto(siteUrl(site, `${lang}/index.html`));
    await page.locator("main .cards a").first().click();
    await page.locator("#questions a").nth(30).click();
    check(!(await page.locator(".explanation").isVisible()), "the explanation starts hidden");
    await page.locator("details.answer summary").focus();
    check((await text(page, "details.answer summary")) === e.showAnswer, "the summary says what it does");
    await page.keyboard.press("Enter");
    check(await page.locator(".explanation").isVisible(), "Enter on the summary shows the explanation");
    check(e.answerIs.test(await text(page, ".key")), `the key: ${await text(page, ".key")}`);
    check((await page.locator("button.option").count()) === 0, "no script, no buttons");
    // Printing without script still shows the answer (CSS, not the beforeprint handler).
    await page.reload();
    await page.emulateMedia({ media: "print" });
    check(await page.locator(".explanation").isVisible(), "printing without script shows the explanation");
    await page.emulateMedia({ media: "screen" });
    await page.goto(page.url().replace(/q\/[^/]+$/, "practice.html#ten"));
    check(await page.locator("noscript").count() === 1, "the practice page explains that it needs JavaScript");
  } finally {
    await close();
  }
}

// 360 px wide: nothing scrolls sideways; Tab reaches the options with a visible focus ring.
async function narrow(lang, problems) {
  const { context, close } = await launch({ viewport: { width: 360, height: 740 } });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(5000);
    watch(page, site, problems, `${lang} at 360 px`);
    // Measured once the page and its stylesheet have loaded.
    const fits = async (label) => {
      await page.waitForLoadState("load");
      const { scroll, width } = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        width: window.innerWidth,
      }));
      check(scroll <= width, `${label} scrolls sideways at 360 px: ${scroll} > ${width}`);
    };
    await page.goto(siteUrl(site, `${lang}/index.html`));
    await fits("the index");
    await page.locator("main .cards a").first().click();
    await fits("the topic page");
    await page.locator("#questions a").nth(46).click();
    let focused = "";
    for (let i = 0; i < 30 && focused !== "option"; i++) {
      await page.keyboard.press("Tab");
      focused = await page.evaluate(() => (document.activeElement.classList.contains("option") ? "option" : ""));
    }
    check(focused === "option", "Tab reaches the first option");
    const ring = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement);
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
    });
    check(ring.style !== "none" && ring.width >= 2, `the focused option shows a focus ring: ${JSON.stringify(ring)}`);
    await page.keyboard.press("Space");
    check(await page.locator("details.answer").evaluate((d) => d.open), "Space answers the focused option");
    await fits("an answered question page");
    await page.locator(".actions a").first().click();
    await page.locator(".practice-question button.option").first().click();
    await fits("the practice page");
    // Every question page, its answer open, since the practice page shows questions drawn
    // at random: an image wider than the screen showed there one run in a few.
    for (const file of questionPages(lang)) {
      await page.goto(siteUrl(site, file));
      await page.evaluate(() => document.querySelectorAll("details").forEach((d) => (d.open = true)));
      await fits(file);
    }
  } finally {
    await close();
  }
}

/** The question pages of `lang`, relative to the site folder, in name order. */
function questionPages(lang) {
  const out = [];
  const walk = (rel) => {
    for (const name of fs.readdirSync(path.join(site, rel)).sort()) {
      const child = path.posix.join(rel, name);
      if (fs.statSync(path.join(site, child)).isDirectory()) walk(child);
      else if (rel.endsWith("/q") && name.endsWith(".html")) out.push(child);
    }
  };
  walk(lang);
  check(out.length > 20, `the question pages of ${lang} are found: ${out.length}`);
  return out;
}

// Served over HTTP under a deep base path, as a static host would: the relative links and the
// policy's 'self' hold there too.
async function servedUnderABasePath(problems) {
  const base = "/some/base/path/";
  const types = { ".html": "text/html; charset=utf-8", ".css": "text/css", ".js": "text/javascript", ".svg": "image/svg+xml" };
  const server = http.createServer((req, res) => {
    const url = decodeURIComponent(new URL(req.url, "http://x").pathname);
    const file = url.startsWith(base) ? path.resolve(site, url.slice(base.length)) : null;
    if (!file || !file.startsWith(path.resolve(site)) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": types[path.extname(file)] || "application/octet-stream" });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const root = `http://127.0.0.1:${server.address().port}${base}`;
  const { context, close } = await launch();
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(5000);
    watch(page, site, problems, "over HTTP", root);
    page.on("response", (r) => {
      if (r.status() >= 400) problems.push(`over HTTP: ${r.status()} for ${r.url()}`);
    });
    await page.goto(root + "index.html");
    await page.locator('a[hreflang="nl"]').first().click();
    await page.locator("main .cards a").first().click();
    await page.locator(".modes a").first().click();
    await page.locator(".practice-question button.option").first().click();
    check(await page.locator(".practice-question .verdict").innerText() !== "", "practice answers over HTTP");
    await page.locator("#questions a, .crumbs a").last().click();
    await page.locator("#questions a").first().click();
    await page.locator("ol.options button.option").first().click();
    check(await page.locator("details.answer").evaluate((d) => d.open), "a question page answers over HTTP");
  } finally {
    await close();
    server.close();
  }
}

run(async () => {
  const problems = [];
  await servedUnderABasePath(problems);
  for (const lang of ["nl", "en"]) {
    await learner(lang, problems);
    await withoutScript(lang, problems);
    await narrow(lang, problems);
  }
  console.log("browser: both languages clicked through");
  return problems;
});
