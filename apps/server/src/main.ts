import closeWithGrace from 'close-with-grace';
import { loadConfig } from './config.ts';
import { checkDataDirFree, exitWhenDataDirInUse } from './db/data-dir-lock.ts';

const config = loadConfig();
// The whole story is in the message; before the modules load, so a second start stops at once.
const refuse = exitWhenDataDirInUse((error) => error.message);
checkDataDirFree(config, refuse);
const { start } = await import('./server.ts');
const server = await start(config, (message) => console.log(message)).catch(refuse);
const local = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
// The address to open is the one the platforms send the browser back to after a consent: PUBLIC_URL's,
// or else the address the console is opened at (this one, as printed).
const redirect = config.channels.redirectUri;
server.app.log.info(
  redirect
    ? `Postdeck at ${new URL(redirect).origin} (listening on ${local}, ${server.database.kind})`
    : `Postdeck listening on ${local} (${server.database.kind})`,
);

// Ctrl-C or SIGTERM: stop accepting, finish in-flight requests, close the database.
closeWithGrace({ delay: 20_000 }, async ({ signal, err }) => {
  if (err) server.app.log.error({ err }, 'shutting down after an error');
  else server.app.log.info(`${signal ?? 'exit'}: shutting down`);
  await server.stop();
});
