import closeWithGrace from 'close-with-grace';
import { loadConfig } from './config.ts';
import { assertDataDirFree, DataDirInUseError } from './db/data-dir-lock.ts';

const config = loadConfig();
const refuse = (error: unknown): never => {
  if (!(error instanceof DataDirInUseError)) throw error;
  // The whole story is in the message; a stack trace would only bury it.
  console.error(error.message);
  process.exit(1);
};
// Before the server's modules load (seconds on a busy machine), so a second start stops at once.
if (!config.databaseUrl) {
  try {
    assertDataDirFree(config.dataDir);
  } catch (error) {
    refuse(error);
  }
}
const { start } = await import('./server.ts');
const server = await start(config, (message) => console.log(message)).catch(refuse);
server.app.log.info(
  `Postdeck listening on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} (${server.database.kind})`,
);

// Ctrl-C or SIGTERM: stop accepting, finish in-flight requests, close the database.
closeWithGrace({ delay: 20_000 }, async ({ signal, err }) => {
  if (err) server.app.log.error({ err }, 'shutting down after an error');
  else server.app.log.info(`${signal ?? 'exit'}: shutting down`);
  await server.stop();
});
