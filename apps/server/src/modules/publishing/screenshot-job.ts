import type { ScreenshotReason } from '@postdeck/contract/publication-screenshot';
import { jobQueues } from '../../jobs/job-names.ts';
import type { JobQueue, QueueJob } from '../../jobs/queue.ts';
import type { Screenshots } from './screenshot.ts';

/**
 * What another try may mend: a post that shows on its page a little after the platform said yes
 * (an error page meanwhile), a site or network down for a moment. A refused address, a page too
 * large or a missing browser stays so: trying again would only repeat the answer.
 */
const WORTH_RETRYING: ReadonlySet<ScreenshotReason> = new Set([
  'unreachable',
  'httpStatus',
  'timeout',
  'internal',
]);

const RETRIES = jobQueues['publishing.screenshot'].retryLimit ?? 0;

/** The handler of 'publishing.screenshot': one try; a failure worth retrying fails the job, so the queue tries later. */
export function screenshotJob(screenshots: Pick<Screenshots, 'take'>) {
  return async (job: Pick<QueueJob<{ publicationId: number }>, 'data' | 'retryCount'>) => {
    const outcome = await screenshots.take(job.data.publicationId);
    if (outcome && !outcome.ok && WORTH_RETRYING.has(outcome.reason) && job.retryCount < RETRIES)
      throw new Error(
        `screenshot of publication ${job.data.publicationId}: ${outcome.reason}, to be tried again`,
      );
  };
}

export async function registerScreenshotJob(jobs: JobQueue | undefined, screenshots: Screenshots) {
  await jobs?.work('publishing.screenshot', screenshotJob(screenshots));
}
