// build.mjs - make web: one static index.html (script and style inline, so
// it works from any static host and from a file) with the firmware image
// and the board header's figures built in; nim.hex beside it.
// usage: node sim/web/build.mjs BOARD_DEFS HEX OUTDIR [OTHER_LINK [COURSE_BASE]]
// (COURSE_BASE: where the site's lessons are from this page, course/ or ../course/)
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { boardFromDefines } from './src/runner.js';

const here = dirname(fileURLToPath(import.meta.url));
const [defs, hexPath, out, otherLink = '', courseBase = ''] = process.argv.slice(2);
if (!defs || !hexPath || !out) {
    console.error('usage: node sim/web/build.mjs BOARD_DEFS HEX OUTDIR [OTHER_LINK [COURSE_BASE]]');
    process.exit(2);
}
const board = boardFromDefines(readFileSync(defs, 'utf8'));
const hex = readFileSync(hexPath, 'utf8');
const js = await build({
    entryPoints: [join(here, 'src/main.js')],
    bundle: true, format: 'iife', minify: true, write: false, target: 'es2020',
    define: { __BOARD__: JSON.stringify(board), __HEX__: JSON.stringify(hex) },
    logLevel: 'warning',
});
const script = js.outputFiles[0].text.replace(/<\/script/gi, '<\\/script');
let html = readFileSync(join(here, 'index.html'), 'utf8')
    .replace('/*STYLE*/', () => readFileSync(join(here, 'style.css'), 'utf8'))
    .replace('/*SCRIPT*/', () => script);
// the link's words come from the page's language tables (i18n.js)
html = otherLink
    ? html.replace('<a id="other" href="#"></a>', `<a id="other" href="${otherLink}"></a>`)
    : html.replace(' · <a id="other" href="#"></a>', '');
// the lessons in the page's language (main.js adds the language's folder)
html = courseBase
    ? html.replace('data-base=""', `data-base="${courseBase}"`)
    : html.replace(' · <a id="lessons" href="#" data-base=""></a>', '');
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'index.html'), html);
copyFileSync(hexPath, join(out, 'nim.hex'));
console.log(`web: ${join(out, 'index.html')} (${(html.length / 1024).toFixed(0)} KB, ${board.BOARD_COLS} columns)`);
