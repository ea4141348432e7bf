import pino, { type DestinationStream } from 'pino'

export interface LogRecording {
  /** Every line written since the recording started (JSON, one per line). */
  lines(): string[]
  stop(): void
}

/**
 * Where a test server's log goes: errors to the test's output as before, and every line at
 * the configured level to the recordings a test starts, so that it can check what the
 * server wrote while the test ran (tests/e2e/crafted-input.spec.ts looks for personal data).
 */
export class ServerLog {
  private readonly recordings = new Set<string[]>()

  readonly destination: DestinationStream = pino.multistream([
    { level: 'error', stream: process.stdout },
    { level: 'trace', stream: { write: (line: string) => this.keep(line) } },
  ])

  private keep(line: string) {
    for (const lines of this.recordings) lines.push(line)
  }

  record(): LogRecording {
    const lines: string[] = []
    this.recordings.add(lines)
    return { lines: () => [...lines], stop: () => this.recordings.delete(lines) }
  }
}
