/**
 * A control page for `bench:site`: one heading and one paragraph, no script,
 * style or image, served from 127.0.0.1 by a server of its own. Lighthouse
 * measures it in the same browser as the language pages; whatever blocking
 * time or LCP it shows belongs to the browser and this machine, not to the
 * site, and is the floor the language pages are read against.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const CONTROL_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Control page</title><meta name="description" content="A page with one heading and one paragraph."></head>
<body><main><h1>Control page</h1><p>One heading and one paragraph: no script, no style, no image.</p></main></body></html>
`;

export interface ControlPage {
  url: string;
  close(): Promise<void>;
}

export async function serveControlPage(): Promise<ControlPage> {
  const server = createServer((request, response) => {
    const isPage = request.url === '/';
    response.writeHead(isPage ? 200 : 404, { 'content-type': isPage ? 'text/html; charset=utf-8' : 'text/plain' });
    response.end(isPage ? CONTROL_HTML : 'Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
