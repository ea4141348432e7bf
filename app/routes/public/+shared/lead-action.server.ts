import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import type { LeadType } from '../../../../db/schema'
import { createLead } from '../../../models/leads/intake.server'
import { isHoneypotFilled, readFormToken } from '../../../lib/forms/form-protection.server'
import {
  hitRateLimit,
  refundRateLimit,
  retryAfterHeaders,
  TOO_MANY_REQUESTS_MESSAGE,
  type RateLimitRule,
} from '../../../platform/rate-limit.server'
import { db, runtime } from '../../../platform/runtime.server'
import { leadSchema } from '../../../lib/validation/lead'
import { LEAD_NOT_STORED_MESSAGE } from '../../../lib/validation/lead-messages'
import { now } from '../../../platform/clock.server'
import { localizedReply } from '../../../i18n/form-language.server'
import { localeOf } from '../../../i18n/translator.server'

/** Contact and demo requests from one address: 10 every 10 minutes. */
export const LEAD_RATE_LIMIT: RateLimitRule = {
  bucket: 'client-request',
  limit: 10,
  windowMs: 10 * 60 * 1000,
}

export { LEAD_NOT_STORED_MESSAGE }

/**
 * The action behind the contact and demo forms: validate with the shared schema, store the
 * lead and its two e-mails, and answer 400 with field errors when the input is wrong. A
 * refusal's messages are in the language of the page the form was sent from.
 */
export async function submitLead(request: Request, type: LeadType, clientIp: string) {
  const locale = localeOf(request)
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: leadSchema })
  if (submission.status !== 'success') {
    return data(
      { result: localizedReply(locale, submission.reply()), sent: false as const },
      { status: 400 },
    )
  }
  // Counted up front, so that parallel posts cannot all pass; given back unless stored.
  const countedAt = now()
  const limit = await hitRateLimit(db(), LEAD_RATE_LIMIT, clientIp, countedAt)
  const giveBackLimit = () => refundRateLimit(db(), LEAD_RATE_LIMIT, clientIp, countedAt)
  if (!limit.allowed) {
    return data(
      {
        result: localizedReply(
          locale,
          submission.reply({ formErrors: [TOO_MANY_REQUESTS_MESSAGE] }),
        ),
        sent: false as const,
      },
      { status: 429, headers: retryAfterHeaders(limit) },
    )
  }
  if (isHoneypotFilled(formData)) {
    // Answer like a success so the bot learns nothing; store and send nothing.
    runtime().logger.info({ form: type }, 'honeypot filled; submission dropped')
    return { result: submission.reply({ resetForm: true }), sent: true as const }
  }
  try {
    const stored = await createLead(
      { ...submission.value, type, locale },
      { formToken: readFormToken(formData) },
    )
    if (!stored.created) await giveBackLimit()
  } catch (error) {
    runtime().logger.error({ err: error, form: type }, 'a client request could not be stored')
    await giveBackLimit().catch(() => undefined)
    return data(
      {
        result: localizedReply(locale, submission.reply({ formErrors: [LEAD_NOT_STORED_MESSAGE] })),
        sent: false as const,
      },
      { status: 500 },
    )
  }
  return { result: submission.reply({ resetForm: true }), sent: true as const }
}
