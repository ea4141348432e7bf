import { data } from 'react-router'
import { requireAdmin } from '~/auth/session.server'
import { tarGzip } from '~/lib/http/tar'
import { personalDataSchema } from '~/lib/validation/privacy'
import { exportPersonalData } from '~/models/privacy/export.server'
import { now } from '~/platform/clock.server'
import type { Route } from './+types/privacy-export'

/** Only the button's POST downloads: the address stays out of URLs and logs. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, { resource: true })
  throw data('Use the "Export personal data" button on a record.', { status: 405 })
}

/**
 * An access request (docs/privacy.md#access): a .tar.gz with `personal-data.json` (every row
 * about the address) and the person's files, audited.
 */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request, { resource: true })
  const parsed = personalDataSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success) throw data('Invalid e-mail address.', { status: 400 })
  const exported = await exportPersonalData(parsed.data.email, admin.actor)
  if (!exported) throw data('Nothing is stored under this address.', { status: 404 })
  const createdAt = now()
  const archive = tarGzip([
    {
      name: 'personal-data.json',
      bytes: Buffer.from(JSON.stringify(exported.data, null, 2)),
      modifiedAt: createdAt,
    },
    ...exported.files,
  ])
  return new Response(new Uint8Array(archive), {
    headers: {
      'Content-Type': 'application/gzip',
      'Content-Disposition': `attachment; filename="personal-data-${createdAt.toISOString().slice(0, 10)}.tar.gz"`,
      'Cache-Control': 'no-store',
    },
  })
}
