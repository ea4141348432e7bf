import { normalizeEmail } from '../../domain/email'
import {
  claimRateLimits,
  retryAfterHeaders,
  type RateLimitHit,
  type RateLimitRule,
} from '../../platform/rate-limit.server'
import { db, runtime } from '../../platform/runtime.server'
import { describeWait } from '../auth/wait-text'

/**
 * How many bookings, quote requests and invitations one person and one organization may send
 * (docs/product.md#constants), counted in the database so that every instance shares them.
 * Far above what an agency's busiest client sends; low enough that a runaway script or a
 * stolen session cannot flood dispatch or an address.
 */

const MINUTE = 60 * 1000
const HOUR = 60 * MINUTE

const rule = (bucket: string, limit: number, windowMs: number): RateLimitRule => ({
  bucket,
  limit,
  windowMs,
})

export const BOOKINGS_PER_PERSON = rule('bookings-per-person', 30, HOUR)
export const BOOKINGS_PER_ORGANIZATION = rule('bookings-per-organization', 100, HOUR)
export const QUOTES_PER_PERSON = rule('quotes-per-person', 20, HOUR)
export const QUOTES_PER_ORGANIZATION = rule('quotes-per-organization', 60, HOUR)
export const INVITATIONS_PER_MANAGER = rule('invitations-per-manager', 10, HOUR)
export const INVITATIONS_PER_ORGANIZATION = rule('invitations-per-organization', 30, HOUR)
export const INVITATIONS_PER_STAFF_MEMBER = rule('invitations-per-staff-member', 30, HOUR)
/** Whoever sends it: one address gets at most one invitation e-mail in ten minutes. */
export const INVITATION_MAILS_PER_ADDRESS = rule('invitation-mails-per-address', 1, 10 * MINUTE)

type Refusal = (wait: string) => string

const byPerson =
  (rule: RateLimitRule, what: string, otherwise = ''): Refusal =>
  (wait) =>
    `You have sent ${rule.limit} ${what} this hour, the most one person can send. Please wait ${wait} and try again${otherwise}.`
const byOrganization =
  (rule: RateLimitRule, what: string, otherwise = ''): Refusal =>
  (wait) =>
    `Your organization has sent ${rule.limit} ${what} this hour, the most we take at once. Please wait ${wait} and try again${otherwise}.`
const callUs = () => `, or call us at ${runtime().config.company.phone} for anything urgent`

/** What each limit's refusal tells the person, with how long to wait. */
const refusals: Record<string, Refusal> = {
  [BOOKINGS_PER_PERSON.bucket]: (wait) =>
    byPerson(BOOKINGS_PER_PERSON, 'booking requests', callUs())(wait),
  [BOOKINGS_PER_ORGANIZATION.bucket]: (wait) =>
    byOrganization(BOOKINGS_PER_ORGANIZATION, 'booking requests', callUs())(wait),
  [QUOTES_PER_PERSON.bucket]: byPerson(QUOTES_PER_PERSON, 'quote requests'),
  [QUOTES_PER_ORGANIZATION.bucket]: byOrganization(QUOTES_PER_ORGANIZATION, 'quote requests'),
  [INVITATIONS_PER_MANAGER.bucket]: byPerson(INVITATIONS_PER_MANAGER, 'invitations'),
  [INVITATIONS_PER_ORGANIZATION.bucket]: byOrganization(
    INVITATIONS_PER_ORGANIZATION,
    'invitations',
  ),
  [INVITATIONS_PER_STAFF_MEMBER.bucket]: byPerson(INVITATIONS_PER_STAFF_MEMBER, 'invitations'),
  [INVITATION_MAILS_PER_ADDRESS.bucket]: (wait) =>
    `An invitation was sent to this address a few minutes ago. Please wait ${wait} before sending another.`,
}

export type PortalAllowance =
  /** Counted; `giveBack` when the request turns out to store and send nothing. */
  | { allowed: true; giveBack(): Promise<void> }
  /** Answer 429 with `message` on the form and `headers` (Retry-After). */
  | { allowed: false; message: string; headers: Record<string, string> }

async function allow(hits: RateLimitHit[]): Promise<PortalAllowance> {
  const claim = await claimRateLimits(db(), hits)
  if (claim.allowed) return claim
  return {
    allowed: false,
    message: refusals[claim.refusedBy.bucket]!(describeWait(claim.retryAfterSeconds)),
    headers: retryAfterHeaders(claim),
  }
}

/** A client's booking: theirs and their organization's hourly limits. */
export function allowBooking(client: { id: string; client: { organizationId: string } }) {
  return allow([
    { rule: BOOKINGS_PER_PERSON, key: client.id },
    { rule: BOOKINGS_PER_ORGANIZATION, key: client.client.organizationId },
  ])
}

/** A client's quote request: theirs and their organization's hourly limits. */
export function allowQuoteRequest(client: { id: string; client: { organizationId: string } }) {
  return allow([
    { rule: QUOTES_PER_PERSON, key: client.id },
    { rule: QUOTES_PER_ORGANIZATION, key: client.client.organizationId },
  ])
}

/**
 * An invitation e-mail to `email`: the hourly limits of the sender (a client manager, who
 * also counts against the organization's, or a staff member) and the address's ten minutes,
 * whoever sent the last one.
 */
export function allowInvitation(
  sender: { id: string; organizationId: string } | { id: string; staff: true },
  email: string,
) {
  return allow([
    ...('staff' in sender
      ? [{ rule: INVITATIONS_PER_STAFF_MEMBER, key: sender.id }]
      : [
          { rule: INVITATIONS_PER_MANAGER, key: sender.id },
          { rule: INVITATIONS_PER_ORGANIZATION, key: sender.organizationId },
        ]),
    { rule: INVITATION_MAILS_PER_ADDRESS, key: normalizeEmail(email) },
  ])
}
