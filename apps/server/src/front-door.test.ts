import { afterEach, describe, expect, it } from 'vitest';
import { type FrontDoor, HEALTH_PATH, openFrontDoor, READY_PATH } from './front-door.ts';

const opened: FrontDoor[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((door) => door.close()));
});

async function door() {
  const opening = await openFrontDoor({ port: 0, host: '127.0.0.1' });
  opened.push(opening);
  return opening;
}

const get = async (front: FrontDoor, path: string) => {
  const res = await fetch(`http://127.0.0.1:${front.port}${path}`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe('front door', () => {
  it('answers live, not ready and 503 for the rest while the process starts and migrates', async () => {
    const front = await door();
    expect(await get(front, HEALTH_PATH)).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await get(front, READY_PATH)).toEqual({
      status: 503,
      body: { status: 'not ready', reason: 'starting' },
    });
    front.phase = 'migrating';
    expect((await get(front, READY_PATH)).body['reason']).toBe('migrating');
    const other = await fetch(`http://127.0.0.1:${front.port}/prod-api/control/user/info`);
    expect(other.status).toBe(503);
    expect(other.headers.get('retry-after')).toBe('5');
  });

  it('hands requests to the app once open, and is ready only while the database answers', async () => {
    const front = await door();
    let up = true;
    front.open(
      (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('{"app":true}');
      },
      {
        databaseUp: async () => {
          if (!up) throw new Error('connection refused');
        },
      },
    );
    expect(await get(front, '/prod-api/anything')).toEqual({ status: 200, body: { app: true } });
    expect(await get(front, READY_PATH)).toEqual({ status: 200, body: { status: 'ready' } });
    up = false;
    // The answer is kept a second; a fresh door asks again at once.
    const fresh = await door();
    fresh.open(() => undefined, {
      databaseUp: async () => {
        throw new Error('connection refused');
      },
    });
    expect(await get(fresh, READY_PATH)).toEqual({
      status: 503,
      body: { status: 'not ready', reason: 'database unreachable' },
    });
  });

  it("serves a worker's probes and metrics only", async () => {
    const front = await door();
    front.open(
      (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('{"app":true}');
      },
      { databaseUp: async () => undefined, only: [HEALTH_PATH, '/metrics'] },
    );
    expect((await get(front, HEALTH_PATH)).status).toBe(200);
    expect((await get(front, '/metrics')).status).toBe(200);
    expect((await get(front, '/prod-api/control/user/info')).status).toBe(404);
    expect((await get(front, READY_PATH)).status).toBe(200);
  });
});
