/** The feedback machine (the form and the ticket) and what its pages need. */
export * from './types';
export * from './checks';
export { SCREENSHOTS_INPUT } from './setup';
export * from './machine';
