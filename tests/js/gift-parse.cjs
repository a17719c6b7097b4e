// Parses a GIFT file with gift-pegjs, the PEG grammar behind vscode-gift and the online GIFT
// editor, and prints what it read as JSON on stdout; a syntax error exits 1 with its position.
// Usage: node gift-parse.cjs FILE   (NODE_PATH must reach the tools' node_modules)
"use strict";
const fs = require("fs");
const { parse } = require("gift-pegjs");

const text = fs.readFileSync(process.argv[2], "utf8");
try {
  process.stdout.write(JSON.stringify(parse(text)));
} catch (e) {
  const at = e.location ? ` at line ${e.location.start.line}, column ${e.location.start.column}` : "";
  process.stderr.write(`gift-pegjs: ${e.message}${at}\n`);
  process.exit(1);
}
