import type { Logger } from './logger.server'

/**
 * Work a request starts but does not wait for, so that its answer takes the same time
 * whatever the work finds (for example whether an address has an account). Failures are
 * logged; shutdown waits for what is still running before the database closes.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>()

  constructor(private readonly logger: Logger) {}

  run(name: string, task: () => Promise<unknown>) {
    const done: Promise<void> = Promise.resolve()
      .then(task)
      .then(
        () => undefined,
        (error: unknown) => this.logger.error({ err: error, task: name }, 'background task failed'),
      )
      .finally(() => this.running.delete(done))
    this.running.add(done)
  }

  /** Resolves when every task started so far has finished. */
  async settle() {
    while (this.running.size > 0) await Promise.all([...this.running])
  }
}
