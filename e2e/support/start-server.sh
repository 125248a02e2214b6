#!/bin/sh
# The server the browser tests talk to, compiled as production runs it (built first if a
# source changed since the last build), on a fresh data directory filled with the demo house
# (KEEP_DATA=1: start again on the data already there, as after a restart; BUILT=1: the build is
# there already, as for a spec's own server beside the shared one, whose build a new one would replace).
set -e
if [ "$BUILT" != "1" ]; then
  node scripts/build.mjs --quiet
fi
if [ "$KEEP_DATA" != "1" ]; then
  rm -rf "$DATA_DIR"
  node build/current/server/cli.js demo > /dev/null
fi
exec node build/current/server/main.js
