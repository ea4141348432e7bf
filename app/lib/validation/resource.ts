import { z } from 'zod'
import { resourceTypes } from '../../domain/resources'

/** Only web addresses may be opened from the library: no `javascript:`, `data:` or files. */
export function isSafeResourceUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname)
  } catch {
    return false
  }
}

export const FILE_OR_URL_MESSAGE = 'Please choose a file or enter a URL.'
export const NOT_BOTH_MESSAGE = 'Please choose either a file or a URL, not both.'

/**
 * The 'Add Resource' form (docs/product.md#validation: title required, type defaults to
 * document; the resource is a file or a URL, one of them required). The file's type and size
 * are checked on the server from its content (app/lib/uploads/resource-file.server.ts).
 */
export const resourceSchema = z
  .object({
    title: z
      .string({ error: 'Please enter a title.' })
      .trim()
      .min(1, 'Please enter a title.')
      .max(200, 'Please use at most 200 characters.'),
    type: z.enum(resourceTypes, { error: 'Please select a type.' }).default('document'),
    url: z
      .string()
      .trim()
      .max(2000, 'Please use at most 2000 characters.')
      .refine(isSafeResourceUrl, 'Please enter a web address starting with http:// or https://.')
      .optional(),
    file: z.instanceof(File).optional(),
  })
  .superRefine((value, context) => {
    if (value.file && value.url)
      context.addIssue({ code: 'custom', path: ['url'], message: NOT_BOTH_MESSAGE })
    else if (!value.file && !value.url)
      context.addIssue({ code: 'custom', path: ['file'], message: FILE_OR_URL_MESSAGE })
  })

export type ResourceInput = z.infer<typeof resourceSchema>
