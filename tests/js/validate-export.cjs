// Validates a JSON export against its JSON Schema with ajv (strict mode, every error), and exits
// 1 listing the errors when it does not validate.
// Usage: node validate-export.cjs SCHEMA DOCUMENT   (NODE_PATH must reach the tools' node_modules)
"use strict";
const fs = require("fs");
const Ajv = require("ajv");
const addFormats = require("ajv-formats");

const ajv = new Ajv({ allErrors: true, strict: true });
addFormats(ajv);
// schemars writes these formats for Rust's unsigned integers.
for (const [name, max] of [["uint", Number.MAX_SAFE_INTEGER], ["uint32", 4294967295]]) {
  ajv.addFormat(name, { type: "number", validate: (n) => Number.isInteger(n) && n >= 0 && n <= max });
}
const schema = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const document = JSON.parse(fs.readFileSync(process.argv[3], "utf8"));
const validate = ajv.compile(schema);
if (validate(document)) {
  process.stdout.write("valid\n");
} else {
  process.stderr.write(JSON.stringify(validate.errors, null, 2) + "\n");
  process.exit(1);
}
