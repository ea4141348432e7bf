// Query parameters that carry a credential: password-reset, invitation, set-up and
// unsubscribe links put their token in the address, and access logs must not keep it.
const SECRET_PARAMETER = /token|secret|signature|^sig$|password|^key$/i

// Paths whose last segment is a credential: the applicant's status link and erasure link, a
// call's guest link.
const SECRET_PATH = /^(\/application-(?:status|erasure)|\/call-guest)\/[^/?#]+/

/**
 * The request's path and query with the values of credential parameters (and the token of a
 * secret path) replaced.
 */
export function redactUrl(url: string): string {
  const redactedPath = url.replace(SECRET_PATH, '$1/[redacted]')
  const queryStart = redactedPath.indexOf('?')
  if (queryStart === -1) return redactedPath
  url = redactedPath
  const path = url.slice(0, queryStart)
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=')
      const rawName = equals === -1 ? pair : pair.slice(0, equals)
      let name = rawName
      try {
        name = decodeURIComponent(rawName.replaceAll('+', ' '))
      } catch {
        // A malformed name is logged as it came.
      }
      return equals !== -1 && SECRET_PARAMETER.test(name) ? `${rawName}=[redacted]` : pair
    })
    .join('&')
  return `${path}?${query}`
}
