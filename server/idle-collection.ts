import type { Server } from 'node:http'

/**
 * Runs `collect` once the server has answered every request and has had none for `idleMs`,
 * then waits for the next request. V8 gives the heap it grew under load back only after a
 * collection that finds little being allocated; an idle server allocates almost nothing, so
 * that collection may not come for minutes, and the memory stays taken
 * (docs/decisions/042-collect-garbage-when-idle.md). The server passes `releaseUnusedHeap`
 * (server/heap-release.ts).
 */
export function collectGarbageWhenIdle(
  server: Server,
  options: { idleMs: number; collect: () => void | Promise<void> },
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
