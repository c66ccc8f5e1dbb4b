import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Secp256k1Keypair } from '@atproto/crypto';
import { PDS } from '@atproto/pds';
import { Database as PlcDatabase, PlcServer } from '@did-plc/server';
import { toString as hex } from 'uint8arrays';

/**
 * Bluesky's reference PDS and an in-memory PLC directory on loopback, as the recipe
 * (shared/recipes/bluesky-pds.md) has them: PLC first (account creation registers DIDs there),
 * both listening on 127.0.0.1 only (their own start() listens on every interface), data in a
 * temp dir that stop() removes.
 */
export interface LocalPds {
  /** Where the PDS itself listens (the proxy in front of it forwards here). */
  origin: string;
  adminPassword: string;
  stop(): Promise<void>;
}

export interface LocalPdsOptions {
  /**
   * The port the PDS names as its own in DID documents (http://localhost:<publicPort>): the
   * proxy's, so a client that follows the session's DID document still goes through the proxy.
   */
  publicPort: number;
}

/** The PDS in this very process: what pds-process.ts runs (pds-child.ts startLocalPds runs it in a child). */
export async function startPdsHere(options: LocalPdsOptions): Promise<LocalPds> {
  const dir = await mkdtemp(join(tmpdir(), 'postdeck-pds-'));
  const plc = PlcServer.create({ db: PlcDatabase.mock() });
  const plcServer = plc.app.listen(0, '127.0.0.1');
  await once(plcServer, 'listening');
  const plcPort = (plcServer.address() as AddressInfo).port;

  const rotationKey = await Secp256k1Keypair.create({ exportable: true });
  const recoveryKey = await Secp256k1Keypair.create();
  const adminPassword = randomBytes(12).toString('hex');
  const pds = await PDS.fromEnv({
    devMode: true,
    // 'localhost' keeps plain http and the .test handles.
    hostname: 'localhost',
    port: options.publicPort,
    dataDirectory: dir,
    blobstoreDiskLocation: join(dir, 'blobs'),
    // A host name: with 127.0.0.1 the DID resolver refuses it and sessions lose their DID document.
    didPlcUrl: `http://localhost:${plcPort}`,
    plcRotationKeyK256PrivateKeyHex: hex(await rotationKey.export(), 'hex'),
    recoveryDidKey: recoveryKey.did(),
    adminPassword,
    jwtSecret: randomBytes(16).toString('hex'),
    inviteRequired: false,
    serviceHandleDomains: ['.test'],
    rateLimitsEnabled: false,
    // Bluesky's blob cap (platforms.md §9 Rate limits), not the reference PDS's 5 MiB default.
    blobUploadLimit: 50_000_000,
    // As bsky.social: the session names the PDS to talk to (here the proxy).
    enableDidDocWithSession: true,
  });
  await pds.ctx.sequencer.start();
  const pdsServer: Server = pds.app.listen(0, '127.0.0.1');
  await once(pdsServer, 'listening');
  const pdsPort = (pdsServer.address() as AddressInfo).port;

  return {
    origin: `http://127.0.0.1:${pdsPort}`,
    adminPassword,
    async stop() {
      pdsServer.closeAllConnections();
      await new Promise<void>((resolve) => pdsServer.close(() => resolve()));
      await pds.destroy();
      plcServer.closeAllConnections();
      await new Promise<void>((resolve) => plcServer.close(() => resolve()));
      await plc.ctx.db.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
