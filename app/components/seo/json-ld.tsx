import { useNonce } from '~/lib/nonce'

/**
 * Structured data for search engines. `<` is escaped so that no value can close the
 * script element; the nonce lets it pass the CSP.
 */
export function JsonLd({ data }: { data: object | null | undefined }) {
  const nonce = useNonce()
  if (!data) return null
  const json = JSON.stringify(data).replace(/</g, '\\u003c')
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      // JSON.stringify output with `<` escaped: no user-controlled markup can break out.
      dangerouslySetInnerHTML={{ __html: json }}
    />
  )
}
