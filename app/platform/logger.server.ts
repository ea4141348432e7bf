import pino, { type DestinationStream, type Logger } from 'pino'
import type { Config } from './config.server'
import { loggedError, redactLoggedText, withLoggedErrors } from './logged-error.server'

export type { Logger }

/**
 * The logger's `err` serializer, also given to the access log: an error, or what pino's
 * standard serializer made of one (the access log runs that first; it keeps the original as
 * `raw`), becomes what logged-error.server.ts keeps.
 */
export function serializeLoggedError(value: unknown): unknown {
  if (value instanceof Error) return loggedError(value)
  const raw = (value as { raw?: unknown } | null)?.raw
  return raw instanceof Error ? loggedError(raw) : value
}

/** Every error in a logged object but `err` (the serializer's), made safe. */
function withSafeErrors(object: Record<string, unknown>): Record<string, unknown> {
  const { err, ...rest } = object
  const safe = withLoggedErrors(rest)
  return safe === rest ? object : { ...(safe as Record<string, unknown>), err }
}

/**
 * JSON logs in production, readable lines in development; to `destination` when given
 * (tests keep what the server writes). No line carries what people typed: every error
 * logged, at any key, is reduced to what logged-error.server.ts keeps, and text arguments
 * lose query parameters and e-mail addresses.
 */
export function createLogger(
  config: Pick<Config, 'logLevel' | 'env'>,
  destination?: DestinationStream,
): Logger {
  const pretty = config.env === 'development' && process.stdout.isTTY && !destination
  return pino(
    {
      level: config.logLevel,
      redact: { paths: ['req.headers.cookie', 'req.headers.authorization'], remove: true },
      serializers: { err: serializeLoggedError },
      formatters: { log: withSafeErrors },
      hooks: {
        logMethod(args, method) {
          // An error logged alone would lend pino its raw message as the line's text.
          const [first, ...rest] = args as unknown[]
          const spread =
            first instanceof Error
              ? [{ err: first }, ...(rest.length ? rest : [first.message])]
              : args
          const safe = spread.map((arg: unknown) =>
            typeof arg === 'string' ? redactLoggedText(arg) : arg,
          ) as Parameters<typeof method>
          return method.apply(this, safe)
        },
      },
      ...(pretty ? { transport: { target: 'pino-pretty', options: { singleLine: true } } } : {}),
    },
    destination,
  )
}
