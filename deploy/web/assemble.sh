#!/bin/sh
# Lays out the web image's /app from a standalone build (NEXT_OUTPUT=standalone npm run build): what
# deploy/web/Dockerfile copies into the image, and what scripts/check-standalone.ts starts here.
# Run from the repository root, with node_modules installed:  deploy/web/assemble.sh <new folder>
set -eu
out="${1:?usage: deploy/web/assemble.sh <new folder>}"
if [ ! -f .next/standalone/server.js ]; then
  echo "No standalone build in .next/standalone: run NEXT_OUTPUT=standalone npm run build first." >&2
  exit 1
fi
if [ -e "$out" ] && [ -n "$(ls -A "$out")" ]; then
  echo "$out is not empty." >&2
  exit 1
fi
mkdir -p "$out"
# Next's server with the node_modules files it traced, the server build and package.json.
cp -R .next/standalone/. "$out/"
# Not traced, served from the host's folders: the browser's chunks and public/ (with public/vendor,
# the lesson player's runtimes and sandbox bundles that next.config.js wrote there for this build).
mkdir -p "$out/.next"
cp -R .next/static "$out/.next/static"
rm -rf "$out/public"
cp -R public "$out/public"
# Read through process.cwd() at run time: the migrations (src/server/db/client.ts), the embedded
# database's thread (src/server/db/pglite-thread.cjs) and the course files the publish command
# compiles. (Next's trace may hold some of them already: replaced whole.)
mkdir -p "$out/src/server/db"
rm -rf "$out/src/server/db/migrations" "$out/content"
cp -R src/server/db/migrations "$out/src/server/db/migrations"
cp src/server/db/pglite-thread.cjs "$out/src/server/db/pglite-thread.cjs"
cp -R content "$out/content"
# The server the pod runs: scripts/app-server.ts (Next's handler with load shedding), as plain
# JavaScript like the commands below; it loads Next from the traced node_modules and hands it the
# build's configuration as Next's own server.js does. `npm run build` wrote the two manifests Next
# asks for on every request into the standalone copy (scripts/lib/finish-build.ts).
for manifest in .next/dynamic-css-manifest .next/server/subresource-integrity-manifest.json; do
  if [ ! -f "$out/$manifest" ]; then
    echo "The standalone build has no $manifest: build with npm run build (it finishes the build), not next build." >&2
    exit 1
  fi
done
node_modules/.bin/esbuild scripts/app-server.ts --bundle --platform=node --target=node20 --format=cjs \
  --external:next --outfile="$out/app-server.js" --log-level=warning
# The one-shot commands the migration Job runs, as plain JavaScript (no tsx or TypeScript in the
# image). pg and PGlite stay outside the bundle: the server's traced copies serve both.
node_modules/.bin/esbuild scripts/migrate.ts scripts/content-publish.ts --bundle --platform=node --target=node20 \
  --format=cjs --external:pg --external:@electric-sql/pglite --outdir="$out/commands" --log-level=warning
for package in pg @electric-sql/pglite; do
  if [ ! -f "$out/node_modules/$package/package.json" ]; then
    echo "The standalone build did not trace $package, which the commands need." >&2
    exit 1
  fi
done
# The glossary compiler resolves browser-compat-data's JSON at run time (compile-glossary.ts).
mkdir -p "$out/node_modules/@mdn"
rm -rf "$out/node_modules/@mdn/browser-compat-data"
cp -R node_modules/@mdn/browser-compat-data "$out/node_modules/@mdn/browser-compat-data"
echo "Assembled the web app in $out (node app-server.js; node commands/migrate.js; node commands/content-publish.js)."
