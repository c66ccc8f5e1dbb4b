import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient as defaultQueryClient } from '../api/query-client';
import { AntdProviders } from './antd-providers';
import { BaseProviders } from './base-providers';

/** Every provider at once, as a page rendered alone needs them (tests). */
export function Providers({
  children,
  queryClient = defaultQueryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  return (
    <BaseProviders>
      <QueryClientProvider client={queryClient}>
        <AntdProviders>{children}</AntdProviders>
      </QueryClientProvider>
    </BaseProviders>
  );
}
