// Where the web page's files are: server/public under the package folder (never copied into dist/: there is no
// build step for the page), and Plotly's browser bundle from node_modules.
import path from "node:path";

import { packageRoot } from "../src/common/index";

export function defaultPublicDir(): string {
  return path.join(packageRoot(), "server", "public");
}

export { plotlyBundlePath } from "../src/common/index";
