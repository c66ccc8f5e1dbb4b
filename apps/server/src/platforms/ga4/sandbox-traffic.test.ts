import { afterAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import type { PlatformAdapter, Target } from '../adapter.ts';
import { REDIRECT, connectByConsent } from '../adapter-testing.ts';
import { createPlatformRegistry } from '../registry.ts';
import type { Ga4Adapter } from './adapter.ts';

/**
 * Issue 23: in the sandbox, a link published with UTM tags on another platform's server brings
 * sessions to the GA4 properties of the Google server, from the day it was published.
 */
const clock = manualClock(new Date('2026-03-10T16:00:00Z'));
const registry = createPlatformRegistry(
  { sandbox: true, redirectUri: REDIRECT, credentials: {}, hosts: {} },
  clock,
);
afterAll(() => registry.close());

const LINK = 'https://shop.example/sale?utm_source=telegram&utm_medium=social&utm_campaign=41';

describe('GA4 in the sandbox', () => {
  it("counts the tagged links of the other servers' posts", async () => {
    const ga4 = (await registry.adapter('ga4')) as Ga4Adapter;
    const grant = await connectByConsent(ga4, { pkce: true });
    const [property] = await ga4.targets(grant);
    const propertyId = property?.externalId ?? '';
    const read = async () =>
      (
        await ga4.socialTraffic({ externalId: propertyId, grant }, propertyId, {
          from: '2026-03-01',
          to: 'today',
        })
      ).data;
    expect((await read()).bySource).toEqual([]);

    const telegram = (await registry.adapter('telegram')) as PlatformAdapter & {
      checkTelegramChannel(token: string, channel: string): Promise<Target>;
    };
    const hints = (await registry.hints('telegram')) ?? {};
    const channel = await telegram.checkTelegramChannel(hints['botToken'] ?? '', hints['channel'] ?? '');
    await telegram.publish(
      {
        externalId: channel.externalId,
        grant: channel.grant ?? { accessToken: hints['botToken'] ?? '', scopes: [] },
      },
      { text: `Spring sale: ${LINK}`, media: [], idempotencyKey: 'sale-1' },
    );
    const traffic = await read();
    expect(traffic.bySource.every((row) => row.source === 'telegram' && row.medium === 'social')).toBe(true);
    expect(traffic.bySource[0]?.date).toBe('2026-03-10');
    expect(traffic.byLink[0]).toMatchObject({
      landingPage: '/sale?utm_source=telegram&utm_medium=social&utm_campaign=41',
      campaign: '41',
    });
  });
});
