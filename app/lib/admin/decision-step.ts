import type { ApplicationDecision } from '../../domain/statuses'

/**
 * The decision step of an application (preview the e-mail, send it or not, confirm), and
 * where to go back to afterwards: any admin screen may lead to it.
 */
export function decisionStepUrl(
  applicationId: string,
  decision: ApplicationDecision,
  returnTo?: string,
) {
  const params = new URLSearchParams({ decide: decision })
  if (returnTo) params.set('returnTo', returnTo)
  return `/admin/interpreters/${applicationId}?${params}`
}

/** A `returnTo` that stays inside the admin area, or undefined. */
export function adminReturnPath(value: string | null): string | undefined {
  if (!value || !value.startsWith('/admin/') || value.startsWith('//')) return undefined
  return /^[\x21-\x7e]*$/.test(value) && !value.includes('\\') ? value : undefined
}
