// Shared by the HTML site's browser tests: Debian's Chromium through playwright-core, and a
// watch on every page for console errors, uncaught exceptions, dialogs and requests that
// leave the site folder.
"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");
const { pathToFileURL } = require("url");
const { chromium } = require("playwright-core");

const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
  "--disable-quic",
];

/** Launches Chromium with a fresh user-data-dir; returns { context, close }. */
async function launch(contextOptions = {}) {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "quizkit-html-"));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ARGS,
    viewport: { width: 1280, height: 900 },
    ...contextOptions,
  });
  return {
    context,
    close: async () => {
      await context.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** The file:// URL of `rel` (which may end in a #fragment) inside the site folder. */
function siteUrl(site, rel) {
  const [file, fragment] = rel.split("#");
  return pathToFileURL(path.join(site, file)).href + (fragment ? `#${fragment}` : "");
}

/**
 * Watches a page: every problem is pushed onto `problems` as a string. Requests must stay
 * inside the site (file:// below the folder, or below `base` when it is served over HTTP) or be
 * data: URLs.
 */
function watch(page, site, problems, label, base) {
  const inside = base || pathToFileURL(path.resolve(site)).href + "/";
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") {
      problems.push(`${label}: console ${m.type()}: ${m.text()} (${page.url()})`);
    }
  });
  page.on("pageerror", (e) => problems.push(`${label}: uncaught ${e.message} (${page.url()})`));
  page.on("dialog", (d) => {
    problems.push(`${label}: a dialog opened: ${d.message()}`);
    d.dismiss().catch(() => {});
  });
  page.on("request", (r) => {
    const url = r.url();
    if (!url.startsWith(inside) && !url.startsWith("data:")) {
      problems.push(`${label}: request outside the site: ${url}`);
    }
  });
  page.on("requestfailed", (r) => {
    // A load the page's own navigation cancelled is not a broken link.
    if (r.failure() && r.failure().errorText === "net::ERR_ABORTED") return;
    problems.push(`${label}: request failed: ${r.url()} ${r.failure() && r.failure().errorText}`);
  });
}

/** Fails with `message` unless `cond`. */
function check(cond, message) {
  if (!cond) throw new Error(message);
}

/** Runs `main`, printing a failure and exiting 1 if it throws or reports problems. */
function run(main) {
  main()
    .then((problems) => {
      if (problems && problems.length) {
        console.error(problems.join("\n"));
        process.exit(1);
      }
    })
    .catch((e) => {
      console.error(e && e.stack ? e.stack : String(e));
      process.exit(1);
    });
}

module.exports = { launch, siteUrl, watch, check, run };
