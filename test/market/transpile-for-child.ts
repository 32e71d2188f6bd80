// Compiles a TypeScript entry file and the relative imports it reaches to CommonJS in a folder, so a crash test
// can start hundreds of plain `node` children (~0.1 s each) instead of paying tsx's start-up (~0.3 s) every time.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import ts from "typescript";

const projectRoot = path.resolve(__dirname, "../..");

/** Returns the compiled entry's path. Bare imports (zod) resolve through NODE_PATH=<project>/node_modules. */
export function transpileForChild(entryFile: string, outDir: string): string {
  const seen = new Set<string>();
  const outputFor = (file: string) => path.join(outDir, path.relative(projectRoot, file)).replace(/\.ts$/, ".js");
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, "utf8");
    const output = ts.transpileModule(source, {
      fileName: file,
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
    });
    mkdirSync(path.dirname(outputFor(file)), { recursive: true });
    writeFileSync(outputFor(file), output.outputText);
    for (const imported of ts.preProcessFile(source, true, true).importedFiles) {
      if (!imported.fileName.startsWith(".")) continue;
      const target = path.resolve(path.dirname(file), imported.fileName);
      // "../indicators" is a folder's index.ts, as TypeScript and Node resolve it.
      visit(existsSync(`${target}.ts`) ? `${target}.ts` : path.join(target, "index.ts"));
    }
  };
  visit(path.resolve(entryFile));
  return outputFor(path.resolve(entryFile));
}

export const projectNodeModules = path.join(projectRoot, "node_modules");
