import { getHeapSpaceStatistics } from 'node:v8'
import { describe, expect, it } from 'vitest'
import { releaseUnusedHeap } from './heap-release'

const MiB = 2 ** 20

function youngGenerationSize() {
  return getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')!.space_size
}

/** Allocates as a busy server does: many short-lived objects, a third of them kept a while. */
function growYoungGeneration() {
  let kept: object[] = []
  for (let i = 0; i < 3_000_000; i++) {
    const entry = { index: i, text: `entry ${i}` }
    if (i % 3 === 0) kept.push(entry)
  }
  const count = kept.length
  kept = []
  return count
}

describe('releaseUnusedHeap', () => {
  it('shrinks the young generation that grew under load and leaves the event loop running', async () => {
    expect(growYoungGeneration()).toBe(1_000_000)
    const grown = youngGenerationSize()
    expect(grown).toBeGreaterThan(4 * MiB)

    await releaseUnusedHeap()
    expect(youngGenerationSize()).toBeLessThanOrEqual(Math.min(2 * MiB, grown / 2))

    // The inspector session is closed again: a second release works, and timers still run.
    await releaseUnusedHeap()
    await new Promise((resolve) => setTimeout(resolve, 1))
  })
})
