/**
 * The applicant's status and erasure pages carry a credential in their address: never
 * indexed. They are private paths with secret links, so the host adds `Cache-Control:
 * no-store` and `Referrer-Policy: no-referrer` itself (app/content/public-pages.ts,
 * docs/decisions/046-applicant-status-links-and-erasure.md).
 */
export const applicantPageHeaders = { 'X-Robots-Tag': 'noindex, nofollow' }
