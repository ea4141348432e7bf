import { describe, expect, it } from 'vitest'
import { InProcessCallBus, type CallEvent } from './call-bus.server'

describe('the in-process call bus', () => {
  it('delivers an event to every listener of its topic and to nobody else', async () => {
    const bus = new InProcessCallBus()
    const first: CallEvent[] = []
    const second: CallEvent[] = []
    const other: CallEvent[] = []
    bus.subscribe('call:a', (event) => first.push(event))
    bus.subscribe('call:a', (event) => second.push(event))
    bus.subscribe('call:b', (event) => other.push(event))
    await bus.publish('call:a', { type: 'call-changed', callId: 'a' })
    await new Promise((resolve) => setImmediate(resolve))
    expect(first).toEqual([{ type: 'call-changed', callId: 'a' }])
    expect(second).toEqual(first)
    expect(other).toEqual([])
  })

  it('stops delivering once unsubscribed and forgets a topic nobody listens to', async () => {
    const bus = new InProcessCallBus()
    const received: CallEvent[] = []
    const unsubscribe = bus.subscribe('interpreter:x', (event) => received.push(event))
    expect(bus.topicCount).toBe(1)
    unsubscribe()
    await bus.publish('interpreter:x', { type: 'rings-changed' })
    await new Promise((resolve) => setImmediate(resolve))
    expect(received).toEqual([])
    expect(bus.topicCount).toBe(0)
  })

  it('lets a listener unsubscribe while an event is delivered without skipping the others', async () => {
    const bus = new InProcessCallBus()
    const received: string[] = []
    const unsubscribe = bus.subscribe('board', () => {
      received.push('first')
      unsubscribe()
    })
    bus.subscribe('board', () => received.push('second'))
    await bus.publish('board', { type: 'rings-changed' })
    await bus.publish('board', { type: 'rings-changed' })
    await new Promise((resolve) => setImmediate(resolve))
    expect(received.sort()).toEqual(['first', 'second', 'second'])
  })
})
