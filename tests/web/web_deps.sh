#!/usr/bin/env bash
# web_deps.sh WEBDIR - what the page and its tests need, installed when
# missing: Node and npm (Debian's nodejs and npm; a Node that ships its own
# npm is fine), Debian's chromium and fonts for Thai and Chinese for the
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
node -e 'process.exit(+process.versions.node.split(".")[0] >= 18 ? 0 : 1)' || {
    echo "web-deps: Node $(node --version) is too old: the page's tools need Node 18 or newer" >&2
    exit 1
}
if ! cmp -s "$web/package-lock.json" "$web/node_modules/.nimweb-lock" 2>/dev/null; then
    echo "web-deps: npm ci in $web"
    (cd "$web" && npm ci --no-audit --no-fund --loglevel=error)
    cp "$web/package-lock.json" "$web/node_modules/.nimweb-lock"
fi
touch "$web/node_modules/.nimweb-lock"      # make: checked until these inputs change
