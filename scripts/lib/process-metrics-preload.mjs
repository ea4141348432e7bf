// Loaded into a server process by the load benchmarks (node --import): samples the event loop's
// delay and the process's resident memory, and writes them as JSON to PROCESS_METRICS_FILE on
// SIGUSR2 (then starts afresh, so that a benchmark reads the window it measured) and at exit.
// Not part of the product: only scripts/bench-calls-scale.ts sets it.
import { writeFileSync } from 'node:fs'
import { monitorEventLoopDelay } from 'node:perf_hooks'

const file = process.env.PROCESS_METRICS_FILE
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 10 })
  delay.enable()
  let maxRssBytes = 0
  let maxHeapUsedBytes = 0
  const sample = setInterval(() => {
    const memory = process.memoryUsage()
    maxRssBytes = Math.max(maxRssBytes, memory.rss)
    maxHeapUsedBytes = Math.max(maxHeapUsedBytes, memory.heapUsed)
  }, 250)
  sample.unref()
  const write = () =>
    writeFileSync(
      file,
      JSON.stringify({
        loopDelayP99Ms: delay.percentile(99) / 1e6,
        loopDelayMaxMs: delay.max / 1e6,
        maxRssBytes,
        maxHeapUsedBytes,
        memory: process.memoryUsage(),
      }),
    )
  process.on('SIGUSR2', () => {
    write()
    delay.reset()
    maxRssBytes = process.memoryUsage.rss()
    maxHeapUsedBytes = process.memoryUsage().heapUsed
  })
  process.on('exit', write)
}
