/**
 * The signalling bus of on-demand calls (docs/architecture.md#on-demand-calls): how a change
 * of a call or a ring reaches the open pages of its parties, which may be served by another
 * instance. Events carry ids and small signalling messages; the state itself is in the
 * database's tables, so a page that misses an event reads it again.
 *
 * One instance (the embedded database) passes events in process ({@link InProcessCallBus});
 * on PostgreSQL, where several instances may share the database, they pass through it
 * (`postgres-call-bus.server.ts`). Redis or NATS can replace either behind this interface.
 */

import type { CallParty } from '../../domain/calls'

/** Who a topic reaches: an interpreter's pages (their rings), or one call's parties. */
export type CallTopic = `interpreter:${string}` | `call:${string}` | 'board'

export type CallEvent =
  /** A ring started or stopped for the interpreter: their page reads its rings again. */
  | { type: 'rings-changed' }
  /** The call's state changed (accepted, connected, ended…): its pages read it again. */
  | { type: 'call-changed'; callId: string }
  /**
   * A WebRTC message from one party to another, relayed as it is: to `to`, or without it to the
   * other of the client and the interpreter.
   */
  | { type: 'signal'; callId: string; from: CallParty; to?: CallParty; data: unknown }

export type CallListener = (event: CallEvent) => void

export interface CallBus {
  /** Delivers the event to every listener of the topic, on every instance. */
  publish(topic: CallTopic, event: CallEvent): Promise<void>
  /** Listens to a topic until the returned function is called. */
  subscribe(topic: CallTopic, listener: CallListener): () => void
  close(): Promise<void>
}

/** The bus of one process: listeners in a map, events delivered on the next turn. */
export class InProcessCallBus implements CallBus {
  readonly #listeners = new Map<CallTopic, Set<CallListener>>()

  async publish(topic: CallTopic, event: CallEvent): Promise<void> {
    const listeners = this.#listeners.get(topic)
    if (!listeners) return
    // A copy: a listener may unsubscribe while the event is delivered.
    for (const listener of [...listeners]) queueMicrotask(() => listener(event))
  }

  subscribe(topic: CallTopic, listener: CallListener): () => void {
    let listeners = this.#listeners.get(topic)
    if (!listeners) this.#listeners.set(topic, (listeners = new Set()))
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
      if (listeners.size === 0 && this.#listeners.get(topic) === listeners)
        this.#listeners.delete(topic)
    }
  }

  /** Whether anyone here listens to the topic. */
  hasListeners(topic: CallTopic): boolean {
    return this.#listeners.has(topic)
  }

  /** How many topics have listeners (a page that closed leaves none behind). */
  get topicCount(): number {
    return this.#listeners.size
  }

  async close(): Promise<void> {
    this.#listeners.clear()
  }
}
