import type { RunningHost } from './host'

/** SIGTERM and SIGINT shut the server down gracefully; a second signal exits at once. */
export function handleSignals(host: RunningHost) {
  let signalled = false
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled) process.exit(1)
    signalled = true
    host
      .shutdown(signal)
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        host.runtime.logger.error({ err: error }, 'error during shutdown')
        process.exit(1)
      })
  }
  process.on('SIGTERM', onSignal)
  process.on('SIGINT', onSignal)
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
