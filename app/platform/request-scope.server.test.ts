import { describe, expect, it } from 'vitest'
import { requestMemo, runInRequestScope } from './request-scope.server'

describe('request scope', () => {
  it('makes a value once per request and again for the next request', async () => {
    let made = 0
    const make = () => ++made
    const first = await runInRequestScope(async () => {
      // Two loaders of one request, the second after an await.
      const a = requestMemo('value', make)
      await new Promise((resolve) => setTimeout(resolve, 1))
      return [a, requestMemo('value', make)]
    })
    expect(first).toEqual([1, 1])
    expect(runInRequestScope(() => requestMemo('value', make))).toBe(2)
  })

  it('makes the value each time outside a request', () => {
    let made = 0
    requestMemo('value', () => ++made)
    requestMemo('value', () => ++made)
    expect(made).toBe(2)
  })
})
