import { z } from 'zod'
import { isRecipientGroup, type RecipientSelection } from '../../domain/communications'

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Reads the recipients select: a group name, `application:<uuid>` or `client:<uuid>`. */
export function parseRecipientSelection(value: unknown): RecipientSelection | undefined {
  if (typeof value !== 'string') return undefined
  if (isRecipientGroup(value)) return { kind: 'group', group: value }
  const [source, id, extra] = value.split(':')
  if ((source === 'application' || source === 'client') && id && !extra && uuidPattern.test(id))
    return { kind: 'person', source, id }
  return undefined
}

export const SUBJECT_MAX = 200
export const MESSAGE_MAX = 10_000

/** The compose form (docs/product.md#validation: subject and message required). */
export const composeMessageSchema = z.object({
  recipients: z.string({ error: 'Please select the recipients.' }).transform((value, context) => {
    const selection = parseRecipientSelection(value)
    if (!selection) {
      context.addIssue({ code: 'custom', message: 'Please select the recipients.' })
      return z.NEVER
    }
    return selection
  }),
  subject: z
    .string({ error: 'Please enter a subject.' })
    .trim()
    .min(1, 'Please enter a subject.')
    .max(SUBJECT_MAX, `Please use at most ${SUBJECT_MAX} characters.`),
  message: z
    .string({ error: 'Please enter a message.' })
    .trim()
    .min(1, 'Please enter a message.')
    .max(MESSAGE_MAX, `Please use at most ${MESSAGE_MAX} characters.`),
})

/**
 * The number of recipients staff confirmed for a group send (the confirmation step's
 * button carries it); undefined when the form has none or it is not a count.
 */
export function parseConfirmedCount(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value)) return undefined
  return Number(value)
}
