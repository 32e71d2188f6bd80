// Puppeteer cannot download its own browser on this project's machines (no internet beyond the npm registry):
// skip the download and use the system Chromium (Debian's `chromium` package) unless told otherwise.
const fs = require("node:fs");

const candidates = [
  process.env.PUPPETEER_EXECUTABLE_PATH,
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
].filter(Boolean);

module.exports = {
  skipDownload: true,
  executablePath: candidates.find((path) => fs.existsSync(path)) ?? candidates[0],
};
