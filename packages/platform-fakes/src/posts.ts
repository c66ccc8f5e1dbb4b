/** A file a fake received with a post: kept whole, so the post's page can show it. */
export interface FakeMedia {
  name: string;
  mime: string;
  bytes: Uint8Array;
}

/** A post's counts as a fake holds them, named as Postdeck's contract names them (statistics.ts POST_METRICS); each fake answers them in its platform's words. */
export interface FakeMetrics {
  views?: number;
  reach?: number;
  reactions?: number;
  comments?: number;
  shares?: number;
  saves?: number;
  videoViews?: number;
  watchTimeS?: number;
  linkClicks?: number;
}

/** One post as a platform would hold it; the fake's own id is the platform's (a message id, a status id). */
export interface FakePost {
  id: string;
  /** The account (channel, user) it was published on, as the fake names it. */
  account: string;
  text: string;
  media: FakeMedia[];
  createdAt: Date;
  deletedAt?: Date;
  metrics: FakeMetrics;
}

/** The in-memory store every fake keeps its posts in; tests read it and the inspection routes show it. */
export class PostStore {
  readonly #posts = new Map<string, FakePost>();

  add(post: Omit<FakePost, 'metrics'> & { metrics?: FakeMetrics }): FakePost {
    const stored: FakePost = { metrics: {}, ...post };
    this.#posts.set(stored.id, stored);
    return stored;
  }

  get(id: string): FakePost | undefined {
    return this.#posts.get(id);
  }

  /** Every post, deleted ones too, in the order they came. */
  all(): FakePost[] {
    return [...this.#posts.values()];
  }

  /** The posts still there. */
  live(): FakePost[] {
    return this.all().filter((post) => post.deletedAt === undefined);
  }

  markDeleted(id: string, at: Date): void {
    const post = this.#posts.get(id);
    if (post) post.deletedAt = at;
  }

  /** What the inspection route answers: the media's bytes by size only. */
  static toJson(post: FakePost) {
    return {
      id: post.id,
      account: post.account,
      text: post.text,
      media: post.media.map(({ name, mime, bytes }) => ({ name, mime, bytes: bytes.byteLength })),
      createdAt: post.createdAt.toISOString(),
      deletedAt: post.deletedAt?.toISOString(),
      metrics: post.metrics,
    };
  }
}
