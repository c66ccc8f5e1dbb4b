import closeWithGrace from 'close-with-grace';
import { loadConfig } from './config.ts';
import { checkDataDirFree, exitWhenDataDirInUse } from './db/data-dir-lock.ts';

const config = loadConfig();
// The whole story is in the message; before the modules load, so a second start stops at once.
const refuse = exitWhenDataDirInUse((error) => error.message);
checkDataDirFree(config, refuse);
const { start } = await import('./server.ts');
const server = await start(config, (message) => console.log(message)).catch(refuse);
const local = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${server.door.port}`;
// The address to open is the one the platforms send the browser back to after a consent: PUBLIC_URL's,
// or else the address the console is opened at (this one, as printed).
const redirect = config.channels.redirectUri;
server.app.log.info(
  config.role === 'worker'
    ? `Postdeck worker running (probes on ${local}, ${server.database.kind})`
    : redirect
      ? `Postdeck at ${new URL(redirect).origin} (listening on ${local}, ${server.database.kind}, role ${config.role})`
      : `Postdeck listening on ${local} (${server.database.kind}, role ${config.role})`,
);

// Ctrl-C or SIGTERM: stop accepting, finish in-flight requests and jobs (SHUTDOWN_GRACE_MS at
// most, then hand back what is left), close the database; the margin covers the steps after.
closeWithGrace({ delay: config.shutdownGraceMs + 10_000 }, async ({ signal, err }) => {
  if (err) server.app.log.error({ err }, 'shutting down after an error');
  else server.app.log.info(`${signal ?? 'exit'}: shutting down`);
  await server.stop();
});
