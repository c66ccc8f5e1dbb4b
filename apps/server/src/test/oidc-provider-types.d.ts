/**
 * The part of oidc-provider (a devDependency that ships no types) the test provider uses.
 * Referenced from oidc-test-provider.ts, so the web app's type check (which reaches it through
 * the end-to-end server starter) sees it too.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface OidcContext {
    host: string;
    type: string;
    body: unknown;
    oidc: {
      client?: { clientId: string };
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      result?: { consent?: { grantId?: string } };
      provider: Provider;
    };
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  export interface InteractionDetails {
    uid: string;
    prompt: { name: string; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId: string };
  }

  export class Grant {
    constructor(properties: { accountId?: string; clientId?: string });
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    save(): Promise<string>;
    static find(id: string): Promise<Grant | undefined>;
  }

  export class Provider {
    constructor(issuer: string, configuration?: Record<string, unknown>);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    readonly Grant: typeof Grant;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  export default Provider;
}
