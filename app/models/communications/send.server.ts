import { randomUUID } from 'node:crypto'
import { messages } from '../../../db/schema'
import { applyMergeFields } from '../../content/communications'
import {
  isGroupSend,
  messageTypeOf,
  recipientGroupRules,
  type RecipientSelection,
} from '../../domain/communications'
import { staffMessageMail } from '../../emails/staff-message.server'
import { unsubscribeUrl } from '../../emails/unsubscribe-token.server'
import { now } from '../../platform/clock.server'
import { enqueueMail } from '../../platform/mail/outbox.server'
import { db, runtime } from '../../platform/runtime.server'
import { recordAudit, type Actor } from '../audit.server'
import { stopResponseClockOf } from '../leads/response-clock.server'
import { recipientsOf, type Recipient } from './recipients.server'

export interface Draft {
  selection: RecipientSelection
  subject: string
  message: string
}

function labelOf(selection: RecipientSelection, recipients: Recipient[]): string {
  if (selection.kind === 'group') return recipientGroupRules[selection.group].label
  const person = recipients[0]
  return person ? `${person.name} <${person.email}>` : 'Unknown recipient'
}

/** The message as one recipient gets it (the preview). */
export function personalise(draft: Pick<Draft, 'subject' | 'message'>, recipient: Recipient) {
  return {
    subject: applyMergeFields(draft.subject, recipient)
      .replace(/[\r\n]+/g, ' ')
      .trim(),
    message: applyMergeFields(draft.message, recipient),
  }
}

export interface SentMessage {
  id: string
  recipientCount: number
}

/**
 * The group's membership changed between the confirmation and the send: nothing was sent,
 * and staff confirm the new number.
 */
export class RecipientCountChanged extends Error {
  constructor(
    readonly confirmed: number,
    readonly current: number,
  ) {
    super(`The group has ${current} recipients now, ${confirmed} were confirmed.`)
  }
}

const INSERT_CHUNK = 500

/**
 * Sends a message: in one transaction the message record and one queued e-mail per
 * recipient (merge fields replaced; bulk copies with an unsubscribe link and the
 * List-Unsubscribe headers). The mail worker delivers them with retries.
 *
 * A group send goes to the group as its rule reads at this moment, and only if that is as
 * many people as staff confirmed (`confirmedCount`); otherwise it throws
 * RecipientCountChanged and queues nothing.
 */
export async function sendMessage(
  draft: Draft,
  actor: Actor,
  options: { confirmedCount?: number } = {},
): Promise<SentMessage> {
  const { config } = runtime()
  const id = randomUUID()
  const type = messageTypeOf(draft.selection)
  const bulk = isGroupSend(draft.selection)
  const { confirmedCount } = options
  if (bulk && confirmedCount === undefined)
    throw new Error('A group send needs the number of recipients staff confirmed.')
  const recipientCount = await db().transaction(async (tx) => {
    const recipients = await recipientsOf(draft.selection, { tx })
    if (confirmedCount !== undefined && recipients.length !== confirmedCount)
      throw new RecipientCountChanged(confirmedCount, recipients.length)
    await tx.insert(messages).values({
      id,
      type,
      recipientGroup: draft.selection.kind === 'group' ? draft.selection.group : null,
      recipientLabel: labelOf(draft.selection, recipients),
      recipientCount: recipients.length,
      subject: draft.subject,
      body: draft.message,
      sentById: actor.id,
      sentByName: actor.name,
    })
    for (let start = 0; start < recipients.length; start += INSERT_CHUNK) {
      const chunk = recipients.slice(start, start + INSERT_CHUNK)
      await enqueueMail(
        tx,
        chunk.map((recipient) => {
          const personal = personalise(draft, recipient)
          const link = bulk
            ? unsubscribeUrl(config.siteUrl, recipient.email, config.sessionSecret)
            : undefined
          return {
            template: 'staff-message',
            to: recipient.email,
            replyTo: config.mailReplyTo,
            reference: `message:${id}`,
            ...staffMessageMail({
              subject: personal.subject,
              message: personal.message,
              company: config.company,
              unsubscribeUrl: link,
            }),
            ...(link
              ? {
                  headers: {
                    'List-Unsubscribe': `<${link}>`,
                    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
                  },
                }
              : {}),
          }
        }),
      )
    }
    // A message to the person behind a lead answers it (docs/product.md#clients).
    if (draft.selection.kind === 'person' && draft.selection.source === 'client')
      await stopResponseClockOf(tx, draft.selection.id, now())
    await recordAudit(
      actor,
      {
        action: 'message_sent',
        entityType: 'message',
        entityId: id,
        after: { type, recipients: recipients.length, subject: draft.subject },
      },
      tx,
    )
    return recipients.length
  })
  return { id, recipientCount }
}
