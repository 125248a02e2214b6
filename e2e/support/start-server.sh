#!/bin/sh
# The server the browser tests talk to: a fresh data directory filled with the demo house.
set -e
rm -rf "$DATA_DIR"
node --import tsx apps/server/src/cli.ts demo > /dev/null
exec node --import tsx apps/server/src/main.ts
