/**
 * The time source that services and the in-memory limiter read. Passed in rather than read from `Date`
 * directly, so that tests can move time (an OTP's expiry, a resend cooldown) without faking timers.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
