import { data } from 'react-router'
import type { RecipientGroup } from '~/domain/communications'
import { composeMessageSchema, parseConfirmedCount } from '~/lib/validation/message'
import type { Actor } from '~/models/audit.server'
import {
  countRecipients,
  recipientsOf,
  type Recipient,
} from '~/models/communications/recipients.server'
import {
  personalise,
  RecipientCountChanged,
  sendMessage,
} from '~/models/communications/send.server'

export interface ComposeValues {
  recipients: string
  subject: string
  message: string
}

export interface ComposePreview {
  recipient: Recipient
  recipientCount: number
  subject: string
  message: string
}

/** The 'Send to N people?' step every group send goes through. */
export interface SendConfirmation {
  group: RecipientGroup
  /** The group's size now: what the confirm button carries back. */
  count: number
  /** The number confirmed before, when the group changed in between; otherwise null. */
  changedFrom: number | null
}

export interface ComposeActionData {
  kind: 'compose'
  values: ComposeValues
  errors: Partial<Record<keyof ComposeValues, string>>
  preview: ComposePreview | null
  confirmation: SendConfirmation | null
}

const NOBODY_IN_GROUP = 'Nobody is in this group yet. Please choose other recipients.'

/**
 * The compose form's POST. `intent` is `preview`, `send`, or `edit` (back from the
 * confirmation to the form, everything kept). A send to a group first answers with the
 * confirmation step and the group's size; only a send carrying that size (`confirmedCount`)
 * queues anything, and only while the group still has that many people. A message to one
 * person is sent at once. Works the same with and without JavaScript. Returns the answer to
 * show, or `sentTo` (the number of e-mails queued) once a message is sent.
 */
export async function composeAction(formData: FormData, actor: Actor) {
  const values: ComposeValues = {
    recipients: String(formData.get('recipients') ?? ''),
    subject: String(formData.get('subject') ?? ''),
    message: String(formData.get('message') ?? ''),
  }
  const intent = formData.get('intent')
  const answer = (status: number, fields: Partial<ComposeActionData> = {}) =>
    data<ComposeActionData>(
      { kind: 'compose', values, errors: {}, preview: null, confirmation: null, ...fields },
      { status },
    )
  if (intent === 'edit') return answer(200)
  const parsed = composeMessageSchema.safeParse(values)
  if (!parsed.success) {
    const errors: ComposeActionData['errors'] = {}
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof ComposeValues
      errors[field] ??= issue.message
    }
    return answer(400, { errors })
  }
  const draft = {
    selection: parsed.data.recipients,
    subject: parsed.data.subject,
    message: parsed.data.message,
  }
  const [first] = await recipientsOf(draft.selection, { limit: 1 })
  if (!first) return answer(400, { errors: { recipients: NOBODY_IN_GROUP } })
  if (intent === 'preview')
    return answer(200, {
      preview: {
        recipient: first,
        recipientCount: await countRecipients(draft.selection),
        ...personalise(draft, first),
      },
    })
  if (draft.selection.kind === 'person') {
    const sent = await sendMessage(draft, actor)
    return { sentTo: sent.recipientCount }
  }
  const group = draft.selection.group
  const confirmedCount = parseConfirmedCount(formData.get('confirmedCount'))
  if (confirmedCount === undefined)
    return answer(200, {
      confirmation: { group, count: await countRecipients(draft.selection), changedFrom: null },
    })
  const sent = await sendMessage(draft, actor, { confirmedCount }).catch((error: unknown) => {
    if (error instanceof RecipientCountChanged) return error
    throw error
  })
  if (sent instanceof RecipientCountChanged) {
    if (sent.current === 0) return answer(409, { errors: { recipients: NOBODY_IN_GROUP } })
    return answer(409, {
      confirmation: { group, count: sent.current, changedFrom: sent.confirmed },
    })
  }
  return { sentTo: sent.recipientCount }
}
