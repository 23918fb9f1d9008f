// course.mjs - make web: the lessons (docs/course/<lang>/*.md and the
// READMEs) as static HTML beside the page, so the site holds both:
//   docs/course/README.md         -> OUT/course/index.html
//   docs/course/<lang>/README.md  -> OUT/course/<lang>/index.html
//   docs/course/<lang>/NN-slug.md -> OUT/course/<lang>/NN-slug.html
// Rendered by marked (npm, pinned in sim/web's package-lock.json). Links:
// one lesson to another (02-p-and-n.md#x) become .html (README.md:
// index.html); a lesson's "play it" link (../../index.html#GAME%20...) is
// already the site's page and stays; a link to another document of the
// project (../../games.md) has no page in the site, so its words stay, with
// the document's path after them. A link to a lesson that does not exist
// stops the build (tests/docs/check_docs.py says the same of the sources).
// usage: node sim/web/course.mjs COURSE_DIR OUTDIR
import { Marked } from 'marked';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, posix, relative } from 'node:path';

const [courseDir, out] = process.argv.slice(2);
if (!courseDir || !out) {
    console.error('usage: node sim/web/course.mjs COURSE_DIR OUTDIR');
    process.exit(2);
}
const site = join(out, 'course');
rmSync(site, { recursive: true, force: true });
if (!existsSync(courseDir)) {
    console.log(`course: no ${courseDir}, no lessons in the site`);
    process.exit(0);
}

const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
const htmlName = (md) => (basename(md) === 'README.md' ? join(dirname(md), 'index.html') : md.replace(/\.md$/, '.html'));
// GitHub's anchor of a heading, so #anchors written for the repository
// work in the site too: lower case, punctuation dropped, spaces to '-'.
const slug = (text) => text.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').toLowerCase().trim().replace(/<[^>]*>/g, '')
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '').replace(/\s/g, '-');

const errors = [];
// every .md under the course, as paths relative to courseDir
const sources = [];
(function walk(rel) {
    for (const name of readdirSync(join(courseDir, rel)).sort()) {
        const r = rel ? posix.join(rel, name) : name;
        if (statSync(join(courseDir, r)).isDirectory())
            walk(r);
        else if (name.endsWith('.md'))
            sources.push(r);
    }
})('');

function render(rel) {
    const text = readFileSync(join(courseDir, rel), 'utf8');
    const here = posix.dirname(rel);
    const seen = new Map();
    const marked = new Marked({ gfm: true });
    const images = [];
    marked.use({
        renderer: {
            heading({ tokens, depth, text: raw }) {
                const inner = this.parser.parseInline(tokens);
                let id = slug(raw);
                const n = seen.get(id) || 0;
                seen.set(id, n + 1);
                if (n)
                    id += `-${n}`;
                return `<h${depth} id="${esc(id)}">${inner}</h${depth}>\n`;
            },
            link({ href, title, tokens }) {
                const inner = this.parser.parseInline(tokens);
                const t = title ? ` title="${esc(title)}"` : '';
                if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('#'))
                    return `<a href="${esc(href)}"${t}>${inner}</a>`;
                const [path, frag = ''] = href.split(/#(.*)/s);
                const target = posix.normalize(posix.join(here, path));
                const hash = frag ? `#${frag}` : '';
                if (/^(\.\.\/)*index\.html$/.test(path) && target === '../index.html')
                    return `<a href="${esc(href)}"${t}>${inner}</a>`;   // the site's page
                if (target.startsWith('../')) {
                    // another document of the project: named, not linked
                    const doc = posix.join('docs', posix.normalize(posix.join('course', target)));
                    return `${inner} <span class="doc">(${esc(doc.replace(/^docs\/course\/\.\.\//, 'docs/'))}${esc(hash)})</span>`;
                }
                if (target.endsWith('.md')) {
                    if (!sources.includes(target))
                        errors.push(`${rel}: link to ${href}: no docs/course/${target}`);
                    return `<a href="${esc(htmlName(path))}${esc(hash)}"${t}>${inner}</a>`;
                }
                if (!existsSync(join(courseDir, target)))
                    errors.push(`${rel}: link to ${href}: no docs/course/${target}`);
                else
                    images.push(target);
                return `<a href="${esc(href)}"${t}>${inner}</a>`;
            },
            image({ href, title, text: alt }) {
                const target = posix.normalize(posix.join(here, href));
                if (/^[a-z][a-z0-9+.-]*:/i.test(href) || target.startsWith('../') || !existsSync(join(courseDir, target))) {
                    errors.push(`${rel}: image ${href}: not a file under docs/course`);
                    return esc(alt);
                }
                images.push(target);
                return `<img src="${esc(href)}" alt="${esc(alt)}"${title ? ` title="${esc(title)}"` : ''}>`;
            },
        },
    });
    const body = marked.parse(text);
    const h1 = /^#\s+(.+)$/m.exec(text);
    const lang = here === '.' ? 'en' : here.split('/')[0];
    const up = here === '.' ? '' : '../'.repeat(here.split('/').length);
    const page = `<!doctype html>
<html lang="${esc(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(h1 ? h1[1].replace(/[`*_]/g, '') : rel)}</title>
<link rel="icon" href="data:,">
<style>${STYLE}</style>
</head>
<body>
<nav><a href="${up}index.html">${esc(NAV[lang]?.[0] || NAV.en[0])}</a> · <a href="${up}../index.html">${esc(NAV[lang]?.[1] || NAV.en[1])}</a></nav>
<main>
${body}</main>
</body>
</html>
`;
    const dest = join(site, htmlName(rel));
    mkdirSync(dirname(dest), { recursive: true });
    writeFileSync(dest, page);
    for (const img of images) {
        mkdirSync(dirname(join(site, img)), { recursive: true });
        copyFileSync(join(courseDir, img), join(site, img));
    }
}

// the two links above every page, in the lesson's language
const NAV = { en: ['the course', 'the toy'], vi: ['khóa học', 'đồ chơi'], 'zh-Hant': ['課程', '玩具'], th: ['บทเรียน', 'ของเล่น'] };
const STYLE = `body { margin: 0; font: 16px/1.6 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Thai",
  "Leelawadee UI", Tahoma, "PingFang TC", "Microsoft JhengHei", "Noto Sans CJK TC", sans-serif; color: #1d2433; background: #f6f7fa; }
main { max-width: 760px; margin: 0 auto; padding: 8px 16px 40px; }
nav { max-width: 760px; margin: 0 auto; padding: 10px 16px 0; font-size: .9em; }
table { border-collapse: collapse; margin: 10px 0; } th, td { border: 1px solid #c9d0dc; padding: 3px 9px; }
td:not([align]) { font-variant-numeric: tabular-nums; }
code, pre { font: 14px/1.4 ui-monospace, monospace; background: #eceff5; border-radius: 4px; }
code { padding: 0 3px; } pre { padding: 8px 10px; overflow-x: auto; } pre code { padding: 0; background: none; }
.doc { color: #667; font-size: .85em; }
a[href*="index.html#"] { font-weight: 600; }`;

for (const rel of sources)
    render(rel);
if (errors.length) {
    for (const e of errors)
        console.error(`course: ${e}`);
    rmSync(site, { recursive: true, force: true });
    process.exit(1);
}
console.log(`course: ${sources.length} pages in ${relative('.', site) || site}`);
