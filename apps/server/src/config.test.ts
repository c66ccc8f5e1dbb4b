import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('LDAP settings', () => {
  it('are off without LDAP_URL: the directory is Postdeck’s own users', () => {
    expect(loadConfig({}).ldap).toBeUndefined();
    expect(loadConfig({ LDAP_URL: '', LDAP_BASE_DN: 'dc=example,dc=test' }).ldap).toBeUndefined();
  });

  it('default to OpenLDAP attribute names, anonymous searches and local passwords', () => {
    expect(
      loadConfig({ LDAP_URL: 'ldap://ldap.internal:389', LDAP_BASE_DN: 'dc=example,dc=test' }).ldap,
    ).toEqual({
      url: 'ldap://ldap.internal:389',
      bindDn: undefined,
      bindPassword: undefined,
      baseDn: 'dc=example,dc=test',
      userFilter: '(uid={account})',
      attributes: { account: 'uid', name: 'cn', email: 'mail', department: 'ou' },
      passwordCheck: false,
      localAccounts: [],
      timeoutMs: 5000,
    });
  });

  it('take Active Directory settings; the default filter follows the account attribute', () => {
    const ldap = loadConfig({
      LDAP_URL: 'ldaps://dc1.corp.example:636',
      LDAP_BIND_DN: 'CN=postdeck,OU=Service,DC=corp,DC=example',
      LDAP_BIND_PASSWORD: 's3cret',
      LDAP_BASE_DN: 'DC=corp,DC=example',
      LDAP_ATTR_ACCOUNT: 'sAMAccountName',
      LDAP_ATTR_NAME: 'displayName',
      LDAP_ATTR_EMAIL: '',
      LDAP_ATTR_DEPARTMENT: 'department',
      LDAP_PASSWORD_CHECK: 'true',
      LDAP_TIMEOUT_MS: '2000',
      LDAP_LOCAL_ACCOUNTS: ' Admin, break_glass ,',
    }).ldap;
    expect(ldap).toMatchObject({
      url: 'ldaps://dc1.corp.example:636',
      bindDn: 'CN=postdeck,OU=Service,DC=corp,DC=example',
      bindPassword: 's3cret',
      userFilter: '(sAMAccountName={account})',
      // An empty value counts as unset.
      attributes: { account: 'sAMAccountName', name: 'displayName', email: 'mail', department: 'department' },
      passwordCheck: true,
      localAccounts: ['admin', 'break_glass'],
      timeoutMs: 2000,
    });
    expect(
      loadConfig({
        LDAP_URL: 'ldap://127.0.0.1',
        LDAP_BASE_DN: 'dc=x',
        LDAP_USER_FILTER: '(&(objectClass=user)(sAMAccountName={account}))',
      }).ldap?.userFilter,
    ).toBe('(&(objectClass=user)(sAMAccountName={account}))');
  });

  it('are refused with a message naming the variable', () => {
    expect(() => loadConfig({ LDAP_URL: 'ldap://ldap.internal' })).toThrow(
      'LDAP_BASE_DN: required when LDAP_URL is set',
    );
    expect(() => loadConfig({ LDAP_URL: 'https://ldap.internal', LDAP_BASE_DN: 'dc=x' })).toThrow(
      /LDAP_URL: must be ldap:\/\/host\[:port\] or ldaps:\/\/host\[:port\]/,
    );
    expect(() => loadConfig({ LDAP_URL: 'ldap://ldap.internal/dc=x?uid', LDAP_BASE_DN: 'dc=x' })).toThrow(
      /LDAP_URL/,
    );
    expect(() =>
      loadConfig({
        LDAP_URL: 'ldap://ldap.internal',
        LDAP_BASE_DN: 'dc=x',
        LDAP_USER_FILTER: 'uid={account}',
      }),
    ).toThrow('LDAP_USER_FILTER: must be a parenthesised LDAP filter containing {account}');
    expect(() =>
      loadConfig({ LDAP_URL: 'ldap://ldap.internal', LDAP_BASE_DN: 'dc=x', LDAP_USER_FILTER: '(uid=admin)' }),
    ).toThrow(/LDAP_USER_FILTER/);
    expect(() => loadConfig({ LDAP_PASSWORD_CHECK: 'yes' })).toThrow(/LDAP_PASSWORD_CHECK/);
    expect(() => loadConfig({ LDAP_TIMEOUT_MS: '0' })).toThrow(/LDAP_TIMEOUT_MS/);
  });
});

