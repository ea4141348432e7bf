/**
 * The one spelling of an e-mail address used to compare, count and look up: without
 * surrounding spaces, lower case. Accounts, unsubscribes, rate limits and possible
 * duplicates all key on it, so one address typed two ways is one person.
 */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}
