import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FakeMedia } from './posts.ts';

/** A urlencoded or multipart body, read into fields and files. */
export class FormBody {
  readonly fields: Map<string, string[]>;
  readonly files: Map<string, FakeMedia>;

  constructor(fields: Map<string, string[]>, files: Map<string, FakeMedia>) {
    this.fields = fields;
    this.files = files;
  }
}

/**
 * Platforms take form bodies next to JSON (Telegram takes all three, Mastodon form or JSON), so
 * the fakes parse both kinds. Multipart goes through the WHATWG FormData parser Node ships.
 */
export function addFormParsers(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      const fields = new Map<string, string[]>();
      for (const [name, value] of new URLSearchParams(String(body))) push(fields, name, value);
      done(null, new FormBody(fields, new Map()));
    },
  );
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (request, body, done) => {
    const type = request.headers['content-type'] ?? '';
    new Response(new Uint8Array(body as Buffer), { headers: { 'content-type': type } })
      .formData()
      .then(async (form) => {
        const fields = new Map<string, string[]>();
        const files = new Map<string, FakeMedia>();
        for (const [name, value] of form) {
          if (typeof value === 'string') push(fields, name, value);
          else
            files.set(name, {
              name: value.name,
              mime: value.type || 'application/octet-stream',
              bytes: new Uint8Array(await value.arrayBuffer()),
            });
        }
        done(null, new FormBody(fields, files));
      })
      .catch((error: unknown) => done(error as Error));
  });
}

function push(fields: Map<string, string[]>, name: string, value: string): void {
  const list = fields.get(name);
  if (list) list.push(value);
  else fields.set(name, [value]);
}

/** A call's parameters wherever they came: query string, JSON, urlencoded or multipart body. */
export class Params {
  readonly #values = new Map<string, unknown[]>();
  readonly files: Map<string, FakeMedia>;

  constructor(request: FastifyRequest) {
    for (const [name, value] of Object.entries((request.query ?? {}) as Record<string, unknown>))
      this.#values.set(name, Array.isArray(value) ? value : [value]);
    const body = request.body;
    if (body instanceof FormBody) {
      for (const [name, list] of body.fields) this.#values.set(name, list);
      this.files = body.files;
    } else {
      if (body && typeof body === 'object')
        for (const [name, value] of Object.entries(body)) this.#values.set(name, [value]);
      this.files = new Map();
    }
  }

  get(name: string): string | undefined {
    const value = this.#values.get(name)?.[0];
    if (value === undefined || value === null) return undefined;
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }

  /** Every parameter's name. */
  names(): string[] {
    return [...this.#values.keys()];
  }

  /** A repeated field (`media_ids[]`), or a JSON array under the name. */
  all(name: string): string[] {
    const list = this.#values.get(name) ?? this.#values.get(`${name}[]`) ?? [];
    return list.flatMap((value) => (Array.isArray(value) ? value : [value])).map(String);
  }

  /** A parameter that holds JSON: sent as a string in forms, as itself in a JSON body. */
  json(name: string): unknown {
    const value = this.#values.get(name)?.[0];
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return undefined;
    }
  }
}
