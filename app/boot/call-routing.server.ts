import { advanceWaitingCalls, endCallsOfGoneInterpreters } from '../models/calls/calls.server'
import { beat, writeHeardFrom } from '../models/calls/call-presence.server'
import type { Runtime } from '../platform/runtime.server'

/**
 * How often waiting calls are moved on (rings missed, the wave widened at 15 s) and calls whose
 * interpreter has gone are ended.
 */
export const CALL_ROUTING_TICK_MS = 1_000

/**
 * The routing tick of on-demand calls (docs/product.md#on-demand-calls): every second, this
 * instance beats, the interpreters' pages heard from since the last tick are written down, the calls
 * of interpreters gone for 20 s end, and each waiting call's missed rings end and its next wave
 * rings. A tick that is still running when the next is due lets it pass.
 */
export function startCallRouting(runtime: Runtime) {
  let running = false
  const timer = setInterval(() => {
    if (running) return
    running = true
    beat()
      .then(() => writeHeardFrom())
      .then(() => endCallsOfGoneInterpreters())
      .then(() => advanceWaitingCalls())
      .catch((error: unknown) =>
        runtime.logger.error({ err: error }, 'the call routing tick failed'),
      )
      .finally(() => {
        running = false
      })
  }, CALL_ROUTING_TICK_MS)
  timer.unref()
  runtime.onStop(() => clearInterval(timer))
}
