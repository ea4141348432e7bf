import { data } from 'react-router'
import { notFound } from '~/lib/http/responses'
import { redirectWithToast } from '~/lib/toast.server'
import { plural } from '~/domain/format'
import type { Actor } from '~/models/audit.server'
import { erasePerson } from '~/models/privacy/erasure.server'

/**
 * Erases everything stored under the record's e-mail address (docs/privacy.md#erasure) and
 * goes back to the list; the address comes from the record, never from the form.
 */
export async function erasePersonalData(
  record: { email: string } | undefined,
  actor: Actor,
  listUrl: string,
) {
  if (!record) throw notFound()
  const outcome = await erasePerson(record.email, actor, 'staff')
  if (outcome.outcome === 'missing') throw notFound()
  if (outcome.outcome === 'has-account')
    return data(
      {
        error:
          'This address belongs to a portal or staff account. Deactivate the account and erase it first; nothing was erased.',
      },
      { status: 409 },
    )
  throw redirectWithToast(
    listUrl,
    `Personal data erased: ${plural(outcome.applications, 'application')} and ${plural(outcome.leads, 'client request')}.`,
  )
}
