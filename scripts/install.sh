#!/usr/bin/env bash
# Installs what the project needs on a Debian machine with Node 20+: Chromium (chart rendering, browser tests) and
# Jupyter's nbconvert (notebook tests) from Debian when missing, then the npm packages and the library build.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=()
command -v chromium >/dev/null 2>&1 || [ -n "${PUPPETEER_EXECUTABLE_PATH:-}" ] || packages+=(chromium)
command -v jupyter-nbconvert >/dev/null 2>&1 || packages+=(jupyter-nbconvert)
[ -d /usr/share/fonts/truetype/dejavu ] || packages+=(fonts-dejavu-core)

if [ ${#packages[@]} -gt 0 ]; then
  echo "Installing from Debian: ${packages[*]}"
  if [ "$(id -u)" -eq 0 ]; then
    apt_get=(apt-get)
  elif command -v sudo >/dev/null 2>&1; then
    apt_get=(sudo apt-get)
  else
    echo "Need root or sudo to install: ${packages[*]} (apt-get install -y --no-install-recommends ${packages[*]})" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${apt_get[@]}" update -qq
  "${apt_get[@]}" install -y -qq --no-install-recommends "${packages[@]}"
fi

npm ci --no-audit --no-fund
npm run build
