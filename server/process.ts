import type { RunningHost } from './host'

/**
 * The shutdown finishes within 10 s (drain, in-flight requests, closing the database); a
 * shutdown still running after this long is stuck, and the process exits with code 1.
 */
const SHUTDOWN_DEADLINE_MS = 20_000

export interface SignalOptions {
  /**
   * The process was started with an IPC channel (by server/production-server.mjs, the
   * launcher of `npm start` and `npm run serve`): shut down when it closes, so that the
   * server does not outlive its launcher.
   */
  stopWithParent?: boolean
}

/**
 * SIGTERM and SIGINT shut the server down gracefully. Repeats are ignored while it shuts
 * down: a signal to the process group arrives both directly and forwarded by the launcher,
 * and must not cut the requests in flight.
 */
export function handleSignals(host: RunningHost, options: SignalOptions = {}) {
  const { logger } = host.runtime
  let stopping = false
  const stop = (reason: string) => {
    if (stopping) {
      logger.info({ reason }, 'already shutting down: ignored')
      return
    }
    stopping = true
    setTimeout(() => {
      logger.error({ deadlineMs: SHUTDOWN_DEADLINE_MS }, 'shutdown did not finish: exiting')
      process.exit(1)
    }, SHUTDOWN_DEADLINE_MS)
    host
      .shutdown(reason)
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.error({ err: error }, 'error during shutdown')
        process.exit(1)
      })
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
  if (options.stopWithParent) {
    if (process.connected) process.on('disconnect', () => stop('parent process gone'))
    else stop('parent process gone')
  }
}

/** Configuration and lock errors are meant for people: print them plainly and stop. */
export function exitOnStartupError(error: unknown): never {
  const name = (error as Error | undefined)?.name
  if (name === 'ConfigError' || name === 'DataDirLockedError') {
    console.error(`\n${(error as Error).message}\n`)
  } else {
    console.error('The server could not start:', error)
  }
  process.exit(1)
}
