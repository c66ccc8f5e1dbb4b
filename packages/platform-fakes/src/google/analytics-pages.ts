import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../html.ts';
import type { GoogleState } from './state.ts';

/**
 * analytics.google.com/analytics/web/#/p<id>/, a property's link: the property is in the
 * fragment, which never reaches a server, so the page lists every property with its account
 * (each under the id the fragment names) and the browser scrolls to nothing in particular.
 */
export function analyticsPageRoutes(app: FastifyInstance, state: GoogleState): void {
  app.get('/analytics/web/', async (_request, reply) => {
    const properties = [...state.properties.values()]
      .map((property) => {
        const account = state.accounts.get(property.accountId)?.displayName ?? '';
        return `<li id="p${escapeHtml(property.id)}"><strong>${escapeHtml(property.displayName)}</strong> · ${escapeHtml(account)} · ${escapeHtml(property.id)}</li>`;
      })
      .join('\n');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Analytics</title></head><body><h1>Google Analytics</h1><ul>${properties}</ul></body></html>`,
      );
  });
}
