import { OAuthStore } from '../oauth/store.ts';

/** What an X fake holds besides its posts: the OAuth kit's store, users, media uploads, call counts. */

export interface XUser {
  id: string;
  username: string;
  name: string;
  /** public_metrics.followers_count; tests set it. */
  followers: number;
}

export interface XUpload {
  id: string;
  userId: string;
  mediaType: string;
  category: string;
  totalBytes: number;
  /** APPEND's segments by segment_index; joined on FINALIZE. */
  segments: Map<number, Uint8Array>;
  finalized: boolean;
  /** STATUS checks still to answer pending/in_progress. */
  pollsLeft: number;
  /** Set when processing failed: STATUS answers state "failed" with it. */
  failure?: string | undefined;
  bytes?: Uint8Array | undefined;
}

/** platforms.md §4 OAuth: 2-hour access tokens; codes live 30 seconds; refresh tokens rotate. */
export const ACCESS_TTL_S = 7200;
export const CODE_TTL_S = 30;

export class XState {
  readonly oauth: OAuthStore;
  readonly users = new Map<string, XUser>();
  readonly uploads = new Map<string, XUpload>();
  /** The sandbox's posts' counts grow with their age where none were set (graph/grown-counts.ts). */
  grownCounts = false;
  /** Quote posts of a post, by its id (public_metrics.quote_count); its reposts are its metrics' shares. */
  readonly quotes = new Map<string, number>();
  /** reply_settings a post was created with, by post id (absent: everyone may reply). */
  readonly replySettings = new Map<string, string>();
  /** `<user id> <endpoint>` → calls in the current 15-minute window. */
  readonly calls = new Map<string, number>();
  #nextUser = 1;

  constructor(now: () => Date) {
    this.oauth = new OAuthStore({
      now,
      accessTtlS: ACCESS_TTL_S,
      codeTtlS: CODE_TTL_S,
      rotateRefresh: true,
      prefix: 'x-',
    });
  }

  addUser(user: { username: string; name?: string; followers?: number }): XUser {
    // X's ids are snowflakes: long digit strings that overflow a double, always sent as strings.
    const id = String(1_440_000_000_000_000_000n + BigInt(this.#nextUser++));
    const added = {
      id,
      username: user.username,
      name: user.name ?? user.username,
      followers: user.followers ?? 0,
    };
    this.users.set(id, added);
    this.oauth.addUser({ id, name: `@${added.username}` });
    return added;
  }

  findUser(username: string): XUser | undefined {
    return [...this.users.values()].find((u) => u.username === username);
  }
}
