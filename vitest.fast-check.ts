import fc from 'fast-check';

/**
 * Property tests draw the same cases on every run, so a test run is reproducible (and CI cannot
 * fail on a case the previous run never drew). FC_SEED picks another sequence to explore with.
 */
fc.configureGlobal({ seed: Number(process.env['FC_SEED'] ?? 20_261_122) });
