import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { Providers } from '../../../app/providers';
import { calls, envelope, mockFetch } from '../../../test/fetch-mock';
import { PublicationMetrics } from './publication-metrics';

const METRICS = '/prod-api/content/publish/metrics';

afterEach(() => {
  vi.unstubAllGlobals();
});

const renderMetrics = (status: 'published' | 'failed' = 'published') =>
  render(
    <Providers queryClient={createQueryClient()}>
      <PublicationMetrics id={42} status={status} />
    </Providers>,
  );

describe("a publication's metrics in its detail", () => {
  it('shows the latest counts, those the platform does not give as "—", and when they were read', async () => {
    const spy = mockFetch(() =>
      envelope({
        snapshots: [
          { at: '2026-06-01T09:00:00Z', metrics: { views: 10, reactions: 1 } },
          { at: '2026-06-02T08:00:00Z', metrics: { views: 1500, reactions: 0, comments: 4 } },
        ],
        nextAt: '2026-06-04T08:00:00Z',
      }),
    );
    renderMetrics();
    const table = await screen.findByTestId('publication-metrics');
    expect(new URL(String(calls(spy, METRICS)[0]?.[0]), 'http://x').searchParams.get('id')).toBe('42');
    const valueOf = (label: string) =>
      within(table).getByText(label).closest('th')?.nextElementSibling ??
      within(table).getByText(label).nextElementSibling;
    expect(valueOf('Views')).toHaveTextContent('1,500');
    // A zero the platform gave is a zero; a count it does not give is "—".
    expect(valueOf('Reactions')).toHaveTextContent('0');
    expect(valueOf('Shares')).toHaveTextContent('—');
    expect(within(table).getByText(/^Latest counts, read/)).toBeInTheDocument();
    expect(within(table).getByText(/^Next reading:/)).toBeInTheDocument();
  });

  it('says they are not collected yet before the first reading, and for what never went out', async () => {
    const spy = mockFetch(() => envelope({ snapshots: [], nextAt: '2026-06-01T09:00:00Z' }));
    renderMetrics();
    expect(await screen.findByText(/^Next reading:/)).toBeInTheDocument();
    expect(screen.getByText(/^Not yet collected/)).toBeInTheDocument();
    expect(calls(spy, METRICS)).toHaveLength(1);
  });

  it('does not ask for a publication that never went out', () => {
    const spy = mockFetch(() => envelope(null, { status: 404, code: 404 }));
    renderMetrics('failed');
    expect(screen.getByText(/^Not yet collected/)).toBeInTheDocument();
    expect(calls(spy, METRICS)).toHaveLength(0);
  });
});
