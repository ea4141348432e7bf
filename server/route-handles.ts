import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router'
import type { RouteHandle } from '../app/lib/http/route-handle'

function routeTree(build: ServerBuild): RouteObject[] {
  const nodes = new Map<string, RouteObject & { children: RouteObject[] }>()
  for (const route of Object.values(build.routes)) {
    if (!route) continue
    nodes.set(route.id, {
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      children: route.index ? undefined : [],
      handle: route.module.handle,
    } as RouteObject & { children: RouteObject[] })
  }
  const roots: RouteObject[] = []
  for (const route of Object.values(build.routes)) {
    if (!route) continue
    const node = nodes.get(route.id)!
    const parent = route.parentId ? nodes.get(route.parentId) : undefined
    ;(parent ? parent.children : roots).push(node)
  }
  return roots
}

// Client-side navigations fetch `/path.data` (and `/_root.data` for the home page).
function documentPath(pathname: string) {
  if (pathname === '/_root.data') return '/'
  return pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length) : pathname
}

/** The `handle` exports of the routes a path matches, from the root down. */
export function routeHandles(build: () => Promise<ServerBuild>) {
  const trees = new WeakMap<ServerBuild, RouteObject[]>()
  return async (pathname: string): Promise<RouteHandle[]> => {
    const current = await build()
    let tree = trees.get(current)
    if (!tree) trees.set(current, (tree = routeTree(current)))
    const matches = matchRoutes(tree, documentPath(pathname)) ?? []
    return matches.map((match) => (match.route.handle ?? {}) as RouteHandle)
  }
}
