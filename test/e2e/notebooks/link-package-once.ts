// The e2e project's global setup: writes the stub that lets the notebooks import "quantagent-ts" by name
// (scripts/link-package.ts; the build writes it too) once per run, in vitest's main process, before any notebook's
// kernel resolves it. Written by each notebook's file instead, one file could rewrite it while another's kernel reads it.
import { linkPackage } from "../../../scripts/link-package";

export default async function setup(): Promise<void> {
  await linkPackage();
}
