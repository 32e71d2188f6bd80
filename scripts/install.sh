#!/usr/bin/env bash
# Installs what the project needs on a Debian machine with Node 20+: Chromium (chart rendering, browser tests),
# Jupyter's nbconvert (notebook tests) and the PostgreSQL server binaries (the journal's tests start a throwaway
# cluster) from Debian when missing, then the npm packages. (`npm start` and `npm test` build the library themselves.)
#
#   ./scripts/install.sh               what `npm start` and `npm test` need
#   ./scripts/install.sh --notebooks   also Jupyter Notebook (Debian's jupyter-notebook), the build, and the
#                                      TypeScript (tslab) kernel in your Jupyter data folder, so that
#                                      `jupyter notebook notebooks/` opens the notebooks ready to run
set -euo pipefail
cd "$(dirname "$0")/.."

notebooks=false
for argument in "$@"; do
  case "$argument" in
    --notebooks) notebooks=true ;;
    -h | --help)
      sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    *)
      echo "Unknown option: $argument (./scripts/install.sh [--notebooks])" >&2
      exit 2
      ;;
  esac
done

# Debian's own nodejs package can be older than 20, and npm comes separately: say so now rather than fail in a build.
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  echo "Node.js 20 or newer with npm is needed (https://nodejs.org, or NodeSource's Debian packages)." >&2
  exit 1
fi
node_major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$node_major" -lt 20 ]; then
  echo "Node.js 20 or newer is needed; this machine has $(node --version)." >&2
  exit 1
fi

packages=()
command -v chromium >/dev/null 2>&1 || [ -n "${PUPPETEER_EXECUTABLE_PATH:-}" ] || packages+=(chromium)
command -v jupyter-nbconvert >/dev/null 2>&1 || packages+=(jupyter-nbconvert)
# `jupyter notebook` is Debian's jupyter-notebook package (the classic Notebook server); nbconvert alone cannot open one.
if [ "$notebooks" = true ] && ! jupyter notebook --version >/dev/null 2>&1; then packages+=(jupyter-notebook); fi
[ -d /usr/share/fonts/truetype/dejavu ] || packages+=(fonts-dejavu-core)
# Debian keeps initdb and pg_ctl off PATH, in /usr/lib/postgresql/<version>/bin.
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || packages+=(postgresql)
# better-sqlite3 (the embedded journal) compiles its native addon when no prebuilt binary can be downloaded.
{ command -v g++ >/dev/null 2>&1 && command -v make >/dev/null 2>&1; } || packages+=(g++ make)
command -v python3 >/dev/null 2>&1 || packages+=(python3)
# The TLS test makes its certificate with openssl.
command -v openssl >/dev/null 2>&1 || packages+=(openssl)

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

# The build and test tools are dev dependencies: keep them even where NODE_ENV=production is set.
npm ci --include=dev --no-audit --no-fund

if [ "$notebooks" = true ]; then
  # The notebooks import the built library by name (the build links it into node_modules), and Jupyter needs a
  # kernelspec for tslab: written into the user's Jupyter data folder, so no JUPYTER_PATH is needed.
  npm run build
  node dist/cli/main.js kernel install --user
  echo "Ready: jupyter notebook notebooks/   (keys from the environment, e.g. OPENAI_API_KEY=... jupyter notebook notebooks/)"
fi
