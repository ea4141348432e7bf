import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * What one incoming request has already worked out, shared by its loaders. React Router
 * hands each loader a Request of its own, so a memo keyed by the Request object misses; the
 * host runs each reading request (GET, HEAD) inside `runInRequestScope`
 * (server/react-router-handler.ts); an action's request has none, so its loaders see what
 * the action changed.
 */
const scope = new AsyncLocalStorage<Map<string, unknown>>()

/** Runs one request's work with a memo of its own. */
export function runInRequestScope<T>(work: () => T): T {
  return scope.run(new Map(), work)
}

/** This request's value for `key`, made by `make` the first time; outside a request, `make()`. */
export function requestMemo<T>(key: string, make: () => T): T {
  const memo = scope.getStore()
  if (!memo) return make()
  if (!memo.has(key)) memo.set(key, make())
  return memo.get(key) as T
}
