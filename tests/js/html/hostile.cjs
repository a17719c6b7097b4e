// Opens every page of a site built from a hostile bank (tests/tests/html.rs writes it): each
// text tries to run `window.__pwned = …` through <script>, onerror, onload, javascript: links
// and a </script> that would end the practice data. Nothing may run, no element may be
// injected, and the texts must show as written.
//
//   node hostile.cjs SITE_DIR
"use strict";
const { launch, siteUrl, watch, check, run } = require("./lib.cjs");

const site = process.argv[2];
const PAGES = [
  "index.html",
  "nl/index.html",
  "nl/k/index.html",
  "nl/k/t/index.html",
  "nl/k/t/q/hostile.html",
  "nl/k/t/practice.html#all",
];

// Elements no text may create inside <main> (the data block is the page's own).
const INJECTED = "main script:not([type='application/json']), main img, main svg, main iframe, main style, main b, main [onerror], main [onload], main [onmouseover]";

async function clean(page, label) {
  const state = await page.evaluate((selector) => ({
    pwned: window.__pwned,
    injected: Array.from(document.querySelectorAll(selector)).map((e) => e.outerHTML),
  }), INJECTED);
  check(state.pwned === undefined, `${label}: script ran: window.__pwned = ${state.pwned}`);
  check(state.injected.length === 0, `${label}: injected elements: ${state.injected.join(", ")}`);
}

run(async () => {
  const problems = [];
  const { context, close } = await launch();
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(5000);
    watch(page, site, problems, "hostile");
    for (const rel of PAGES) {
      await page.goto(siteUrl(site, rel));
      await page.mouse.move(200, 300);
      await clean(page, rel);
    }

    // The question page shows the texts as written, also after answering.
    await page.goto(siteUrl(site, "nl/k/t/q/hostile.html"));
    const stem = await page.locator("h1.stem").innerText();
    check(stem.includes('<script>window.__pwned = "stem"</script>'), `the stem shows as text: ${stem}`);
    check(stem.includes("<img src=x onerror="), `the stem shows the img as text: ${stem}`);
    await page.locator("button.option").first().click();
    await page.locator("details.answer").evaluate((d) => { d.open = true; });
    const verdict = await page.locator(".verdict").innerText();
    check(verdict.includes('<iframe src="javascript:'), `feedback shows as text: ${verdict}`);
    await clean(page, "answered question");

    // A javascript: link in an explanation is refused by the page's policy.
    const links = page.locator("a[href^='javascript:']");
    const scriptLinks = await links.count();
    for (let i = 0; i < scriptLinks; i++) await links.nth(i).click();
    await page.waitForTimeout(200);
    await clean(page, "after clicking a javascript: link");

    // Practice renders the same texts through the JSON data block: still only text.
    await page.goto(siteUrl(site, "nl/k/t/practice.html#all"));
    await page.locator(".practice-question button.option").first().click();
    const practiced = await page.locator(".practice-question").innerText();
    check(practiced.includes('</script><script>window.__pwned = "json"</script>'), `the explanation shows as text: ${practiced}`);
    await page.locator(".practice-question button.next").click();
    await clean(page, "practice result");
    console.log(`hostile: nothing ran on ${PAGES.length} pages (${scriptLinks} javascript: link(s) refused)`);
  } finally {
    await close();
  }
  // Refusing the javascript: link is the policy at work; anything else is a problem.
  return problems.filter((p) => !/Content Security Policy/.test(p) || !/JavaScript URL|javascript:/i.test(p));
});
