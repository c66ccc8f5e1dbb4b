import { PGlite } from '@electric-sql/pglite';
import { embeddedPgliteOptions } from './embedded-options.ts';

/** `node create-cluster-process.ts <dir>`: makes an embedded database cluster there (embedded-cluster.ts). */
const dir = process.argv[2];
if (!dir) throw new Error('usage: create-cluster-process.ts <directory>');
const client = await PGlite.create(embeddedPgliteOptions(dir));
await client.close();
