// What the benchmark scripts write into docs/benchmarks.md besides their figures: the
// machine, the load average (other work on the machine shows there), and the date.
import { execFileSync } from 'node:child_process'
import { appendFileSync } from 'node:fs'
import os from 'node:os'

export function machineDescription(): string {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU'
  return `${os.cpus().length} cores (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`
}

/** "0.8, 2.3, 5.0 (above 2 means other work shared the cores)". */
export function loadAverageText(): string {
  const load = os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(', ')
  return `${load} (above 2 means other work shared the cores)`
}

/** Appends a dated section to docs/benchmarks.md and keeps the file as Prettier wants it. */
export function appendBenchmarkSection(title: string, body: string) {
  const date = new Date().toISOString().replace('T', ' ').slice(0, 16)
  appendFileSync('docs/benchmarks.md', `\n## ${date} UTC, ${title}\n\n${body}\n`)
  execFileSync('npx', ['prettier', '--write', 'docs/benchmarks.md'], { stdio: 'ignore' })
}

/** The value below which `share` of the sorted `times` lie (nearest rank). */
export function percentile(sortedTimes: readonly number[], share: number): number {
  return sortedTimes[Math.min(sortedTimes.length - 1, Math.ceil(share * sortedTimes.length) - 1)]!
}