describe('upload quota settings', () => {
  it('default to 10 open uploads and twice the largest file in flight, per user', () => {
    expect(loadConfig({}).materials.uploadQuota).toEqual({ open: 10, bytes: 4 * 1024 ** 3 });
    // The default follows the video limit, so raising it never makes a video impossible to send.
    expect(loadConfig({ MATERIAL_MAX_VIDEO_BYTES: String(3 * 1024 ** 3) }).materials.uploadQuota.bytes).toBe(
      6 * 1024 ** 3,
    );
    expect(
      loadConfig({
        UPLOAD_MAX_OPEN_PER_USER: '3',
        UPLOAD_MAX_BYTES_IN_FLIGHT_PER_USER: String(5 * 1024 ** 3),
      }).materials.uploadQuota,
    ).toEqual({ open: 3, bytes: 5 * 1024 ** 3 });
  });

  it('refuse a bytes limit below the largest file, and a count that is not a positive integer', () => {
    expect(() => loadConfig({ UPLOAD_MAX_BYTES_IN_FLIGHT_PER_USER: String(1024 ** 3) })).toThrow(
      /UPLOAD_MAX_BYTES_IN_FLIGHT_PER_USER: must be at least the largest file allowed \(2147483648\)/,
    );
    expect(() => loadConfig({ UPLOAD_MAX_OPEN_PER_USER: '0' })).toThrow(/UPLOAD_MAX_OPEN_PER_USER/);
  });
});

