#!/usr/bin/env bash
# Runs the server tests that depend on the Node version (vitest) on another Node major, e.g.
# `scripts/test-on-node.sh 24`, or others: `scripts/test-on-node.sh 24 apps/server/src/push`.
# What depends on it: the SQLite driver each Node loads (every test of db/, the backup among
# them), the native modules (argon2 in auth/passwords.test.ts), the server started as a process
# (main.test.ts) and killed under load (reliability/crash.test.ts). The rest is JavaScript that
# runs the same on any supported Node; the main pass runs all of it.
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

# better-sqlite3 13, which Node 22.14+ and 24 load (apps/server/src/db/sqlite-driver.ts), is an optional
# dependency that an install on Node 20 skips (.npmrc's engine-strict): fetched here with this Node,
# at the version of the lock, and found through NODE_PATH.
if [ ! -d node_modules/better-sqlite3-napi ] && [ "$(node -p 'Number(process.versions.napi) >= 10')" = true ]; then
  sqlite_napi="$(node -p 'require("./package-lock.json").packages["node_modules/better-sqlite3-napi"].version')"
  npm install --no-save --no-audit --no-fund --loglevel=error --prefix "$work" "better-sqlite3-napi@npm:better-sqlite3@$sqlite_napi" >/dev/null
  export NODE_PATH="$work/node_modules"
fi

if [ $# -eq 0 ]; then
  set -- apps/server/src/db apps/server/src/auth/passwords.test.ts apps/server/src/main.test.ts apps/server/src/reliability/crash.test.ts
fi
node node_modules/vitest/vitest.mjs run "$@"
