import type { GoneReason } from '../../../db/schema'

const INVITATION_EXPIRED =
  'This invitation has expired or was already used. Ask an admin to invite you again.'

/** What an invitation link's page says once the link no longer works (docs/product.md#errors). */
export const invitationGoneMessages: Record<GoneReason, string> = {
  expired: INVITATION_EXPIRED,
  used: INVITATION_EXPIRED,
  unknown: INVITATION_EXPIRED,
  withdrawn:
    'This invitation was withdrawn. If you still need an account, ask whoever invited you.',
  superseded:
    'This invitation link is no longer valid: a newer one was sent to this address, or another invitation was accepted.',
}

const RESET_EXPIRED = 'This link has expired or was already used. Please ask for a new one.'

/** What a password-reset link's page says once the link no longer works. */
export const resetGoneMessages: Record<GoneReason, string> = {
  expired: RESET_EXPIRED,
  used: RESET_EXPIRED,
  unknown: RESET_EXPIRED,
  withdrawn: RESET_EXPIRED,
  superseded:
    'This link is no longer valid: another reset link was used or the password was changed. Please ask for a new one.',
}

/** A link that no longer works is gone for good: 410. */
export const GONE_STATUS = 410
