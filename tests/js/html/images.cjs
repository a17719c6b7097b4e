// Opens pages of a site whose texts show the bank's images, under the pages' own
// Content-Security-Policy, and checks that every <img> loaded (complete, naturalWidth > 0), has
// its alt text, width, height and loading="lazy", and comes from the site's media/ folder; that
// no request leaves the site and no dialog opens (an SVG's script must not run); then audits
// each page with axe-core (in a second context that bypasses the policy to inject axe).
//
//   node images.cjs SITE_DIR MIN_IMAGES PAGE...
//
// PAGE is a path inside the site (`en/c/t/q/which-bar.html`, `en/c/t/practice.html#all`).
"use strict";
const { launch, siteUrl, watch, check, run } = require("./lib.cjs");

const [site, minImages, ...pages] = process.argv.slice(2);
const AXE = require.resolve("axe-core/axe.min.js");

/** Scrolls every image into view (they load lazily) and waits until each has loaded. */
async function loadAll(page) {
  // The answer and the explanation sit in a closed <details>: open it to show their images.
  await page.evaluate(() => document.querySelectorAll("details").forEach((d) => (d.open = true)));
  const count = await page.locator("main img").count();
  for (let i = 0; i < count; i++) {
    await page.locator("main img").nth(i).scrollIntoViewIfNeeded();
  }
  await page.waitForFunction(
    () => [...document.querySelectorAll("main img")].every((img) => img.complete),
    null,
    { timeout: 5000 },
  );
  return page.evaluate(() =>
    [...document.querySelectorAll("main img")].map((img) => ({
      src: img.getAttribute("src"),
      alt: img.getAttribute("alt"),
      width: img.getAttribute("width"),
      height: img.getAttribute("height"),
      loading: img.getAttribute("loading"),
      naturalWidth: img.naturalWidth,
    })),
  );
}

run(async () => {
  const problems = [];
  let images = 0;
  {
    const { context, close } = await launch();
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(5000);
      watch(page, site, problems, "images");
      for (const rel of pages) {
        await page.goto(siteUrl(site, rel));
        if (rel.includes("practice.html")) await page.waitForSelector(".practice-question");
        for (const img of await loadAll(page)) {
          images++;
          const at = `${rel}: ${img.src}`;
          if (!(img.naturalWidth > 0)) problems.push(`${at}: not loaded (naturalWidth ${img.naturalWidth})`);
          if (!img.alt) problems.push(`${at}: no alt text`);
          if (!img.width || !img.height) problems.push(`${at}: no width/height`);
          if (img.loading !== "lazy") problems.push(`${at}: not lazy`);
          if (!/(^|\/)media\/[0-9a-f]{16}\.(png|jpg|gif|webp|svg)$/.test(img.src)) {
            problems.push(`${at}: not a content-hashed file of the site's media/`);
          }
        }
        // Let anything an image might run have its chance.
        await page.waitForTimeout(300);
      }
    } finally {
      await close();
    }
  }
  check(images >= Number(minImages), `only ${images} images seen, expected at least ${minImages}`);
  {
    const { context, close } = await launch({ bypassCSP: true });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(5000);
      for (const rel of pages) {
        await page.goto(siteUrl(site, rel));
        if (rel.includes("practice.html")) await page.waitForSelector(".practice-question");
        await loadAll(page);
        await page.addScriptTag({ path: AXE });
        const violations = await page.evaluate(() =>
          window.axe.run(document, { resultTypes: ["violations"] }).then((r) =>
            r.violations.map((v) => `${v.impact} ${v.id}: ${v.help}: ${v.nodes.map((n) => n.target.join(" ")).join("; ")}`),
          ),
        );
        for (const v of violations) {
          console.log(`${rel}: ${v}`);
          if (v.startsWith("serious") || v.startsWith("critical")) problems.push(`${rel}: axe: ${v}`);
        }
      }
    } finally {
      await close();
    }
  }
  if (!problems.length) console.log(`images: ${images} images loaded on ${pages.length} pages, axe clean`);
  return problems;
});
