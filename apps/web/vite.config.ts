import { resolve } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { inAntdChunk } from './vite/antd-chunk.ts';
import { antdStaticStyles } from './vite/antd-static-styles.ts';

const root = import.meta.dirname;

export default defineConfig({
  root,
  plugins: [
    react(),
    antdStaticStyles(resolve(root, 'src')),
    // Each built file also as .br and .gz at the highest settings, made once here and served by
    // Accept-Encoding (the server's @fastify/static `preCompressed`). Not index.html: the
    // server stamps a fresh nonce into it per response, so it is compressed there instead.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      exclude: [/index\.html$/],
      // A sibling no smaller than its file is not written.
      skipIfLargerOrEqual: true,
    }),
  ],
  html: {
    // The server swaps this placeholder for a fresh nonce on every request and names it in its
    // Content-Security-Policy; Vite stamps it on every tag it emits and on the csp-nonce meta
    // tag, from which the app hands it to antd's CSS-in-JS (see utils/csp-nonce.ts).
    cspNonce: 'POSTDECK_CSP_NONCE',
  },
  server: {
    proxy: {
      '/prod-api': {
        target: process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080',
        changeOrigin: true,
      },
    },
  },
  build: {
    outDir: resolve(root, 'dist'),
    // dist/.vite/manifest.json: which chunks each entry and page pull in, read by
    // scripts/measure-login-js.mjs to count the JavaScript a first paint of /login needs.
    manifest: true,
    // Every browser the console supports preloads modules itself; the polyfill only added bytes
    // to the first paint.
    modulePreload: { polyfill: false },
    emptyOutDir: true,
    rolldownOptions: {
      // Inlining common chunks (below) needs it; the entry exports nothing anyway.
      preserveEntrySignatures: false,
      output: {
        // React and the router change less often than the app: their own chunk stays cached
        // across releases. The modules of antd that first views need come in one chunk
        // (vite/antd-chunk.ts); the icons and colour helpers that the login page also draws are
        // grouped by the pages that use them, small groups merged, so /login loads only its own.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 3,
            },
            // The platforms' marks (components/platform-icon.tsx) load with the pages that show
            // platforms: a chunk of their own, which the icons' merging of small groups would
            // otherwise fold into one that first views load.
            {
              name: 'platform-icons',
              test: /node_modules[\\/]@ant-design[\\/]icons-svg[\\/]es[\\/]asn[\\/](Facebook|Instagram|Linkedin|Mastodon|Telegram|TikTok|X|Youtube)(Filled|Outlined)\.js$/,
              priority: 4,
            },
            // The icons antd's Alert, message and Result draw, and a button's spinner: the login
            // page's alert and nearly every view need them, so one chunk of their own. Grouped by
            // the pages that use them, they were regrouped as pages came and went (the statistics
            // page in, the coming-soon page out) and /login took 675 bytes more. Not named antd-*:
            // first-paint.spec.ts holds /login to loading no antd chunk.
            {
              name: 'status-icons',
              test: /node_modules[\\/]@ant-design[\\/]icons-svg[\\/]es[\\/]asn[\\/](CheckCircleFilled|CloseCircleFilled|ExclamationCircleFilled|InfoCircleFilled|CloseOutlined|LoadingOutlined)\.js$/,
              priority: 4,
            },
            {
              name: 'icons',
              test: /node_modules[\\/]@ant-design[\\/](icons-svg|fast-color)[\\/]/,
              priority: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: 4_000,
            },
            { name: 'antd', test: inAntdChunk, priority: 1 },
          ],
          // The small common chunks automatic splitting makes (a store, a hook, a contract
          // module shared by two pages) are copied into the chunks that read them, one shared
          // state kept by rolldown's runtime: the department content page's first view came in
          // 67 files, 45 of them under 4 KB, each waiting for one of HTTP/1.1's six connections.
          // In 30 files it is 35 KB heavier (the strict execution order this needs wraps every
          // module) and Lighthouse paints its rows 0.3 s (desktop) to 0.5 s (mobile) sooner.
          // Stylesheets stay files: Vite's CSS plugin emits a style module's CSS from every chunk
          // that lists it.
          experimentalInlineCommonChunks: {
            maxSize: 32 * 1024,
            exclude: /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/,
          },
        },
      },
    },
  },
});
