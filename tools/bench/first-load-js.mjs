// First-load JS of a route as a browser sees it: every script the server-rendered HTML asks for,
// gzip-compressed, summed.
import { gzipSync } from 'node:zlib';

export async function firstLoadJs(baseUrl, path, cookie) {
  const html = await (await fetch(new URL(path, baseUrl), { headers: { cookie } })).text();
  const sources = new Set([...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((match) => match[1].replaceAll('&amp;', '&')));
  let gzip = 0;
  for (const src of sources) {
    const body = Buffer.from(await (await fetch(new URL(src, baseUrl))).arrayBuffer());
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { path, scripts: sources.size, kb: Math.round(gzip / 102.4) / 10 };
}
