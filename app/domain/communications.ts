import { applicationStatuses, type ApplicationStatus } from './statuses'

/**
 * Who staff messages go to, and what kind of message that makes: the rules of the
 * communications screen in one place, without I/O. The model's queries
 * (app/models/communications/recipients.server.ts), the compose form and the statistics
 * all follow them (docs/decisions/037-recipient-groups-and-message-types.md).
 */

export const recipientGroups = [
  'all-interpreters',
  'active-interpreters',
  'pending-interpreters',
  'all-clients',
  'prospects',
] as const
export type RecipientGroup = (typeof recipientGroups)[number]

export type RecipientGroupRule = {
  label: string
  /** What staff read next to the recipients select. */
  definition: string
} & (
  | {
      audience: 'interpreters'
      /** The applications whose address is in the group. */
      applicationStatuses: readonly ApplicationStatus[]
    }
  /** People with a client portal account (docs/product.md#client-portal). */
  | { audience: 'clients' }
  /** People who sent the contact or demo form (leads) and are not clients yet. */
  | { audience: 'prospects' }
)

export const recipientGroupRules: Record<RecipientGroup, RecipientGroupRule> = {
  'all-interpreters': {
    label: 'All Interpreters',
    definition: 'Everyone who applied, except rejected applicants.',
    audience: 'interpreters',
    applicationStatuses: applicationStatuses.filter(
      (status) => status !== 'rejected' && status !== 'withdrawn',
    ),
  },
  'active-interpreters': {
    label: 'Active Interpreters',
    definition: 'Applicants whose application is approved.',
    audience: 'interpreters',
    applicationStatuses: ['approved'],
  },
  'pending-interpreters': {
    label: 'Pending Interpreters',
    definition: 'Applicants whose application is pending review.',
    audience: 'interpreters',
    applicationStatuses: ['pending'],
  },
  // The spec names the group 'All Clients' (value `all-clients`): the people of client
  // organizations. Before db/migrations/0031_recipient_groups_agreement_notices.sql it meant
  // the contact form's senders, who are now 'Prospects'.
  'all-clients': {
    label: 'All Clients',
    definition: 'Client portal users: people with an active account in a client organization.',
    audience: 'clients',
  },
  prospects: {
    label: 'Prospects (contact form)',
    definition: 'People who sent the contact or demo form and have no client portal account.',
    audience: 'prospects',
  },
}

/**
 * True of every group: an address gets one copy however many applications or requests it
 * made, and addresses that unsubscribed are left out (docs/decisions/032-unsubscribe-links.md).
 */
export const recipientGroupCommonRule =
  'One e-mail per address; addresses that unsubscribed are left out.'

export function isRecipientGroup(value: string): value is RecipientGroup {
  return (recipientGroups as readonly string[]).includes(value)
}

/** Who a message goes to: a group, or one person found by search. */
export type RecipientSelection =
  | { kind: 'group'; group: RecipientGroup }
  | { kind: 'person'; source: 'application' | 'client'; id: string }

/** The value of the recipients select for a selection. */
export function recipientsValue(selection: RecipientSelection): string {
  return selection.kind === 'group' ? selection.group : `${selection.source}:${selection.id}`
}

/**
 * A group send reaches many people at once: it is confirmed with the number of recipients
 * first, and each copy carries an unsubscribe link. A message to one person is neither.
 */
export function isGroupSend(selection: RecipientSelection): boolean {
  return selection.kind === 'group'
}

/** Message types of the history (docs/product.md#entities, Message). */
export const messageTypes = ['bulk', 'individual', 'client'] as const
export type MessageType = (typeof messageTypes)[number]

export const messageTypeLabels: Record<MessageType, string> = {
  bulk: 'Bulk',
  individual: 'Individual',
  client: 'Client',
}

/**
 * The one definition of a message's type, stored with the message when it is sent: bulk is
 * a send to an interpreter group, client a send to a client group (All Clients or
 * Prospects), individual a message to one person (interpreter or client). The stat cards and
 * the history filter both count the stored type, so they cannot disagree.
 */
export function messageTypeOf(selection: RecipientSelection): MessageType {
  if (selection.kind === 'person') return 'individual'
  return recipientGroupRules[selection.group].audience === 'interpreters' ? 'bulk' : 'client'
}

/** Messages per type and in all; each message has exactly one type. */
export function messageTypeTotals(rows: readonly { type: MessageType; count: number }[]) {
  const byType = Object.fromEntries(messageTypes.map((type) => [type, 0])) as Record<
    MessageType,
    number
  >
  for (const row of rows) byType[row.type] += row.count
  const sent = messageTypes.reduce((sum, type) => sum + byType[type], 0)
  return { sent, byType }
}

/**
 * What a quick template leaves in the recipients select: the group it was written for,
 * unless one person of that group's audience is already chosen (a Welcome Message to one
 * new interpreter, a Client Follow-up to one client).
 */
export function recipientsForTemplate(
  templateGroup: RecipientGroup,
  current: RecipientSelection | undefined,
): string {
  const audience = recipientGroupRules[templateGroup].audience
  // A person found by search is an applicant or a lead (someone who sent the form).
  const personAudience =
    current?.kind === 'person'
      ? current.source === 'client'
        ? 'prospects'
        : 'interpreters'
      : undefined
  return current && personAudience === audience ? recipientsValue(current) : templateGroup
}
