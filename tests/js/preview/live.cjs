// Drives `quizkit preview` in Chromium: opens a question page, edits the question's stem in its
// file and waits for the page to show it without a manual reload (at the same scroll
// position); breaks the file and waits for the overlay to show the error at its line; fixes it
// and waits for the overlay to go. Fails on any console error, uncaught exception or request
// that leaves the preview server.
//
//   node live.cjs BASE_URL PAGE QUESTION_FILE
//
// BASE_URL is the server's root (http://127.0.0.1:PORT/), PAGE a question page below it, and
// QUESTION_FILE the file that holds the question, whose English stem is edited.
"use strict";
const fs = require("fs");
const { launch, watch, check, run } = require("../html/lib.cjs");

const [base, pagePath, file] = process.argv.slice(2);
const STEP = 15000;

run(async () => {
  const problems = [];
  const { context, close } = await launch({ viewport: { width: 800, height: 300 } });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(STEP);
    watch(page, ".", problems, "preview", base);
    await page.goto(base + pagePath);
    const connected = () => page.waitForFunction(() => window.quizkitPreview && window.quizkitPreview.connected);
    await connected();

    const original = fs.readFileSync(file, "utf8");
    const stem = original.match(/^stem\.en = "(.*)"$/m);
    check(stem, `no English stem in ${file}`);
    const shown = await page.locator("h1.stem").innerText();
    check(shown.includes(stem[1]) || (await page.content()).includes(stem[1]), `the page does not show the stem "${stem[1]}"`);

    // Edit the stem: the page reloads by itself and keeps its scroll position.
    await page.evaluate(() => window.scrollTo(0, 120));
    const scrolled = await page.evaluate(() => window.scrollY);
    check(scrolled > 0, "the page is too short to scroll; the scroll check would prove nothing");
    const edited = original.replace(stem[0], `stem.en = "Edited live: ${stem[1]}"`);
    fs.writeFileSync(file, edited);
    await page.locator("h1.stem", { hasText: "Edited live:" }).waitFor();
    await connected();
    const after = await page.evaluate(() => window.scrollY);
    check(Math.abs(after - scrolled) <= 1, `the scroll position was ${scrolled}, ${after} after the reload`);

    // Break the file: an unterminated string on the answer's line.
    const lines = edited.split("\n");
    const at = lines.findIndex((l) => l.startsWith("answer = "));
    check(at >= 0, `no answer line in ${file}`);
    lines[at] = lines[at].replace(/"$/, "");
    fs.writeFileSync(file, lines.join("\n"));
    const overlay = page.locator("#quizkit-preview-overlay");
    await overlay.waitFor();
    const where = `${file.split("/").pop()}:${at + 1}:`;
    await page.locator("#quizkit-preview-overlay .quizkit-where", { hasText: where }).waitFor();
    const text = await overlay.innerText();
    check(text.includes("toml-syntax"), `the overlay does not name the rule:\n${text}`);
    check(text.includes("help:"), `the overlay has no help:\n${text}`);
    // The last good site stays: the page still shows the edited stem.
    check((await page.locator("h1.stem").innerText()).includes("Edited live:"), "the page lost the last good site");

    // Fix it: the overlay goes.
    fs.writeFileSync(file, edited);
    await overlay.waitFor({ state: "detached" });
    await connected();
    check((await page.locator("h1.stem").innerText()).includes("Edited live:"), "the fixed page does not show the edited stem");
    console.log(`live reload, overlay at ${where} and its removal seen in Chromium`);
  } finally {
    await close();
  }
  return problems;
});
