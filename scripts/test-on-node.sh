#!/usr/bin/env bash
# Runs the server and core tests (vitest) on another Node major, e.g. `scripts/test-on-node.sh 24`,
# or only some of them: `scripts/test-on-node.sh 24 apps/server/src/push`.
# Node comes from the npm registry as a package (node-<platform>-<arch>, which also holds the
# headers); better-sqlite3 is rebuilt for it in a copy of the checkout whose other files are hard
# links, so the install the rest of the run uses is never touched.
set -euo pipefail
major="${1:?usage: scripts/test-on-node.sh <node major> [test files…]}"
shift
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/rustico-node${major}-XXXXXX")"
trap 'rm -rf "$work"' EXIT

package="node-$(node -p 'process.platform')-$(node -p 'process.arch')"
npm install --no-save --no-audit --no-fund --prefix "$work/node" "$package@$major" >/dev/null
nodedir="$work/node/node_modules/$package"
export PATH="$nodedir/bin:$PATH"
echo "Testing on Node $(node --version)"

# The checkout as hard links, but a real copy of better-sqlite3 to build into.
mkdir "$work/repo"
(cd "$repo" && find . -mindepth 1 -maxdepth 1 ! -name .git ! -name test-results ! -name playwright-report -exec cp -al {} "$work/repo/" \;)
rm -rf "$work/repo/node_modules/better-sqlite3"
cp -r "$repo/node_modules/better-sqlite3" "$work/repo/node_modules/better-sqlite3"
rm -rf "$work/repo/node_modules/better-sqlite3/build"
(cd "$work/repo/node_modules/better-sqlite3" && npm_config_nodedir="$nodedir" node "$(dirname "$(command -v npm)")/../lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js" rebuild --release --nodedir="$nodedir" >/dev/null)

cd "$work/repo"
if [ $# -eq 0 ]; then set -- packages/core apps/server; fi
node node_modules/vitest/vitest.mjs run "$@"
