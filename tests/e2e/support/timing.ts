/**
 * The e2e server's short waits (its env in playwright.config.ts), so no test sleeps out the
 * production ones: 60 s between two codes to one mobile, minutes of minimum answer time.
 */
/** Seconds between two codes to one mobile (`SMS_RESEND_SECONDS`). */
export const SMS_RESEND_SECONDS = 3;
/** The seeded demo tasks' minimum answer time is at most this (`DEMO_MIN_SECONDS_CAP`). */
export const DEMO_MIN_SECONDS_CAP = 1;
