// Child process of the crash test: saves symbols in a loop and prints each one once its save has resolved
// ("confirmed"), until the parent kills it with SIGKILL. Usage: node --import tsx custom-asset-file-store-child.ts <dataDir> <tag>
import { createCustomAssetStore } from "../../src/market/custom-asset-file-store";

async function main(): Promise<void> {
  const [dataDir, tag] = process.argv.slice(2);
  if (!dataDir || !tag) throw new Error("usage: custom-asset-file-store-child.ts <dataDir> <tag>");
  const store = createCustomAssetStore({ dataDir, maxAssets: 1_000_000 });
  process.stdout.write("ready\n");
  for (let index = 0; ; index += 1) {
    const symbol = `${tag}-${index}`;
    await store.save(symbol);
    process.stdout.write(`ok ${symbol}\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
