import type { BodyOf, DataOf } from '@postdeck/contract/endpoints';
import { request } from '../../../api/client';

/**
 * The server refuses a state it has seen (102002), so /authOpen must send it once even when
 * React runs its effects twice (StrictMode) or the page mounts again: one answer per state.
 */
const answers = new Map<string, Promise<DataOf<'channelConnectCallback'>>>();

export function answerCallback(
  body: BodyOf<'channelConnectCallback'>,
): Promise<DataOf<'channelConnectCallback'>> {
  let answer = answers.get(body.state);
  if (!answer) {
    answer = request('channelConnectCallback', { body, inlineErrors: true });
    answers.set(body.state, answer);
  }
  return answer;
}

/** What the platform's redirect put in /authOpen's address; undefined without a state. */
export function readCallback(search: string): BodyOf<'channelConnectCallback'> | undefined {
  const params = new URLSearchParams(search);
  const state = params.get('state');
  if (!state) return undefined;
  const optional = (name: string) => params.get(name) ?? undefined;
  const code = optional('code');
  const error = optional('error');
  const errorDescription = optional('error_description');
  const deviceId = optional('device_id');
  return {
    state,
    ...(code === undefined ? {} : { code }),
    ...(error === undefined ? {} : { error }),
    ...(errorDescription === undefined ? {} : { errorDescription }),
    ...(deviceId === undefined ? {} : { deviceId }),
  };
}
