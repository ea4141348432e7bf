import type { Server } from 'node:http'

/**
 * Runs one full garbage collection once the server has answered every request and has had
 * none for `idleMs`, then waits for the next request. V8 gives the heap it grew under load
 * back only after a collection that finds little being allocated; an idle server allocates
 * almost nothing, so that collection may not come for minutes, and the memory stays taken
 * (docs/decisions/042-collect-garbage-when-idle.md). `collect` is `globalThis.gc`, which
 * exists when Node runs with `--expose-gc` (scripts/production-server.mjs).
 */
export function collectGarbageWhenIdle(
  server: Server,
  options: { idleMs: number; collect: () => void },
) {
  let inFlight = 0
  let timer: NodeJS.Timeout | undefined
  server.on('request', (_req, res) => {
    inFlight++
    clearTimeout(timer)
    res.once('close', () => {
      inFlight--
      if (inFlight > 0) return
      timer = setTimeout(options.collect, options.idleMs)
      timer.unref()
    })
  })
  return () => clearTimeout(timer)
}
