/**
 * The current time for rules that depend on it (session expiry, throttling, token
 * lifetimes), so that tests can move time forward instead of waiting.
 */
let currentTime: (() => Date) | undefined

export function now(): Date {
  return currentTime ? currentTime() : new Date()
}

/** Tests only: fix or move the clock; call with no argument to go back to real time. */
export function setClock(clock?: () => Date) {
  currentTime = clock
}
