import { advanceWaitingCalls, endCallsOfGoneInterpreters } from '../models/calls/calls.server'
import { beat, writeHeardFrom } from '../models/calls/call-presence.server'
import type { Runtime } from '../platform/runtime.server'

/**
 * How often waiting calls are moved on (rings missed, the wave widened at 15 s), and how often
 * this instance beats, writes the pages heard from and ends the calls whose interpreter has gone.
 */
export const CALL_ROUTING_TICK_MS = 1_000

/**
 * The ticks of on-demand calls (docs/product.md#on-demand-calls), each every second:
 * - the beat: this instance is alive (one row written);
 * - presence: the interpreters' pages heard from since the last tick are written down, and the
 *   calls of interpreters gone (silent for 20 s, or heard last through an instance silent for
 *   10 s) end;
 * - routing: each waiting call's missed rings end and its next wave rings.
 * Apart, so that a minute with many waiting calls does not hold back the ending of calls whose
 * interpreter has gone, and many calls ending do not hold back the beat (the other instances
 * would take this one for dead). A tick still running when it is next due lets it pass.
 */
export function startCallRouting(runtime: Runtime) {
  everyTick(runtime, 'the instance beat failed', () => beat())
  everyTick(runtime, 'the call presence tick failed', async () => {
    await writeHeardFrom()
    await endCallsOfGoneInterpreters()
  })
  everyTick(runtime, 'the call routing tick failed', () => advanceWaitingCalls())
}

function everyTick(runtime: Runtime, failure: string, work: () => Promise<unknown>) {
  let running = false
  const timer = setInterval(() => {
    if (running) return
    running = true
    work()
      .catch((error: unknown) => runtime.logger.error({ err: error }, failure))
      .finally(() => {
        running = false
      })
  }, CALL_ROUTING_TICK_MS)
  timer.unref()
  runtime.onStop(() => clearInterval(timer))
}
