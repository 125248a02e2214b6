#!/usr/bin/env bash
# Runs the server and core tests (vitest) on another Node major, e.g. `scripts/test-on-node.sh 24`,
# or only some of them: `scripts/test-on-node.sh 24 apps/server/src/push`.
# Node comes from the npm registry as a package (node-<platform>-<arch>, its latest <major>.x).
# The tests run in this checkout as it is: on a Node with Node-API 10 (22.14+, 24) the server
# loads better-sqlite3 13, whose prebuilt Node-API module needs no rebuild (db/sqlite-driver.ts).
set -euo pipefail
major="${1:?usage: scripts/test-on-node.sh <node major> [test files…]}"
shift
cd "$(dirname "$0")/.."
work="$(mktemp -d "${TMPDIR:-/tmp}/rustico-node${major}-XXXXXX")"
trap 'rm -rf "$work"' EXIT

package="node-$(node -p 'process.platform')-$(node -p 'process.arch')"
npm install --no-save --no-audit --no-fund --loglevel=error --prefix "$work" "$package@^$major" >/dev/null
export PATH="$work/node_modules/$package/bin:$PATH"
echo "Testing on Node $(node --version)"

if [ $# -eq 0 ]; then set -- packages/core apps/server; fi
node node_modules/vitest/vitest.mjs run "$@"
