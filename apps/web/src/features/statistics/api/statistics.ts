import type { StatisticsQuery } from '@postdeck/contract/statistics';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { download, request } from '../../../api/client';
import { saveFile } from '../../../utils/save-file';

/** Every cached answer of the statistics page. */
export const STATISTICS_KEY = ['statistics'] as const;

/** The figures change as metrics are read (hourly at most): a minute's answer stands. */
const STALE_MS = 60_000;

const options = { inlineErrors: true } as const;

/** Figures, trend, per platform, failures by cause. inlineErrors: the page shows a failed load in place. */
export const useStatisticsOverview = (query: StatisticsQuery) =>
  useQuery({
    queryKey: [...STATISTICS_KEY, 'overview', query],
    queryFn: ({ signal }) => request('statisticsOverview', { query, signal, ...options }),
    staleTime: STALE_MS,
    placeholderData: keepPreviousData,
  });

/** Per account: apart from the overview, which a year of every department answers from a smaller roll-up. */
export const useStatisticsAccounts = (query: StatisticsQuery) =>
  useQuery({
    queryKey: [...STATISTICS_KEY, 'accounts', query],
    queryFn: ({ signal }) => request('statisticsAccounts', { query, signal, ...options }),
    staleTime: STALE_MS,
    placeholderData: keepPreviousData,
  });

export const useStatisticsHeatmap = (query: StatisticsQuery) =>
  useQuery({
    queryKey: [...STATISTICS_KEY, 'heatmap', query],
    queryFn: ({ signal }) => request('statisticsHeatmap', { query, signal, ...options }),
    staleTime: STALE_MS,
    placeholderData: keepPreviousData,
  });

export type TopBy = 'engagement' | 'views';

export const useStatisticsTop = (query: StatisticsQuery, by: TopBy) =>
  useQuery({
    queryKey: [...STATISTICS_KEY, 'top', query, by],
    queryFn: ({ signal }) =>
      request('statisticsTop', { query: { ...query, by, limit: 10 }, signal, ...options }),
    staleTime: STALE_MS,
    placeholderData: keepPreviousData,
  });

export const useStatisticsTraffic = (query: StatisticsQuery) =>
  useQuery({
    queryKey: [...STATISTICS_KEY, 'traffic', query],
    queryFn: ({ signal }) => request('statisticsTraffic', { query, signal, ...options }),
    staleTime: STALE_MS,
    placeholderData: keepPreviousData,
  });

/**
 * The page's figures as an XLSX workbook, for the same filters. Fetched through the API client
 * (the session's token goes with it) and saved from memory, as the publish list's export is;
 * failures are shown by the client.
 */
export const useStatisticsExport = () =>
  useMutation({
    mutationFn: async (query: StatisticsQuery) => {
      saveFile(await download('statisticsExport', { query }), `statistics-${query.from}-${query.to}.xlsx`);
    },
  });

/** One publication's metric snapshots, for the publish list's detail drawer. */
export const usePublicationMetrics = (id: number | undefined) =>
  useQuery({
    queryKey: [...STATISTICS_KEY, 'publication', id ?? 0],
    queryFn: ({ signal }) => request('publicationMetrics', { query: { id: id ?? 0 }, signal, ...options }),
    enabled: id !== undefined,
    staleTime: STALE_MS,
  });
