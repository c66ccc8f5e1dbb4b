import type { PublicConfig } from '@postdeck/contract/auth';
import { useEffect, useState } from 'react';
import { apiClient } from './client';

/**
 * The server's public settings without the query cache (public-config.ts), for the login page,
 * which paints before the cache loads; the client reads them once either way.
 */
export function usePublicSettings(): PublicConfig | undefined {
  const [settings, setSettings] = useState<PublicConfig>();
  useEffect(() => {
    let current = true;
    void apiClient.publicConfig().then((config) => {
      if (current) setSettings(config);
    });
    return () => {
      current = false;
    };
  }, []);
  return settings;
}
