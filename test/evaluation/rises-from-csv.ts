// An independent count of the published protocol's samples straight from the benchmark CSV text, without the
// library's CSV reader, windows or scoring: for each window, the close of bar 45 is the entry and the closes of
// bars 46, 47 and 48 are the samples; a sample is up when its close is above the entry close. Also the mean over
// windows of each window's mean move (close / entry - 1): what always-long earns per decision.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export function risesFromCsv(benchmarkDir: string, asset: string): { samples: number; up: number; meanMove: number } {
  const folder = path.join(benchmarkDir, asset.toLowerCase());
  let samples = 0;
  let up = 0;
  let windowMoves = 0;
  const files = readdirSync(folder).filter((name) => name.endsWith(".csv"));
  for (const file of files) {
    const [header, ...lines] = readFileSync(path.join(folder, file), "utf8").trim().split("\n");
    const column = header!.split(",").indexOf("Close");
    const closes = lines.map((line) => Number(line.split(",")[column]));
    for (const bar of [46, 47, 48]) {
      samples += 1;
      if (closes[bar - 1]! > closes[44]!) up += 1;
      windowMoves += (closes[bar - 1]! / closes[44]! - 1) / 3;
    }
  }
  return { samples, up, meanMove: windowMoves / files.length };
}
