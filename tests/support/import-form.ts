import type { Actor } from '../../app/models/audit.server'

/** What an import action answers (app/lib/import/import-action.server.ts), or its redirect. */
export interface ImportFormAnswer<Preview> {
  status: number
  body?: { fileError: string | null; preview: (Preview & { sha256: string }) | null }
  location?: string
}

/**
 * Posts an import form as the browser does (the file, the intent, the previewed hash) to
 * `action`, and reads the answer: a preview or refusal, or the redirect a confirm throws.
 */
export async function postImportForm<Preview>(
  action: (request: Request, actor: Actor) => Promise<unknown>,
  actor: Actor,
  file: string | Uint8Array<ArrayBuffer>,
  fields: { intent: 'preview' | 'confirm'; previewedSha256?: string },
): Promise<ImportFormAnswer<Preview>> {
  const form = new FormData()
  form.append('file', new Blob([file], { type: 'text/csv' }), 'agency.csv')
  form.append('intent', fields.intent)
  if (fields.previewedSha256) form.append('previewedSha256', fields.previewedSha256)
  const request = new Request('http://localhost/admin/import', { method: 'POST', body: form })
  type Body = NonNullable<ImportFormAnswer<Preview>['body']>
  try {
    const answer = await action(request, actor)
    if (answer instanceof Response) return { status: answer.status }
    // A refusal is React Router's `data(value, { status })`; a preview is the plain value.
    const { data, init } = answer as { data?: Body; init?: { status?: number } }
    if (data) return { status: init?.status ?? 200, body: data }
    return { status: 200, body: answer as Body }
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, location: thrown.headers.get('Location') ?? undefined }
    throw thrown
  }
}
