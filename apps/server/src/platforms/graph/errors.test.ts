import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { errorClassifier, failure } from '../adapter-testing.ts';
import { GRAPH_ERROR_RULES, GRAPH_WRITE_ERROR_RULES, describeGraphError } from './errors.ts';
import { createGraphHttp, nextPageQuery, regainMinutes } from './http.ts';

const kindOf = errorClassifier('facebook', GRAPH_ERROR_RULES, describeGraphError);
const writeKindOf = errorClassifier('facebook', GRAPH_WRITE_ERROR_RULES, describeGraphError);
const graph = (code: number, message: string, extra: Record<string, unknown> = {}) => ({
  error: { message, type: 'OAuthException', code, fbtrace_id: 'Ax', ...extra },
});

describe('Graph errors', () => {
  it.each([
    [400, 190, undefined, 'Error validating access token: Session has expired', 'reauthorize'],
    [400, 190, 460, 'Error validating access token: password changed', 'reauthorize'],
    [400, 102, undefined, 'Session key invalid or no longer valid', 'reauthorize'],
    [403, 200, undefined, '(#200) Requires pages_manage_posts permission', 'reauthorize'],
    [403, 10, undefined, '(#10) Application does not have permission for this action', 'reauthorize'],
    [400, 4, undefined, '(#4) Application request limit reached', 'rateLimited'],
    [400, 17, undefined, '(#17) User request limit reached', 'rateLimited'],
    [400, 32, undefined, '(#32) Page request limit reached', 'rateLimited'],
    [400, 613, undefined, 'Calls to this api have exceeded the rate limit.', 'rateLimited'],
    [400, 80001, undefined, 'There have been too many calls to this Page account.', 'rateLimited'],
    [400, 9, 2207042, 'Application request limit reached', 'rateLimited'],
    [400, 368, 1390008, 'You are posting too fast', 'rateLimited'],
    [500, 1, undefined, 'An unknown error has occurred.', 'transient'],
    [500, 2, undefined, 'An unexpected error has occurred. Please retry your request later.', 'transient'],
    [400, 6001, undefined, 'There was a problem uploading your video. Please try again.', 'transient'],
    [400, 9007, 2207027, 'Media ID is not available', 'transient'],
    [400, 6000, undefined, 'There was a problem uploading your video file.', 'mediaInvalid'],
    [400, 389, undefined, '(#389) Unable to fetch video file from URL.', 'mediaInvalid'],
    [400, 100, 1366046, 'Invalid parameter', 'mediaInvalid'],
    [400, 9004, 2207052, 'Only photo or video can be accepted as media type.', 'mediaInvalid'],
    [400, 100, 2207026, 'Invalid parameter', 'mediaInvalid'],
    [400, 368, undefined, 'The action attempted has been deemed abusive', 'rejected'],
    [400, 506, undefined, '(#506) Duplicate status message', 'rejected'],
    [400, 100, 33, "Unsupported delete request. Object with ID '1' does not exist", 'rejected'],
    [400, 100, 2207010, 'Invalid parameter', 'rejected'],
    [400, 1, undefined, 'Error validating client secret.', 'rejected'],
  ] as const)('%i code %i/%s "%s" → %s', (status, code, subcode, message, kind) => {
    const error = kindOf(
      status,
      graph(code, message, subcode === undefined ? {} : { error_subcode: subcode }),
    );
    expect(error.kind).toBe(kind);
    expect(error.detail.platformCode).toBe(String(code));
    expect(error.detail.platformSubcode).toBe(subcode === undefined ? undefined : String(subcode));
    expect(error.detail.platformMessage).toBe(message);
  });

  it('recognises a revoked token in words, and keeps the message written for people', () => {
    expect(kindOf(400, graph(100, 'REVOKED_ACCESS_TOKEN')).kind).toBe('reauthorize');
    const error = kindOf(
      400,
      graph(9004, 'Only photo or video can be accepted as media type.', {
        error_subcode: 2207052,
        error_user_title: 'Media download has failed.',
        error_user_msg: 'The media could not be fetched from this uri: https://cdn.example/a.jpg',
      }),
    );
    expect(error.detail.platformMessage).toBe(
      'The media could not be fetched from this uri: https://cdn.example/a.jpg',
    );
  });

  it('reads no error from a successful answer, and classifies an error without a body by its status', () => {
    expect(describeGraphError({ success: true }, 200)).toBeUndefined();
    expect(kindOf(503, 'Service Unavailable').kind).toBe('transient');
  });

  it("a write's generic code (1 unknown, 2 unavailable) is outcomeUnknown at any status; a named refusal stays what it is", () => {
    for (const status of [400, 500, 503])
      for (const code of [1, 2])
        expect(writeKindOf(status, graph(code, 'An unknown error has occurred.')).kind).toBe(
          'outcomeUnknown',
        );
    expect(writeKindOf(400, graph(1, 'Error validating client secret.')).kind).toBe('rejected');
    expect(writeKindOf(400, graph(190, 'Session has expired')).kind).toBe('reauthorize');
    expect(writeKindOf(400, graph(506, '(#506) Duplicate status message')).kind).toBe('rejected');
    expect(writeKindOf(400, graph(6001, 'There was a problem uploading your video.')).kind).toBe('transient');
  });

  it('through the HTTP helper: a write answered code 2 or a bare 5xx is outcomeUnknown, a read or a repeatable call transient', async () => {
    let status = 500;
    let body = JSON.stringify(graph(2, 'An unexpected error has occurred.'));
    const server = createServer((_request, response) => response.writeHead(status).end(body));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v23.0/1/feed`;
    try {
      const http = createGraphHttp('facebook', { timeoutMs: 5000 });
      expect((await failure(http.request({ method: 'POST', url }))).kind).toBe('outcomeUnknown');
      expect((await failure(http.request({ method: 'GET', url }))).kind).toBe('transient');
      expect((await failure(http.request({ method: 'POST', url, idempotent: true }))).kind).toBe('transient');
      status = 400;
      expect((await failure(http.request({ method: 'POST', url }))).kind).toBe('outcomeUnknown');
      status = 502;
      body = '<html>Bad Gateway</html>';
      expect((await failure(http.request({ method: 'POST', url }))).kind).toBe('outcomeUnknown');
      expect((await failure(http.request({ method: 'GET', url }))).kind).toBe('transient');
    } finally {
      server.close();
    }
  });

  it("takes the next page's query from paging.next, without its token", () => {
    expect(
      nextPageQuery('https://graph.facebook.com/v23.0/1/feed?access_token=EAAG&limit=2&after=QVFI&fields=id'),
    ).toEqual({ limit: '2', after: 'QVFI', fields: 'id' });
    expect(nextPageQuery(undefined)).toBeUndefined();
    expect(nextPageQuery('not a url')).toBeUndefined();
  });

  it('reads the longest wait in X-Business-Use-Case-Usage, in minutes', () => {
    const usage = (minutes: number[]) =>
      JSON.stringify({
        '1': minutes.map((m) => ({ type: 'pages', call_count: 100, estimated_time_to_regain_access: m })),
      });
    expect(regainMinutes(usage([0, 7, 3]))).toBe(7);
    expect(regainMinutes(usage([0]))).toBeUndefined();
    expect(regainMinutes('not json')).toBeUndefined();
    expect(regainMinutes(null)).toBeUndefined();
  });
});
