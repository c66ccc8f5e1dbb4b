import { z } from 'zod';
import {
  healthSchema,
  loginBodySchema,
  passwordUpdateBodySchema,
  publicConfigSchema,
  refreshQuerySchema,
  tokenPairSchema,
  userInfoSchema,
} from './auth.ts';
import { dashboardSchema } from './menu.ts';
import { AUTHENTICATED, PUBLIC, type RoutePermission } from './permissions.ts';

/**
 * The route table: every API call with its method, path (under /prod-api), permission and
 * schemas. The server registers routes from it and checks the permission in one hook; the
 * web client types its calls from it; OpenAPI is generated from it.
 */
export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  permission: RoutePermission;
  summary: string;
  tag: string;
  body?: z.ZodType;
  querystring?: z.ZodType;
  response: z.ZodType;
  /** Client time-out when it differs from the default 5 s (the history calls: 600 s). */
  timeoutMs?: number;
}

export const endpoints = {
  health: {
    method: 'GET',
    path: '/health',
    permission: PUBLIC,
    summary: 'Liveness and database check for load balancers',
    tag: 'system',
    response: healthSchema,
  },
  publicConfig: {
    method: 'GET',
    path: '/public/config',
    permission: PUBLIC,
    summary: 'Settings the client needs before sign-in',
    tag: 'system',
    response: publicConfigSchema,
  },
  login: {
    method: 'POST',
    path: '/control/user/login',
    permission: PUBLIC,
    summary: 'Sign in with account and password',
    tag: 'users',
    body: loginBodySchema,
    response: tokenPairSchema,
  },
  refreshToken: {
    method: 'POST',
    path: '/control/user/refreshToken',
    permission: PUBLIC,
    summary: 'Rotate the refresh token and get a new access token',
    tag: 'users',
    querystring: refreshQuerySchema,
    response: tokenPairSchema,
  },
  info: {
    method: 'GET',
    path: '/control/user/info',
    permission: AUTHENTICATED,
    summary: 'The signed-in user',
    tag: 'users',
    response: userInfoSchema,
  },
  logout: {
    method: 'POST',
    path: '/control/user/logout',
    permission: AUTHENTICATED,
    summary: 'End this session (revokes its refresh-token family)',
    tag: 'users',
    response: z.null(),
  },
  dashboard: {
    method: 'GET',
    path: '/control/user/dashboard',
    permission: AUTHENTICATED,
    summary: "The menu tree granted by the user's roles",
    tag: 'users',
    response: dashboardSchema,
  },
  passwordUpdate: {
    method: 'POST',
    path: '/control/user/pass/update',
    permission: AUTHENTICATED,
    summary: 'Change own password; every other session is signed out',
    tag: 'users',
    body: passwordUpdateBodySchema,
    response: z.null(),
  },
} as const satisfies Record<string, Endpoint>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
export type BodyOf<N extends EndpointName> = Endpoints[N] extends { body: infer B } ? Infer<B> : undefined;
export type QueryOf<N extends EndpointName> = Endpoints[N] extends { querystring: infer Q }
  ? z.input<Q & z.ZodType>
  : undefined;
export type DataOf<N extends EndpointName> = z.infer<Endpoints[N]['response']>;
