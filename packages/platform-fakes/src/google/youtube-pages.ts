import type { FastifyInstance } from 'fastify';
import type { FakeContext } from '../fake-server.ts';
import { escapeHtml } from '../html.ts';
import { postPage } from '../post-page.ts';
import type { GoogleState } from './state.ts';

/** A 1×1 PNG in YouTube's red, well-formed so the console can shrink it: every channel's picture. */
const AVATAR = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVQImWP4z2AMAAM0ATMx+uohAAAAAElFTkSuQmCC',
  'base64',
);

/** What www.youtube.com shows: a video's /watch page (the post's public page), a channel's page, its picture. */
export function pageRoutes(app: FastifyInstance, ctx: FakeContext, state: GoogleState): void {
  app.get('/watch', async (request, reply) => {
    const post = ctx.posts.get((request.query as Record<string, string>)['v'] ?? '');
    if (!post) return reply.code(404).type('text/plain').send('This video is unavailable');
    return reply.type('text/html; charset=utf-8').send(postPage('YouTube', post));
  });

  app.get<{ Params: { id: string } }>('/channel/:id', async (request, reply) => {
    const channel = state.channels.get(request.params.id);
    if (!channel) return reply.code(404).type('text/plain').send('This channel does not exist');
    const videos = [...state.videos.values()]
      .filter((v) => v.channelId === channel.id && v.uploadStatus !== 'deleted')
      .map(
        (v) => `<li><a href="/watch?v=${encodeURIComponent(v.id)}">${escapeHtml(v.metadata.title)}</a></li>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(channel.title)} - YouTube</title></head><body><h1>${escapeHtml(channel.title)}</h1><p>@${escapeHtml(channel.handle)}</p><ul>${videos}</ul></body></html>`,
      );
  });

  app.get<{ Params: { file: string } }>('/avatars/:file', async (request, reply) => {
    if (!state.channels.has(request.params.file.replace(/\.png$/, '')))
      return reply.code(404).type('text/plain').send('Not found');
    return reply.type('image/png').send(AVATAR);
  });
}
