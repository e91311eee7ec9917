import { fromCallback } from 'xstate';

/** Seconds before another SMS code may be requested (the default resend window). */
export const RESEND_SECONDS = 60;

/** A callback actor that sends `{ type }` every second until it is stopped. */
export function everySecond<TType extends string>(type: TType) {
  return fromCallback(({ sendBack }) => {
    const id = setInterval(() => sendBack({ type }), 1000);
    return () => clearInterval(id);
  });
}

/** The 1 s ticker of a resend countdown. */
export const secondTicker = everySecond('timer.tick');
