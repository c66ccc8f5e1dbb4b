import { systemClock } from '../../lib/clock.ts';
import {
  type AdapterCallSettings,
  type OAuthClientSettings,
  type PollingSettings,
  polling,
} from '../settings.ts';
import { createGraphHttp } from './http.ts';
import type { FacebookLogin } from './login.ts';

/** platforms.md §1 Base: the docs show v25-v26, postiz pins v20-v23; a setting either way. */
export const DEFAULT_GRAPH_VERSION = 'v23.0';

/** What the Facebook and Instagram adapters' factories both take besides their own hosts. Polls check a video or container still processing. */
export interface GraphAdapterSettings extends OAuthClientSettings, AdapterCallSettings, PollingSettings {
  version?: string;
  /** Facebook Login's dialog. */
  dialogBase?: string;
  graphBase?: string;
}

/** Each adapter's own defaults for what the settings leave out. */
export interface GraphDefaults {
  dialogBase: string;
  graphBase: string;
  timeoutMs: number;
  pollIntervalMs: number;
  maxPolls: number;
}

/** What Facebook and Instagram build alike from their settings: the Graph endpoint, its HTTP helper, Facebook Login, polling. */
export function graphSetup(
  platform: FacebookLogin['platform'],
  settings: GraphAdapterSettings,
  defaults: GraphDefaults,
) {
  const clock = settings.clock ?? systemClock;
  const version = settings.version ?? DEFAULT_GRAPH_VERSION;
  const graph = { base: settings.graphBase ?? defaults.graphBase, version };
  const http = createGraphHttp(platform, {
    timeoutMs: settings.timeoutMs ?? defaults.timeoutMs,
    fetch: settings.fetch,
    clock,
  });
  const login: FacebookLogin = {
    platform,
    dialog: { base: settings.dialogBase ?? defaults.dialogBase, version },
    graph,
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
  };
  return { clock, version, graph, http, login, polling: polling(settings, defaults) };
}
