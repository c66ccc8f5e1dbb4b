import { API_BASE } from '@postdeck/contract/constants';
import { endpoints } from '@postdeck/contract/endpoints';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { asPoll } from '../db/read-priority.ts';

/**
 * The console's 5-second polls (spec §7 Messages): the unread count (notReadList) and, as the
 * spec describes it, the latest failure fetched as page 1 of size 1 of myInfor.
 */
export function isPoll(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (request.method === endpoints.notReadList.method && route === API_BASE + endpoints.notReadList.path) {
    return true;
  }
  if (request.method === endpoints.myInfor.method && route === API_BASE + endpoints.myInfor.path) {
    // Raw strings before validation, numbers after it.
    const query = request.query as Record<string, unknown>;
    return String(query['page']) === '1' && String(query['pageSize']) === '1';
  }
  return false;
}

/** A poll's handling runs with its database reads marked, so they go first on the embedded database. */
export function registerPollPriority(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    if (isPoll(request)) asPoll(done);
    else done();
  });
}
