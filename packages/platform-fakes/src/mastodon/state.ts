import type { FakeMedia } from '../posts.ts';

/** What a Mastodon fake holds besides its posts: apps, users, grants, uploads, dedupe keys. */

export interface MastodonApp {
  clientId: string;
  clientSecret: string;
  name: string;
  website?: string;
  redirectUris: string[];
  scopes: string[];
}

export interface MastodonUser {
  id: string;
  username: string;
  displayName: string;
  /** The account's followers_count (a test sets it). */
  followers: number;
}

export interface MastodonCode {
  clientId: string;
  redirectUri: string;
  scopes: string[];
  userId: string;
  codeChallenge?: string;
  used: boolean;
}

export interface MastodonToken {
  clientId: string;
  userId: string;
  scopes: string[];
  revoked: boolean;
  createdAt: Date;
}

export interface MastodonUpload {
  id: string;
  userId: string;
  file: FakeMedia;
  description?: string;
  type: 'image' | 'video' | 'gifv';
  /** Status checks still to answer 206 (Partial Content: processing). */
  pollsLeft: number;
}

export class MastodonState {
  readonly apps = new Map<string, MastodonApp>();
  readonly users = new Map<string, MastodonUser>();
  readonly codes = new Map<string, MastodonCode>();
  readonly tokens = new Map<string, MastodonToken>();
  readonly uploads = new Map<string, MastodonUpload>();
  /** A status's attachments, by upload id. */
  readonly statusMedia = new Map<string, string[]>();
  /** `<user id> <Idempotency-Key>` → the status it made and when (a key counts for an hour). */
  readonly idempotency = new Map<string, { statusId: string; at: Date }>();
  /** Calls per user in the rate-limit window under way (X-RateLimit-Remaining), by the window's start. */
  readonly calls = new Map<string, { windowStart: number; count: number }>();
  #next = 1;

  secret(prefix: string): string {
    return `${prefix}${(this.#next++).toString(36)}${crypto.randomUUID().replaceAll('-', '')}`;
  }

  addUser(user: { username: string; displayName?: string; followers?: number }): MastodonUser {
    const id = String(109_000_000_000 + this.users.size + 1);
    const added = {
      id,
      username: user.username,
      displayName: user.displayName ?? user.username,
      followers: user.followers ?? 0,
    };
    this.users.set(id, added);
    return added;
  }

  findUser(username: string): MastodonUser | undefined {
    return [...this.users.values()].find((u) => u.username === username);
  }
}