describe('secrets and proxies', () => {
  it('refuse a POSTDECK_SECRET under 32 characters, saying so', () => {
    expect(() => loadConfig({ POSTDECK_SECRET: 'x'.repeat(31) })).toThrow(
      'POSTDECK_SECRET: must be at least 32 characters',
    );
    expect(() => loadConfig({ POSTDECK_SECRET: '' })).toThrow(/POSTDECK_SECRET/);
    const hex = '3f9a0c7e51b2d8846e0a1fc35b97d2e4';
    expect(loadConfig({ POSTDECK_SECRET: hex }).secret).toBe(hex);
  });

  it('refuse a POSTDECK_SECRET of one character or a short pattern repeated, without saying it', () => {
    for (const weak of ['x'.repeat(32), 'changeme'.repeat(5), '0123'.repeat(8), `${'a'.repeat(31)}b`]) {
      expect(() => loadConfig({ POSTDECK_SECRET: weak }), weak).toThrow(/POSTDECK_SECRET: (uses|repeats)/);
      expect(() => loadConfig({ POSTDECK_SECRET: weak }), weak).not.toThrow(weak);
    }
  });

  it('hold ADMIN_PASSWORD to the spec §5 password rule', () => {
    for (const weak of ['a', 'password', 'Passw0rd', 'Sh0rt!', 'Much!too!long!pw1', 'Space 1!pass']) {
      expect(() => loadConfig({ ADMIN_PASSWORD: weak }), weak).toThrow(
        'ADMIN_PASSWORD: must be 8-16 characters with a digit, a letter and one of !@#$^&*()',
      );
    }
    expect(loadConfig({ ADMIN_PASSWORD: 'Adm1n!pass' }).adminPassword).toBe('Adm1n!pass');
    expect(loadConfig({}).adminPassword).toBeUndefined();
  });

  it('read TRUST_PROXY as a number of proxy hops: true is one, false none', () => {
    expect(loadConfig({}).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(
      'TRUST_PROXY: must be true, false or the number of proxy hops',
    );
    expect(() => loadConfig({ TRUST_PROXY: '-1' })).toThrow(/TRUST_PROXY/);
  });
});

describe('CHANNEL_TOKEN_KEYS', () => {
  const b64 = randomBytes(32).toString('base64');

  it('is empty by default: the key derived from the master secret seals', () => {
    expect(loadConfig({}).channelTokenKeys).toEqual([]);
  });

  it('reads the keys in order, the first the current one', () => {
    const keys = loadConfig({
      CHANNEL_TOKEN_KEYS: `k2:${b64},k1:${randomBytes(32).toString('base64')}`,
    }).channelTokenKeys;
    expect(keys.map((k) => k.id)).toEqual(['k2', 'k1']);
  });

  it('refuses a malformed key naming the variable and the id, not the key', () => {
    const short = Buffer.alloc(8, 5).toString('base64');
    expect(() => loadConfig({ CHANNEL_TOKEN_KEYS: `k2:${short}` })).toThrow(
      /CHANNEL_TOKEN_KEYS: key "k2": must be 32 bytes/,
    );
    expect(() => loadConfig({ CHANNEL_TOKEN_KEYS: `k2:${short}` })).not.toThrow(short);
  });

  it('refuses an all-zero key at start-up, naming its id', () => {
    expect(() =>
      loadConfig({ CHANNEL_TOKEN_KEYS: `k2:${b64},old:${Buffer.alloc(32).toString('base64')}` }),
    ).toThrow(/CHANNEL_TOKEN_KEYS: key "old": has 1 different byte values/);
  });
});

describe('channel app credentials', () => {
  it('take an OAuth platform as configured with its id and secret, and name the one missing', () => {
    const channels = loadConfig({ X_CLIENT_ID: 'x-id', X_CLIENT_SECRET: 'x-secret' }).channels;
    expect(channels.credentials).toEqual({ x: { clientId: 'x-id', clientSecret: 'x-secret' } });
    expect(channels.sandbox).toBe(false);
    expect(() => loadConfig({ X_CLIENT_ID: 'x-id' })).toThrow('X_CLIENT_SECRET: required with X_CLIENT_ID');
    expect(() => loadConfig({ TIKTOK_CLIENT_SECRET: 's' })).toThrow(
      'TIKTOK_CLIENT_KEY: required with TIKTOK_CLIENT_SECRET',
    );
  });

  it('take VK with its client id alone: VK ID exchanges codes with PKCE, never a secret', () => {
    const channels = loadConfig({ VK_CLIENT_ID: '51234567' }).channels;
    expect(channels.credentials).toEqual({ vk: { clientId: '51234567', clientSecret: '' } });
    expect(channels.sandbox).toBe(false);
  });
});

describe('running at scale', () => {
  const server = { DATABASE_URL: 'postgres://postdeck@db.internal:5432/postdeck' };

  it('runs everything in one process by default, with files on the local disk and no metrics', () => {
    const config = loadConfig({});
    expect(config.role).toBe('all');
    expect(config.storage).toEqual({ backend: 'local' });
    expect(config.metrics).toBeUndefined();
  });

  it('takes api and worker roles only with a PostgreSQL server', () => {
    expect(loadConfig({ ...server, POSTDECK_ROLE: 'worker' }).role).toBe('worker');
    expect(() => loadConfig({ POSTDECK_ROLE: 'api' })).toThrow(/POSTDECK_ROLE: api needs DATABASE_URL/);
  });

  it('reads the S3 settings, and wants a bucket and both keys or neither', () => {
    expect(
      loadConfig({
        STORAGE: 's3',
        S3_ENDPOINT: 'http://s3.internal:9000',
        S3_BUCKET: 'media',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_PREFIX: 'postdeck/',
      }).storage,
    ).toEqual({
      backend: 's3',
      endpoint: 'http://s3.internal:9000',
      region: 'us-east-1',
      bucket: 'media',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
      prefix: 'postdeck/',
    });
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET: required/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /set both or neither/,
    );
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'media', S3_PREFIX: '../x' })).toThrow(/S3_PREFIX/);
  });

  it('serves metrics only behind a token or on a port of their own', () => {
    expect(() => loadConfig({ METRICS: 'on' })).toThrow(/set METRICS_TOKEN or METRICS_PORT/);
    expect(loadConfig({ METRICS: 'on', METRICS_PORT: '9464' }).metrics).toEqual({
      token: undefined,
      port: 9464,
      host: '127.0.0.1',
    });
    expect(() => loadConfig({ METRICS: 'on', METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});
