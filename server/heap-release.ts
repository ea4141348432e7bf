import { Session } from 'node:inspector'

/**
 * Collects all garbage the way V8 does when the system is short of memory: several full
 * collections that also compact the old generation and shrink the young one to its smallest
 * size, then return the freed pages to the system. `gc()` (`--expose-gc`) collects but
 * leaves the young generation at the size it grew to under load (32 MB), and V8 shrinks it by
 * itself only after a minute or more of a nearly idle process.
 *
 * The inspector's `HeapProfiler.collectGarbage` is the one way to ask for this from
 * JavaScript. The session is in-process: it opens no port and is closed again at once
 * (docs/decisions/052-release-memory-when-idle.md).
 */
export function releaseUnusedHeap(): Promise<void> {
  const session = new Session()
  session.connect()
  return new Promise<void>((resolve, reject) => {
    session.post('HeapProfiler.collectGarbage', (error) => {
      // Disconnecting inside the session's own callback never returns (Node 20): the event
      // loop stops, signals included. Once the callback has returned it is safe.
      setImmediate(() => {
        session.disconnect()
        if (error) reject(error)
        else resolve()
      })
    })
  })
}
