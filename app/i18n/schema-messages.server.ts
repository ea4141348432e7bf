import type { z } from 'zod'

type Schema = z.core.$ZodType
type Node = { _zod: { def: Record<string, unknown> & { type: string } } }

/**
 * Every message a schema can answer with (its types', checks' and refinements' `error`), in
 * the order of its fields: the English of the catalogues' `validation` context. A message
 * made from the value sent (a function of the issue) is not a fixed text and is left out.
 */
export function schemaMessages(schema: Schema): string[] {
  const messages = new Set<string>()
  const seen = new Set<unknown>()
  const errorOf = (def: Record<string, unknown>) => {
    if (typeof def.error !== 'function') return
    try {
      const message = (def.error as () => unknown)()
      if (typeof message === 'string') messages.add(message)
    } catch {
      // A message that needs the issue it describes.
    }
  }
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object' || seen.has(node) || !('_zod' in node)) return
    seen.add(node)
    const def = (node as Node)._zod.def
    errorOf(def)
    for (const check of (def.checks as Node[] | undefined) ?? []) errorOf(check._zod.def)
    if (def.type === 'object')
      for (const field of Object.values(def.shape as Record<string, unknown>)) walk(field)
    if (def.type === 'lazy') walk((def.getter as () => unknown)())
    for (const key of ['innerType', 'in', 'out', 'element', 'left', 'right'])
      if (key in def) walk(def[key])
    for (const option of (def.options as unknown[] | undefined) ?? []) walk(option)
    for (const item of (def.items as unknown[] | undefined) ?? []) walk(item)
  }
  walk(schema)
  return [...messages]
}
