/** The subject of staff replies to client requests (docs/product.md#clients). */
export const CLIENT_REPLY_SUBJECT = 'Re: Language Services Request'

/** A `mailto:` link that opens a reply draft in the staff member's mail program. */
export function replyDraftHref(
  to: { email: string; name: string },
  subject = CLIENT_REPLY_SUBJECT,
): string {
  const params = new URLSearchParams({ subject, body: `Hello ${to.name},\n\n` })
  // mailto wants %20 for spaces, not +.
  return `mailto:${encodeURIComponent(to.email)}?${params.toString().replace(/\+/g, '%20')}`
}
