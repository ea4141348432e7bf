/**
 * The current time for rules that depend on it (session expiry, throttling, token
 * lifetimes, credential expiry), so that tests can move time forward instead of waiting.
 * Kept on globalThis: the end-to-end tests run the production build in their own process,
 * and the build's copy of this module must see the clock the test moved.
 */
const CLOCK_KEY = Symbol.for('language-services.clock')
const holder = globalThis as { [CLOCK_KEY]?: () => Date }

export function now(): Date {
  const clock = holder[CLOCK_KEY]
  return clock ? clock() : new Date()
}

/** Tests only: fix or move the clock; call with no argument to go back to real time. */
export function setClock(clock?: () => Date) {
  holder[CLOCK_KEY] = clock
}
