import { data } from 'react-router'

/**
 * The answer for a record or page that does not exist (or that this user may not know
 * exists): `throw notFound()` from a loader or action, and the nearest error boundary
 * shows the not-found screen.
 */
export function notFound(statusText = 'Not Found') {
  return data(null, { status: 404, statusText })
}

/**
 * The answer to a signed-in user who asks for an action or a file of another role's area:
 * pages send them to their own home instead (app/auth/session.server.ts).
 */
export function forbidden() {
  return data(null, { status: 403, statusText: 'Forbidden' })
}
