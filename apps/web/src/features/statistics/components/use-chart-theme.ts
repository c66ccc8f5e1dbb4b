import { theme } from 'antd';
import { useMemo } from 'react';
import type { ChartTheme } from '../chart-options';

/** The charts' colours from antd's tokens, so they follow the app's theme colour. */
export function useChartTheme(): ChartTheme {
  const { token } = theme.useToken();
  return useMemo(
    () => ({
      primary: token.colorPrimary,
      error: token.colorError,
      success: token.colorSuccess,
      warning: token.colorWarning,
      text: token.colorText,
      textSecondary: token.colorTextSecondary,
      border: token.colorBorderSecondary,
      background: token.colorBgElevated,
    }),
    [token],
  );
}
