// Takes screenshots of the site for review: the topic and a question page (answered) at 1280
// and 375 px, light and dark, and the practice page mid-round.
//
//   node screenshots.cjs SITE_DIR OUT_DIR LANG
"use strict";
const fs = require("fs");
const path = require("path");
const { launch, siteUrl, watch, check, run } = require("./lib.cjs");

const [site, out, lang] = process.argv.slice(2);
fs.mkdirSync(out, { recursive: true });

run(async () => {
  const problems = [];
  const written = [];
  for (const colorScheme of ["light", "dark"]) {
    for (const width of [1280, 375]) {
      const { context, close } = await launch({ colorScheme, viewport: { width, height: 900 } });
      try {
        const page = await context.newPage();
        page.setDefaultTimeout(5000);
        watch(page, site, problems, `screenshots ${width}`);
        const shot = async (name, fullPage) => {
          const file = path.join(out, `html-${lang}-${name}-${width}-${colorScheme}.png`);
          await page.screenshot({ path: file, fullPage });
          written.push(file);
        };
        await page.goto(siteUrl(site, `${lang}/index.html`));
        if (colorScheme === "light") await shot("index", true);
        await page.locator("main .cards a").first().click();
        await shot("topic", colorScheme === "light");
        await page.locator("#questions a").nth(30).click();
        await page.locator("ol.options button.option").nth(1).click();
        await shot("question", colorScheme === "light");
        await page.locator(".actions a").first().click();
        await page.waitForSelector(".practice-question");
        await page.locator(".practice-question button.option").first().click();
        await shot("practice", false);
      } finally {
        await close();
      }
    }
  }
  for (const file of written) check(fs.statSync(file).size > 5000, `${file} is nearly empty`);
  console.log(written.join("\n"));
  return problems;
});
