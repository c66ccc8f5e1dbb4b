import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AntdProviders } from './antd-providers';
import { BaseProviders } from './base-providers';

/** Every provider at once, as a page rendered alone needs them (tests, the antd routes). */
export function Providers({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <BaseProviders queryClient={queryClient}>
      <AntdProviders>{children}</AntdProviders>
    </BaseProviders>
  );
}
