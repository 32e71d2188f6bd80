// The page's source files, read as text: each module is type-checked (// @ts-check, which `npm run typecheck:page`
// relies on: tsc checks JavaScript only where asked) and says what it is for; no file writes HTML from strings, the
// one way model text could become markup; the inline scripts and style attributes the CSP blocks are absent.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

const PUBLIC_DIR = path.resolve(__dirname, "../../server/public");

function filesOf(dir: string, extension: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesOf(full, extension);
    return entry.name.endsWith(extension) ? [full] : [];
  });
}

const scripts = filesOf(PUBLIC_DIR, ".js");
const pages = filesOf(PUBLIC_DIR, ".html");
const relative = (file: string) => path.relative(PUBLIC_DIR, file);

describe("the page's source files", () => {
  it("include the modules this test knows about", () => {
    expect(scripts.map(relative)).toEqual(
      expect.arrayContaining(["app.js", "output.js", "js/result-view.js", "js/markdown.js", "js/wire-types.js"]),
    );
    expect(pages.map(relative).sort()).toEqual(["index.html", "output.html"]);
  });

  for (const file of scripts) {
    it(`${relative(file)}: type-checked, with a header comment, no HTML from strings`, () => {
      const lines = readFileSync(file, "utf8").split("\n");
      expect(lines[0]).toBe("// @ts-check");
      expect(lines[1]).toMatch(/^\/\/ \S/);
      const code = lines.filter((line) => !/^\s*(\/\/|\*|\/\*\*)/.test(line)).join("\n");
      expect(code).not.toMatch(
        /\.(innerHTML|outerHTML)\s*\+?=|insertAdjacentHTML|document\.write|createContextualFragment|DOMParser|new Function|\beval\(/,
      );
    });
  }

  for (const file of pages) {
    it(`${relative(file)}: only external module scripts, no style or event-handler attributes`, () => {
      const html = readFileSync(file, "utf8");
      const scriptTags = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scriptTags.length).toBeGreaterThan(0);
      for (const tag of scriptTags)
        expect(tag).toMatch(
          /^<script type="module" src="\/[a-z-]+\.js"><\/script>$|^<script type="module" src="\/[a-z-]+\.js">$/,
        );
      expect(html).not.toMatch(/<script>(?!<)|\sstyle=|\son[a-z]+=/i);
    });
  }

  it("never cite the product contract's sections or reach outside the repository", () => {
    for (const file of [...scripts, ...pages, path.join(PUBLIC_DIR, "styles.css")]) {
      expect(readFileSync(file, "utf8"), relative(file)).not.toMatch(/SPEC \d|\.\.\/shared/);
    }
  });
});
