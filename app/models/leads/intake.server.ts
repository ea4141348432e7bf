import { randomUUID } from 'node:crypto'
import { leads, type LeadType } from '../../../db/schema'
import { mayAcknowledge } from '../../emails/acknowledgement-limit.server'
import { leadAcknowledgement, leadStaffNotification } from '../../emails/lead-intake.server'
import { claimFormToken } from '../../lib/forms/form-protection.server'
import type { LeadInput } from '../../lib/validation/lead'
import { now } from '../../platform/clock.server'
import { DEFAULT_LOCALE, type Locale } from '../../domain/locales'
import { enqueueMail } from '../../platform/mail/outbox.server'
import { db, runtime } from '../../platform/runtime.server'
import { assignNextOwner, mailNewOwner } from './owners.server'
import { responseClockAt } from './response-clock.server'

export interface CreatedLead {
  id: string
  /** False when this form token was already used: nothing new was stored or sent. */
  created: boolean
}

/**
 * Stores a contact or demo request and queues the visitor's acknowledgement, the staff
 * notification and the owner's "New lead for you" in the same transaction: either all are
 * durable or none is. The owner is the next admin in the rotation (owners.server.ts), and
 * the first-response clock starts.
 *
 * The form token's scope, the mail templates and the mail reference `client_request:<id>`
 * keep the words stored before leads had their name: rows already written use them.
 */
export async function createLead(
  input: LeadInput & { type: LeadType; locale?: Locale },
  options: { formToken?: string } = {},
): Promise<CreatedLead> {
  const { config } = runtime()
  const id = randomUUID()
  const result = await db().transaction(async (tx) => {
    if (options.formToken) {
      const claim = await claimFormToken(tx, options.formToken, `client-request:${input.type}`, id)
      if (!claim.firstUse) return { id: claim.reference, created: false }
    }
    const at = now()
    const owner = await assignNextOwner(tx, at)
    const [lead] = await tx
      .insert(leads)
      .values({
        id,
        ownerId: owner?.id ?? null,
        ...responseClockAt(at),
        createdAt: at,
        updatedAt: at,
        type: input.type,
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        company: input.company,
        message: input.message,
        status: 'new',
        locale: input.locale ?? DEFAULT_LOCALE,
      })
      .returning()
    if (!lead) throw new Error('The lead was not stored.')
    const acknowledgement = leadAcknowledgement(lead, config.company)
    const notification = leadStaffNotification(lead, config.company, config.siteUrl)
    const acknowledge = await mayAcknowledge(tx, lead.email)
    await enqueueMail(tx, [
      ...(acknowledge
        ? [
            {
              template: `client-request-acknowledgement`,
              to: lead.email,
              replyTo: config.mailReplyTo,
              reference: `client_request:${id}`,
              ...acknowledgement,
            },
          ]
        : []),
      {
        template: `client-request-staff-notification`,
        to: config.staffNotifyEmail,
        replyTo: lead.email,
        reference: `client_request:${id}`,
        ...notification,
      },
    ])
    if (owner) await mailNewOwner(tx, lead, owner, null)
    return { id, created: true }
  })
  return result
}
