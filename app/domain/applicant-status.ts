import type { ApplicationStatus } from './statuses'

/**
 * What the applicant's status page says about each status, in plain words
 * (docs/product.md#application-status-page). `pending` reads "Received" until a member of
 * staff has done anything with the application (a note, a status change, a resume opened),
 * then "Under review".
 */
export type ApplicantStatus =
  'received' | 'under_review' | 'interview_scheduled' | 'approved' | 'not_selected' | 'withdrawn'

export const applicantStatusTexts: Record<ApplicantStatus, { label: string; detail: string }> = {
  received: {
    label: 'Received',
    detail: 'We have your application and resume. Our recruiting team has not looked at it yet.',
  },
  under_review: {
    label: 'Under review',
    detail: 'Our recruiting team is reviewing your application.',
  },
  interview_scheduled: {
    label: 'Interview scheduled',
    detail: 'We would like to talk with you. We contact you by e-mail or phone to agree on a time.',
  },
  approved: {
    label: 'Approved',
    detail: 'Your application was approved. We send you an e-mail to set up your portal account.',
  },
  not_selected: {
    label: 'Not selected',
    detail: 'We did not select your application this time. Thank you for your interest.',
  },
  withdrawn: {
    label: 'Withdrawn',
    detail: 'You withdrew this application. Our staff see it as withdrawn and will not act on it.',
  },
}

export function applicantStatusOf(
  status: ApplicationStatus,
  handledByStaff: boolean,
): ApplicantStatus {
  switch (status) {
    case 'pending':
      return handledByStaff ? 'under_review' : 'received'
    case 'rejected':
      return 'not_selected'
    default:
      return status
  }
}

/** Only an application still waiting for a decision can be withdrawn. */
export function mayWithdraw(status: ApplicationStatus): boolean {
  return status === 'pending' || status === 'interview_scheduled'
}

/** How long the link in the erasure e-mail works. */
export const ERASURE_LINK_HOURS = 24
