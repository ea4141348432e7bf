import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The project's root folder, found by walking up from this module. The same code runs
 * from `app/lib/` (tests, scripts) and from the bundle in `build/server/`.
 */
function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url))
  while (!existsSync(path.join(dir, 'package.json')) || !existsSync(path.join(dir, 'db'))) {
    const parent = path.dirname(dir)
    if (parent === dir) return process.cwd()
    dir = parent
  }
  return dir
}

const projectRoot = findProjectRoot()

/** Resolves a path relative to the project root. */
export function projectPath(...segments: string[]): string {
  return path.join(projectRoot, ...segments)
}
