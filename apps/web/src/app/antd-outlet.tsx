import { Outlet } from 'react-router';
import { AntdProviders } from './antd-providers';

/** The pathless route over every antd page: antd arrives with the first of them, not before. */
export function AntdOutlet() {
  return (
    <AntdProviders>
      <Outlet />
    </AntdProviders>
  );
}
