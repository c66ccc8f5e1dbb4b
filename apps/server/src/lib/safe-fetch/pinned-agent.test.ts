import type { LookupAddress, LookupOptions } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { pinnedLookup } from './pinned-agent.ts';

function ask(lookup: ReturnType<typeof pinnedLookup>, host: string, options: LookupOptions) {
  return new Promise<{
    error: NodeJS.ErrnoException | null;
    address: string | LookupAddress[];
    family?: number;
  }>((resolve) => lookup(host, options, (error, address, family) => resolve({ error, address, family })));
}

describe('pinnedLookup', () => {
  const lookup = pinnedLookup('Files.Example.', [
    { address: '93.184.216.34', family: 4 },
    { address: '2606:2800:220:1::1', family: 6 },
  ]);

  it('answers with every vetted address when asked for all', async () => {
    expect(await ask(lookup, 'files.example', { all: true })).toMatchObject({
      error: null,
      address: [
        { address: '93.184.216.34', family: 4 },
        { address: '2606:2800:220:1::1', family: 6 },
      ],
    });
  });

  it('answers with one address, honouring the family asked for', async () => {
    expect(await ask(lookup, 'files.example.', {})).toMatchObject({ address: '93.184.216.34', family: 4 });
    expect(await ask(lookup, 'files.example', { family: 6 })).toMatchObject({
      address: '2606:2800:220:1::1',
      family: 6,
    });
  });

  it('refuses any other host name', async () => {
    const answer = await ask(lookup, 'evil.example', { all: true });
    expect(answer.error?.code).toBe('ENOTFOUND');
  });
});
