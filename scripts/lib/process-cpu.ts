import { readFileSync } from 'node:fs'

// /proc reports CPU time in clock ticks; Linux uses 100 per second on every common build.
const TICKS_PER_SECOND = 100

/** The CPU time (user + system) a process has used so far, in milliseconds (Linux). */
export function processCpuMilliseconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis
  // start with the state (field 3), so utime and stime (fields 14 and 15) are at 11 and 12.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const ticks = Number(fields[11]) + Number(fields[12])
  return (ticks * 1000) / TICKS_PER_SECOND
}

/**
 * The server's CPU milliseconds per request for one page, from `count` requests sent one
 * after another (so nothing else runs in the server meanwhile), after `warmUp` unmeasured
 * ones. Every answer must be 200.
 */
export async function cpuMillisecondsPerRequest(options: {
  pid: number
  url: string
  headers?: Record<string, string>
  count: number
  warmUp?: number
}): Promise<number> {
  const get = async () => {
    const response = await fetch(options.url, { headers: options.headers, redirect: 'manual' })
    await response.arrayBuffer()
    if (response.status !== 200) throw new Error(`${options.url} answered ${response.status}`)
  }
  for (let i = 0; i < (options.warmUp ?? 20); i++) await get()
  const before = processCpuMilliseconds(options.pid)
  for (let i = 0; i < options.count; i++) await get()
  return (processCpuMilliseconds(options.pid) - before) / options.count
}
