import type { HeadersFunction } from 'react-router'

/**
 * React Router only sends a document response's headers through the route's `headers`
 * export. Routes whose action can answer 429 re-export this, so the Retry-After of the
 * action's response reaches the browser.
 */
export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const result = new Headers()
  for (const source of [loaderHeaders, actionHeaders]) {
    const retryAfter = source.get('Retry-After')
    if (retryAfter) result.set('Retry-After', retryAfter)
  }
  return result
}
