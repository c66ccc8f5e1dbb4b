import type { FastifyRequest } from 'fastify';
import type { Fault, FaultKind } from './faults.ts';

/** The token an `Authorization: Bearer <token>` header carries (Graph also takes `OAuth <token>`). */
export function bearerToken(request: FastifyRequest, scheme: RegExp = /^Bearer (.+)$/i): string | undefined {
  return scheme.exec(request.headers.authorization ?? '')?.[1];
}

/** How a platform answers the fault switches its guard settles before the handler, each in its own words. */
export type FaultAnswers = Partial<Record<FaultKind, (fault: Fault) => void>>;

/**
 * Sends the platform's answer to the fault when its guard answers that kind: true when it has (the
 * guard stops there); false leaves the fault, if any, to the handler (acceptThenHang, slowProcessing...).
 */
export function answerFault(fault: Fault | undefined, answers: FaultAnswers): boolean {
  const answer = fault && answers[fault.kind];
  if (!answer) return false;
  answer(fault);
  return true;
}
