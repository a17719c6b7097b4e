// Runs axe-core over the site's index, a topic, a question (before and after answering) and the
// practice page (a question, then the result), light at desktop and phone widths and dark on a
// phone. Prints every violation; exits 1 when one is serious or critical.
//
//   node axe.cjs SITE_DIR LANG...
//
// axe is injected with addScriptTag, which the pages' Content-Security-Policy forbids, so this
// context (and only this one) bypasses the policy.
"use strict";
const path = require("path");
const { launch, siteUrl, check, run } = require("./lib.cjs");

const site = process.argv[2];
const langs = process.argv.slice(3);
const AXE = require.resolve("axe-core/axe.min.js");

async function audit(page, label) {
  await page.addScriptTag({ path: AXE });
  const result = await page.evaluate(() =>
    window.axe.run(document, { resultTypes: ["violations"] }).then((r) =>
      r.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ") + " " + (n.failureSummary || "")),
      })),
    ),
  );
  for (const v of result) console.log(`${label}: ${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.join("\n  ")}`);
  return result
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${label}: ${v.impact} ${v.id}: ${v.help}: ${v.nodes.join("; ")}`);
}

run(async () => {
  const problems = [];
  let audited = 0;
  const looks = [["light", 1280], ["light", 375], ["dark", 375]];
  for (const [colorScheme, width] of looks) {
    const { context, close } = await launch({ bypassCSP: true, colorScheme, viewport: { width, height: 800 } });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(5000);
      for (const lang of langs) {
        const at = `${lang} ${colorScheme} ${width}px`;
        await page.goto(siteUrl(site, `${lang}/index.html`));
        problems.push(...(await audit(page, `${at} index`)));
        await page.locator("main .cards a").first().click();
        problems.push(...(await audit(page, `${at} topic`)));
        const topic = page.url();
        await page.locator("#questions a").first().click();
        problems.push(...(await audit(page, `${at} question`)));
        await page.locator("ol.options button.option").first().click();
        problems.push(...(await audit(page, `${at} question answered`)));
        await page.goto(topic.replace(/index\.html$/, "practice.html#ten"));
        await page.waitForSelector(".practice-question");
        problems.push(...(await audit(page, `${at} practice`)));
        await page.locator(".practice-question button.option").first().click();
        problems.push(...(await audit(page, `${at} practice answered`)));
        for (let i = 0; i < 10; i++) {
          if (i > 0) await page.locator(".practice-question button.option").first().click();
          await page.locator(".practice-question button.next").click();
        }
        await page.waitForSelector(".score");
        problems.push(...(await audit(page, `${at} practice result`)));
        audited += 7;
      }
    } finally {
      await close();
    }
  }
  check(audited > 0, "nothing was audited");
  console.log(`axe: ${audited} page states audited in ${path.basename(site)}`);
  return problems;
});
