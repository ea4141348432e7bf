import { describeWait } from '../auth/wait-text'
import { TOO_MANY_REQUESTS_MESSAGE } from '../../platform/rate-limit.server'

/**
 * The login failure message (docs/product.md#errors): for an unknown address, a wrong
 * password and a deactivated account alike (app/auth/login.server.ts).
 */
export const INVALID_LOGIN_MESSAGE = 'Invalid username or password.'

/** What a sign-in refused by the throttles says: how long to wait, in words. */
export const tooManySignInsMessage = (retryAfterSeconds: number) =>
  `Too many sign-in attempts. Please wait ${describeWait(retryAfterSeconds)} and try again.`

/**
 * The sign-in screens' actions' own messages, beside their schemas': translated like them
 * (app/i18n/sources.server.ts). The wait comes in four forms ('a second', '2 seconds',
 * 'a minute', '2 minutes'), whose numbers the catalogue keeps as placeholders.
 */
export const authActionMessages = [
  INVALID_LOGIN_MESSAGE,
  ...[1, 2, 60, 120].map(tooManySignInsMessage),
  TOO_MANY_REQUESTS_MESSAGE,
]
