import { constants } from 'node:zlib';
import fastifyCompress, { type FastifyCompressOptions } from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Answers under this go out as they are: they take a packet either way, and setting up a
 * compressor costs the most per byte on them.
 */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * On-the-fly compression of the answers the server computes (API JSON, the CSV export,
 * index.html with its nonce, the manual's pages). The hot answers (user info, the 5-second
 * polls) stay under the threshold and cost nothing more. Above it, brotli at quality 4 takes
 * about 0.1 ms for a 5 KB answer (the menu tree: 5.5 KB to 0.9 KB), within a tenth of such a
 * request's time, roughly twice what gzip's default level takes, for up to a sixth fewer bytes; quality 11 would
 * take 25 ms, which is why the built files get it once, at build time (vite.config.ts), and are
 * served from their .br/.gz siblings by web.ts instead. Request bodies are not decompressed:
 * nothing sends compressed JSON, and accepting it would only make the body limit count
 * inflated bytes instead of received ones.
 */
const OPTIONS: FastifyCompressOptions = {
  encodings: ['br', 'gzip'],
  threshold: COMPRESSION_THRESHOLD,
  brotliOptions: {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 4,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  },
  globalDecompression: false,
};

/**
 * Compresses the answers of the routes `scope` registers after this call, by the request's
 * Accept-Encoding, with `Vary: Accept-Encoding`. Partial answers (206, Content-Range),
 * already-compressed types (images, video, zip, PDF) and text/event-stream are left alone by
 * the plugin; routes that send stored files opt out with `compress: false`, so their bytes,
 * Content-Length and byte ranges stay exactly as stored. Used per scope rather than at the
 * root so that file routes (@fastify/static's, the OpenAPI viewer's) never compress on the fly.
 */
export async function registerCompression(scope: FastifyInstance) {
  await scope.register(fastifyCompress, OPTIONS);
}
