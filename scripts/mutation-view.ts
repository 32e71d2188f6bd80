// The HTML view of committed mutation reports (`npm run mutation:view -- <group> ...`, or `--all`): writes
// bench/mutation/<group>/report.html from the group's report.json, with the viewer Stryker itself uses
// (mutation-testing-elements, pinned to Stryker's version) inlined, so the page opens from disk with no server. Only
// report.json is committed: the viewer is the same 230 KB of code in every HTML file, and each can be made again.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { groupsFromArguments, reportsDir } from "./mutation-runs";

/**
 * The page: the viewer's script, then the report handed to its element. In the embedded JSON every "<" is written
 * as \u003c, which JSON and JavaScript read back as "<", so no text of a report ("</script>" in a source file) can
 * end the script early.
 */
export function mutationReportHtml(report: unknown, viewerScript: string, title: string): string {
  const data = JSON.stringify(report).replaceAll("<", "\\u003c");
  const heading = title.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll('"', "&quot;");
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${heading}</title>
<script>${viewerScript.replaceAll("</script", "<\\/script")}</script>
</head>
<body>
<mutation-test-report-app title-postfix="${heading}">This page needs a browser with custom elements.</mutation-test-report-app>
<script>
const app = document.querySelector("mutation-test-report-app");
app.report = ${data};
const paint = () => { document.body.style.backgroundColor = app.themeBackgroundColor; };
app.addEventListener("theme-changed", paint);
paint();
</script>
</body>
</html>
`;
}

function viewerScript(): string {
  const require = createRequire(__filename);
  return readFileSync(require.resolve("mutation-testing-elements/dist/mutation-test-elements.js"), "utf8");
}

function main(args: string[]): void {
  const groups = groupsFromArguments(args);
  if (groups.length === 0) {
    console.error("Usage: npm run mutation:view -- <group> [<group> ...] | --all   (groups: bench/mutation/runs.json)");
    process.exitCode = 2;
    return;
  }
  const script = viewerScript();
  for (const group of groups) {
    const source = path.join(reportsDir, group, "report.json");
    if (!existsSync(source)) {
      console.error(`No report for "${group}": ${path.relative(process.cwd(), source)} does not exist.`);
      process.exitCode = 1;
      continue;
    }
    const target = path.join(reportsDir, group, "report.html");
    writeFileSync(target, mutationReportHtml(JSON.parse(readFileSync(source, "utf8")), script, `mutation: ${group}`));
    console.log(pathToFileURL(target).href);
  }
}

if (require.main === module) main(process.argv.slice(2));
