import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '../api/query-client';
import { AntdProviders } from './antd-providers';

/**
 * The pathless route over every page but /login: antd and the server-data cache arrive with the
 * first of them, not before the login page paints.
 */
export function AntdOutlet() {
  return (
    <QueryClientProvider client={queryClient}>
      <AntdProviders>
        <Outlet />
      </AntdProviders>
    </QueryClientProvider>
  );
}
