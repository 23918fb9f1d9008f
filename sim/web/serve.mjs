// serve.mjs - make web-serve: the built page on the loopback interface
// only (a static file server, nothing more), printing its URL.
// usage: node sim/web/serve.mjs DIR [PORT]   (PORT 0: any free port)
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';

const [dir, portArg = '8014'] = process.argv.slice(2);
if (!dir) {
    console.error('usage: node sim/web/serve.mjs DIR [PORT]');
    process.exit(2);
}
const root = resolve(dir);
const TYPES = { '.html': 'text/html; charset=utf-8', '.hex': 'text/plain', '.js': 'text/javascript',
    '.css': 'text/css', '.png': 'image/png' };

const server = createServer(async (req, res) => {
    let path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (path.endsWith('/'))
        path += 'index.html';
    const file = normalize(join(root, path));
    if (!file.startsWith(root)) {
        res.writeHead(403).end('forbidden\n');
        return;
    }
    try {
        const body = await readFile(file);
        res.writeHead(200, { 'content-type': TYPES[extname(file)] || 'application/octet-stream',
            'cache-control': 'no-cache' });
        res.end(body);
    } catch {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
    }
});
server.listen(Number(portArg), '127.0.0.1', () => {
    console.log(`web-serve: http://127.0.0.1:${server.address().port}/ (${root}; Ctrl-C stops)`);
});
