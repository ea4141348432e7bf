/**
 * What a log line may say about an error: never the values a person typed. Drizzle's failed
 * queries end their message with the query's parameters ("params: Ana López,+1 512 …") and
 * keep them in `params`; PostgreSQL's `detail` repeats a conflicting key's value ("Key
 * (email)=(ana@example.org)"), its `where` and `hint` may quote data, and some of its
 * messages quote the value they refused. The logger (logger.server.ts) passes every error it
 * writes through here, whatever key it was logged under.
 */

/** The fields of an error worth keeping: what kind of failure it was, and where. */
const KEPT_FIELDS = [
  'code',
  'errno',
  'syscall',
  'severity',
  'routine',
  'constraint',
  'table',
  'column',
  'schema',
  'status',
  'statusCode',
] as const

/** How deep causes (and errors inside logged objects) are followed. */
const MAX_DEPTH = 5

export interface LoggedError {
  type: string
  message: string
  stack?: string
  cause?: LoggedError
  errors?: LoggedError[]
  [field: string]: unknown
}

const PARAMETERS = /\nparams: [\s\S]*/
const EMAIL_ADDRESS = /[^\s@<>()[\]{}"',;:]+@[^\s@<>()[\]{}"',;:]+\.[^\s@<>()[\]{}"',;:]+/g
// "invalid input syntax for type uuid: "…"", "value "…" is out of range": the value refused.
const QUOTED_VALUE = /(: |value )"(?:[^"]|"")*"/g

/**
 * Text bound for the log with the values it may carry taken out: a failed query's
 * parameters and e-mail addresses.
 */
export function redactLoggedText(text: string): string {
  return text
    .replace(PARAMETERS, '\n[query parameters withheld]')
    .replace(EMAIL_ADDRESS, '[e-mail]')
}

function isError(value: unknown): value is Error {
  return value instanceof Error
}

/** PostgreSQL's errors carry a five-character SQLSTATE `code`. */
function isDatabaseError(error: Error & { code?: unknown }) {
  return typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code)
}

function messageOf(error: Error) {
  const message = redactLoggedText(String(error.message))
  return isDatabaseError(error) ? message.replace(QUOTED_VALUE, '$1[redacted]') : message
}

/** The stack's frames under the redacted message (its first lines repeat the message). */
function stackOf(error: Error, message: string) {
  if (typeof error.stack !== 'string') return undefined
  const frames = error.stack.split('\n').filter((line) => /^\s+at /.test(line))
  return [`${error.name}: ${message}`, ...frames].join('\n')
}

/** The error as a log line shows it: its kind, message, frames and causes, without values. */
export function loggedError(error: Error, depth = 0): LoggedError {
  const message = messageOf(error)
  const logged: LoggedError = {
    type: error.constructor?.name || error.name,
    message,
    stack: stackOf(error, message),
  }
  const fields = error as unknown as Record<string, unknown>
  for (const field of KEPT_FIELDS) {
    const value = fields[field]
    if (typeof value === 'string' || typeof value === 'number') logged[field] = value
  }
  if (depth < MAX_DEPTH) {
    if (isError(error.cause)) logged.cause = loggedError(error.cause, depth + 1)
    if (error instanceof AggregateError)
      logged.errors = error.errors.filter(isError).map((inner) => loggedError(inner, depth + 1))
  }
  return logged
}

/** A logged object with every error in it (at any key, in arrays too) made safe. */
export function withLoggedErrors(value: unknown, depth = 0): unknown {
  if (isError(value)) return loggedError(value)
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map((item) => withLoggedErrors(item, depth + 1))
  if (Object.getPrototypeOf(value) !== Object.prototype) return value
  let changed = false
  const result: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) {
    result[key] = withLoggedErrors(item, depth + 1)
    changed ||= result[key] !== item
  }
  return changed ? result : value
}
