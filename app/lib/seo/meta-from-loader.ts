import type { MetaDescriptor } from 'react-router'

/**
 * A route's `meta` when its loader built the tags on the server (`pageHead` in
 * page-head.server.ts): the page's JavaScript then carries no SEO copy.
 */
export function metaFromLoader({ loaderData }: { loaderData?: unknown }): MetaDescriptor[] {
  return (loaderData as { head?: { meta: MetaDescriptor[] } } | undefined)?.head?.meta ?? []
}
