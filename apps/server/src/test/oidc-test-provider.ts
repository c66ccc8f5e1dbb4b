// Ambient types (the package ships none), referenced so every program importing this file has them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./oidc-provider-types.d.ts" />
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Account, type OidcContext } from 'oidc-provider';

/**
 * A real OpenID Connect provider (oidc-provider) on loopback, for the single sign-on tests and
 * the end-to-end run: one confidential client that must use PKCE, a plain sign-in page of its
 * own (username and password, no outside resources), consent taken as given for that client,
 * and RP-initiated logout.
 */

export interface TestOidcAccount {
  password: string;
  /** Claims besides `sub` (the sign-in name): preferred_username, name, email… */
  claims: Record<string, unknown>;
}

export interface TestOidcProviderOptions {
  /** 0 (default): any free port. */
  port?: number;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  /** By sign-in name, which is also the subject (`sub`). */
  accounts: Record<string, TestOidcAccount>;
}

export interface TestOidcProvider {
  issuer: string;
  /** Every request the provider received (method and path with query), oldest first. */
  requests: { method: string; url: string }[];
  close(): Promise<void>;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const page = (title: string, body: string) =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
  `<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;

function loginForm(uid: string, error?: string) {
  return page(
    'Test provider sign-in',
    `${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}` +
      `<form method="post" action="/interaction/${escapeHtml(uid)}/login" autocomplete="off">` +
      '<label>Username <input name="login" required autofocus></label>' +
      '<label>Password <input name="password" type="password" required></label>' +
      '<button type="submit">Sign in</button></form>',
  );
}

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function send(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

export async function startOidcProvider(options: TestOidcProviderOptions): Promise<TestOidcProvider> {
  const requests: TestOidcProvider['requests'] = [];
  // Made once the port is known (it is in the issuer); requests wait for nothing before that.
  const made: { provider?: Provider } = {};

  async function interaction(req: IncomingMessage, res: ServerResponse, path: string) {
    const active = made.provider as Provider;
    const [, , uid = '', action] = path.split('/');
    if (req.method === 'GET' && action === undefined) {
      const details = await active.interactionDetails(req, res);
      if (details.prompt.name !== 'login') return send(res, 501, page('Not supported', details.prompt.name));
      return send(res, 200, loginForm(uid));
    }
    if (req.method === 'POST' && action === 'login') {
      const form = await formBody(req);
      const login = form.get('login') ?? '';
      const account = Object.hasOwn(options.accounts, login) ? options.accounts[login] : undefined;
      if (!account || account.password !== form.get('password')) {
        return send(res, 200, loginForm(uid, 'Wrong username or password'));
      }
      return active.interactionFinished(
        req,
        res,
        { login: { accountId: login } },
        { mergeWithLastSubmission: false },
      );
    }
    if (req.method === 'GET' && action === 'abort') {
      return active.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'End-User aborted interaction' },
        { mergeWithLastSubmission: false },
      );
    }
    return send(res, 404, page('Not found', ''));
  }

  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    requests.push({ method: req.method ?? 'GET', url });
    const path = url.split('?')[0] ?? '/';
    if (path.startsWith('/interaction/')) {
      interaction(req, res, path).catch((error: unknown) => {
        if (!res.headersSent) send(res, 500, page('Error', escapeHtml(String(error))));
      });
      return;
    }
    (made.provider as Provider).callback()(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test-provider' };

  made.provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.postLogoutRedirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    jwks: { keys: [signingKey] },
    cookies: { keys: ['postdeck-test-provider-cookies'] },
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username', 'given_name', 'family_name'],
      email: ['email', 'email_verified'],
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx: OidcContext, form: string) => {
          ctx.type = 'html';
          ctx.body = page(
            'Sign out of the test provider?',
            `${form}<button type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button>` +
              '<button type="submit" form="op.logoutForm">No, stay signed in</button>',
          );
        },
        postLogoutSuccessSource: async (ctx: OidcContext) => {
          ctx.type = 'html';
          ctx.body = page('Signed out of the test provider', '');
        },
      },
    },
    interactions: { url: (_ctx: OidcContext, found: { uid: string }) => `/interaction/${found.uid}` },
    findAccount: async (_ctx: OidcContext, sub: string): Promise<Account | undefined> => {
      if (!Object.hasOwn(options.accounts, sub)) return undefined;
      const claims = options.accounts[sub]?.claims ?? {};
      return { accountId: sub, claims: () => ({ ...claims, sub }) };
    },
    // The one client is first-party: what it asks for is granted without a consent page.
    loadExistingGrant: async (ctx: OidcContext) => {
      const { client, session, result } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid profile email');
      await grant.save();
      return grant;
    },
    renderError: async (ctx: OidcContext, out: Record<string, unknown>) => {
      ctx.type = 'html';
      ctx.body = page('Provider error', `<pre>${escapeHtml(JSON.stringify(out))}</pre>`);
    },
  });

  return {
    issuer,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
