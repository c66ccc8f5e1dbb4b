import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { accessSync, constants, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { Client } from 'ldapts';

/**
 * A real OpenLDAP server (Debian `slapd`) for one test file: its own directory under the system
 * temp dir, an mdb database, loopback only, a free port, run in the foreground as a child of the
 * test process and stopped by `stop`. Seeded with `dc=example,dc=test`, `ou=people` and `people`.
 */

export const BASE_DN = 'dc=example,dc=test';
const ROOT_DN = `cn=admin,${BASE_DN}`;
const ROOT_PASSWORD = 'root-secret';
/** The service account the directory searches as; it may read, not write. */
export const READER = { dn: `cn=reader,${BASE_DN}`, password: 'Reader!pw1' };

export interface LdapPerson {
  uid: string;
  cn: string;
  mail?: string;
  ou?: string;
  password: string;
  /** Below ou=people by default. */
  parent?: string;
}

export interface Slapd {
  url: string;
  baseDn: string;
  stop(): Promise<void>;
}

const SCHEMAS = ['core', 'cosine', 'inetorgperson', 'nis'];
const READY_WITHIN_MS = 15_000;

/** slapd stopped before it answered: a bad configuration, or its port was taken meanwhile. */
class SlapdExited extends Error {}

/** slapd lives in /usr/sbin, which is often not on a non-root PATH. */
function slapdBinary(): string {
  const candidates = [
    process.env['SLAPD_PATH'],
    ...(process.env['PATH'] ?? '').split(delimiter).map((dir) => join(dir, 'slapd')),
    '/usr/sbin/slapd',
  ];
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // next
    }
  }
  throw new Error(
    "The LDAP tests need OpenLDAP's slapd: install it with `apt-get install slapd ldap-utils` " +
      '(or set SLAPD_PATH); bash .ci/run installs it on a fresh machine.',
  );
}

/** `{SSHA}` as slappasswd makes it: SHA-1 over password and salt, then the salt, in base64. */
export function ssha(password: string): string {
  const salt = randomBytes(8);
  const digest = createHash('sha1').update(password).update(salt).digest();
  return `{SSHA}${Buffer.concat([digest, salt]).toString('base64')}`;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function slapdConf(dir: string): string {
  return [
    ...SCHEMAS.map((schema) => `include /etc/ldap/schema/${schema}.schema`),
    `pidfile ${join(dir, 'slapd.pid')}`,
    `argsfile ${join(dir, 'slapd.args')}`,
    'modulepath /usr/lib/ldap',
    'moduleload back_mdb',
    'database mdb',
    'maxsize 16777216',
    `suffix "${BASE_DN}"`,
    `rootdn "${ROOT_DN}"`,
    `rootpw ${ROOT_PASSWORD}`,
    `directory ${join(dir, 'db')}`,
    // Passwords serve binds only; everything else may be read, anonymously too.
    'access to attrs=userPassword by anonymous auth by * none',
    'access to * by * read',
    '',
  ].join('\n');
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Polls with an LDAP bind until slapd answers; fails at once when slapd exits instead. */
async function waitUntilReady(url: string, child: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + READY_WITHIN_MS;
  let exitedEarly = false;
  child.once('exit', () => {
    exitedEarly = true;
  });
  for (;;) {
    if (exitedEarly) throw new SlapdExited(`slapd exited during start-up:\n${stderr()}`);
    const client = new Client({ url, connectTimeout: 1000, timeout: 1000 });
    try {
      await client.bind(ROOT_DN, ROOT_PASSWORD);
      return;
    } catch (err) {
      if (Date.now() > deadline) {
        throw new Error(`slapd did not answer on ${url}:\n${stderr()}`, { cause: err });
      }
      // Connection refused comes back at once: poll again shortly rather than spin.
      await delay(20);
    } finally {
      await client.unbind().catch(() => undefined);
    }
  }
}

/** Starts slapd and seeds it; a port taken between choosing and binding it gets another try. */
export async function startSlapd(people: LdapPerson[]): Promise<Slapd> {
  const binary = slapdBinary();
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(binary, people);
    } catch (err) {
      if (attempt >= 3 || !(err instanceof SlapdExited)) throw err;
    }
  }
}

async function startOnce(binary: string, people: LdapPerson[]): Promise<Slapd> {
  const dir = mkdtempSync(join(tmpdir(), 'postdeck-slapd-'));
  mkdirSync(join(dir, 'db'));
  writeFileSync(join(dir, 'slapd.conf'), slapdConf(dir));
  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  // -d keeps slapd in the foreground, so it stays this process's child and ends with the test.
  const child = spawn(binary, ['-f', join(dir, 'slapd.conf'), '-h', `${url}/`, '-d', '0'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // Should the test process end without calling stop, slapd does not outlive it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const spawnFailed = new Promise<never>((_, reject) => child.once('error', reject));
  spawnFailed.catch(() => undefined);

  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      const gone = exited(child);
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await gone;
      clearTimeout(killer);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    await Promise.race([waitUntilReady(url, child, () => stderr), spawnFailed]);
    await seed(url, people);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, baseDn: BASE_DN, stop };
}

async function seed(url: string, people: LdapPerson[]): Promise<void> {
  const client = new Client({ url, timeout: 5000, connectTimeout: 5000 });
  try {
    await client.bind(ROOT_DN, ROOT_PASSWORD);
    await client.add(BASE_DN, { objectClass: ['dcObject', 'organization'], dc: 'example', o: 'Example' });
    await client.add(`ou=people,${BASE_DN}`, { objectClass: 'organizationalUnit', ou: 'people' });
    await client.add(READER.dn, {
      objectClass: ['organizationalRole', 'simpleSecurityObject'],
      cn: 'reader',
      userPassword: ssha(READER.password),
    });
    const parents = new Set(people.map((p) => p.parent).filter((p): p is string => p !== undefined));
    for (const parent of parents) {
      const ou = /^ou=([^,]+)/.exec(parent)?.[1] ?? 'other';
      await client.add(parent, { objectClass: 'organizationalUnit', ou });
    }
    for (const person of people) {
      await client.add(`uid=${person.uid},${person.parent ?? `ou=people,${BASE_DN}`}`, {
        objectClass: ['inetOrgPerson'],
        uid: person.uid,
        cn: person.cn,
        sn: person.cn.split(' ').at(-1) ?? person.cn,
        ...(person.mail ? { mail: person.mail } : {}),
        ...(person.ou ? { ou: person.ou } : {}),
        userPassword: ssha(person.password),
      });
    }
  } finally {
    await client.unbind().catch(() => undefined);
  }
}
