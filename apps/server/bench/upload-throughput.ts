import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminSession } from './admin-session.ts';
import { startChild, waitForReady } from './child-process.ts';

/**
 * Upload throughput on loopback (issue 4): one 512 MB upload through the tus protocol, in 8 MB
 * PATCH requests as tus-js-client sends them, to Postdeck running as `npm start` runs it.
 * Target: 100 MB/s or more. Measures the transfer to the upload store; filing the upload into
 * the library (type sniffing, SHA-256, the move into storage) is a separate step not timed here.
 */
const TOTAL = Number(process.env['BENCH_UPLOAD_MB'] ?? 512) * 1024 * 1024;
const CHUNK = 8 * 1024 * 1024;
const password = 'Bench!pass1';
const dataDir = mkdtempSync(join(tmpdir(), 'postdeck-bench-upload-'));
const port = 19000 + Math.floor(Math.random() * 1000);
const postdeck = await startChild(
  fileURLToPath(new URL('../src/main.ts', import.meta.url)),
  { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', ADMIN_PASSWORD: password, LOG_LEVEL: 'warn' },
  () => waitForReady(port),
);

try {
  const base = `http://127.0.0.1:${port}/prod-api`;
  const headers = { authorization: `Bearer ${await adminSession(base, password)}`, 'tus-resumable': '1.0.0' };
  const metadata = `filename ${Buffer.from('bench.mp4').toString('base64')},filetype ${Buffer.from('video/mp4').toString('base64')}`;

  const created = await fetch(`${base}/material/upload`, {
    method: 'POST',
    headers: { ...headers, 'upload-length': String(TOTAL), 'upload-metadata': metadata },
  });
  if (created.status !== 201) throw new Error(`create answered ${created.status}: ${await created.text()}`);
  const location = new URL(created.headers.get('location') ?? '', `${base}/material/upload/`).toString();

  // node:http rather than fetch: undici's fetch spends about a core of its own on an 8 MB body,
  // which on a 2-core machine measures the client (80 MB/s) more than the server.
  const agent = new Agent({ keepAlive: true });
  const patch = (url: string, offset: number, body: Buffer) =>
    new Promise<number>((resolve, reject) => {
      const req = request(url, {
        method: 'PATCH',
        agent,
        headers: {
          ...headers,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
          'content-length': String(body.length),
        },
      });
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end(body);
    });

  // One random chunk sent again and again: generating 512 MB would measure the generator.
  const chunk = randomBytes(CHUNK);
  const started = performance.now();
  for (let offset = 0; offset < TOTAL; offset += CHUNK) {
    const body = chunk.subarray(0, Math.min(CHUNK, TOTAL - offset));
    const status = await patch(location, offset, body);
    if (status !== 204) throw new Error(`PATCH at ${offset} answered ${status}`);
  }
  const seconds = (performance.now() - started) / 1000;
  const mbPerSecond = TOTAL / 1024 / 1024 / seconds;
  console.log(`\ntus upload on loopback: ${TOTAL / 1024 / 1024} MB in ${CHUNK / 1024 / 1024} MB requests`);
  console.log('| seconds | MB/s |');
  console.log('|---:|---:|');
  console.log(`| ${seconds.toFixed(2)} | ${mbPerSecond.toFixed(0)} |`);
  console.log(`\ntarget (>= 100 MB/s): ${mbPerSecond >= 100 ? 'met' : 'NOT met'}`);
  await fetch(location, { method: 'DELETE', headers });
  agent.destroy();
} finally {
  postdeck.child.kill('SIGTERM');
  await new Promise((r) => postdeck.child.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
