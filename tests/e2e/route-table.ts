import { pathToFileURL } from 'node:url'
import type { ServerBuild } from 'react-router'
import { projectPath } from '../../app/platform/project-path.server'

export interface BuiltRoute {
  id: string
  /** The full path with parameters filled with sample values. */
  path: string
  /** The full path as declared, with its `:parameters`. */
  pattern: string
  /**
   * Where a POST reaches the route's action: an index route shares its path with its layout,
   * so React Router sends the post to it only with `?index` (its forms add it themselves).
   */
  actionPath: string
  hasLoader: boolean
  hasAction: boolean
  /** No component: a file, an export or an upload endpoint rather than a page. */
  isResource: boolean
}

/**
 * Every route of the production build, with its full path. Tests generated from it cover
 * a new route without being edited.
 */
export async function builtRoutes(): Promise<BuiltRoute[]> {
  const build = (await import(
    pathToFileURL(projectPath('build/server/index.js')).href
  )) as ServerBuild
  const routes = build.routes
  const fullPath = (id: string): string => {
    const route = routes[id]
    if (!route) return ''
    const parent = route.parentId ? fullPath(route.parentId) : ''
    return [parent, withoutOptionalSegments(route.path ?? '')]
      .filter(Boolean)
      .join('/')
      .replace(/\/+/g, '/')
  }
  return Object.values(routes)
    .filter((route) => route !== undefined)
    .map((route) => ({ route, path: samplePath(fullPath(route.id)) }))
    .map(({ route, path }) => ({
      id: route.id,
      pattern: '/' + fullPath(route.id).replace(/^\//, ''),
      path,
      actionPath: route.index ? `${path}?index` : path,
      hasLoader: typeof route.module.loader === 'function',
      hasAction: typeof route.module.action === 'function',
      isResource: typeof route.module.default !== 'function',
    }))
}

function samplePath(path: string): string {
  return (
    '/' +
    path
      .replace(/^\//, '')
      .replace(/:[A-Za-z]+\??/g, '00000000-0000-4000-8000-000000000000')
      .replace(/\*/g, 'anything')
  )
}

/**
 * A path without its optional static segments (the public pages' `es?`): a route is named and
 * tried at its English address; the same route answers under /es
 * (docs/decisions/066-spanish-site-messages-resolved-on-the-server.md).
 */
function withoutOptionalSegments(path: string): string {
  return path
    .split('/')
    .filter((segment) => !(segment.endsWith('?') && !segment.startsWith(':')))
    .join('/')
}
