import { TOO_MANY_REQUESTS_MESSAGE } from '../../platform/rate-limit.server'

/** What the contact and demo forms' action answers when the request could not be stored. */
export const LEAD_NOT_STORED_MESSAGE =
  'We could not save your message because of a problem on our side, and nothing was stored. Please try again in a few minutes.'

/**
 * The action's own messages, beside its schema's: translated like them
 * (app/i18n/sources.server.ts).
 */
export const leadActionMessages = [LEAD_NOT_STORED_MESSAGE, TOO_MANY_REQUESTS_MESSAGE]
