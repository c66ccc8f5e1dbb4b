import { startPdsHere } from './pds.ts';

/**
 * Runs the PDS as its own process (pds.ts startLocalPds): prints where it listens as one JSON
 * line, and stops when its parent closes stdin (or goes away).
 */
const pds = await startPdsHere({ publicPort: Number(process.argv[2]) });
process.stdout.write(`${JSON.stringify({ origin: pds.origin, adminPassword: pds.adminPassword })}\n`);
process.stdin.resume();
process.stdin.once('end', () => {
  void pds.stop().finally(() => process.exit(0));
});
