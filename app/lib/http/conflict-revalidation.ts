import type { ShouldRevalidateFunctionArgs } from 'react-router'

/**
 * React Router keeps a page's data as it was after an action answered 4xx. A conflict (409)
 * means the record changed under the person looking at it, so the page loads it again and
 * shows what the conflict message speaks of (a new price, a closeout sent again). Export it
 * from a route as `shouldRevalidate`.
 */
export function revalidateAfterConflict({
  actionStatus,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  return actionStatus === 409 || defaultShouldRevalidate
}
