import { Form } from 'react-router'
import { formatCalendarDate } from '~/domain/format'

interface StaffOption {
  id: string
  name: string
  takesLeads: boolean
  awayUntil: string | null
}

/** The option's words: who it is, and why the round-robin would pass them by. */
function optionLabel(staff: StaffOption, today: string): string {
  if (staff.awayUntil && staff.awayUntil >= today)
    return `${staff.name} (away until ${formatCalendarDate(staff.awayUntil)})`
  return staff.takesLeads ? staff.name : `${staff.name} (not taking new leads)`
}

/**
 * The owner of a client request in its details dialog, and "Reassign" to another member of
 * staff or to nobody; the new owner is e-mailed (docs/product.md#clients).
 */
export function LeadOwnerSection({
  ownerId,
  ownerName,
  staff,
  today,
}: {
  ownerId: string | null
  ownerName: string | null
  staff: StaffOption[]
  today: string
}) {
  return (
    <section aria-labelledby="lead-owner-heading" className="mt-6">
      <h3 id="lead-owner-heading" className="text-sm font-semibold text-slate-900">
        Owner
      </h3>
      <p className="mt-2 text-sm text-slate-700">{ownerName ?? 'Unassigned'}</p>
      <Form method="post" preventScrollReset className="mt-3 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="owner" />
        <div>
          <label htmlFor="lead-owner" className="field-label">
            Assign to
          </label>
          <select
            id="lead-owner"
            name="ownerId"
            className="field-input"
            defaultValue={ownerId ?? ''}
          >
            <option value="">Unassigned</option>
            {ownerId && !staff.some((member) => member.id === ownerId) ? (
              // A deactivated owner stays chosen until someone else is.
              <option value={ownerId}>{`${ownerName ?? 'Former staff'} (deactivated)`}</option>
            ) : null}
            {staff.map((member) => (
              <option key={member.id} value={member.id}>
                {optionLabel(member, today)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-secondary">
          Reassign
        </button>
      </Form>
    </section>
  )
}
