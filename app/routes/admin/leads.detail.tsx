import { data, Form, useFetcher, useLocation, useNavigate } from 'react-router'
import { z } from 'zod'
import { PersonalDataSection } from '~/components/admin/personal-data'
import { RecordHistory, StaffNotes } from '~/components/admin/record-history'
import { RouteDialog } from '~/components/admin/route-dialog'
import { RowAction } from '~/components/ui/row-action'
import { StatusBadge } from '~/components/admin/status-badge'
import { replyDraftHref } from '~/lib/admin/mail-draft'
import { requireAdmin } from '~/auth/session.server'
import { requireUuidParam } from '~/lib/http/params'
import { formatDateTime } from '~/domain/format'
import { dataWithToast, redirectWithToast } from '~/lib/toast.server'
import { addStaffNote, historyOf, notesOf } from '~/models/audit.server'
import { getLead } from '~/models/leads/rows.server'
import { recordLeadReply, setLeadStatus } from '~/models/leads/status.server'
import {
  leadStaff,
  LeadRuleError,
  officeToday,
  ownerNames,
  setLeadOwner,
} from '~/models/leads/owners.server'
import { LeadOwnerSection } from '~/components/admin/lead-owner'
import { LeadResponseBadge } from '~/components/admin/lead-response'
import { now } from '~/platform/clock.server'
import { inviteClientFromRequest, portalStateOfRequester } from '~/models/organizations.server'
import { withdrawInvitation } from '~/models/client-invitations.server'
import { requestInviteSchema } from '~/lib/validation/organization'
import type { Route } from './+types/leads.detail'
import { notFound } from '~/lib/http/responses'
import { ERASE_INTENT } from '~/lib/admin/erase-intent'
import { erasePersonalData } from './+shared/erase-personal-data.server'

const intentSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('status'), status: z.enum(['contacted', 'closed']) }),
  z.object({ intent: z.literal('reply') }),
  z.object({ intent: z.literal('owner'), ownerId: z.union([z.uuid(), z.literal('')]) }),
  z.object({
    intent: z.literal('note'),
    body: z.string().trim().min(1, 'Please write a note.').max(5000),
  }),
  z.object({ intent: z.literal('invite') }).extend(requestInviteSchema.shape),
  z.object({ intent: z.literal('withdraw-invitation'), invitationId: z.uuid() }),
])

const OTHER_ROLE_REFUSAL =
  'This address belongs to a staff or interpreter account: no client account was made.'

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  const lead = await getLead(requireUuidParam(params, 'requestId'))
  if (!lead) throw notFound()
  const [notes, history, portal, staff, owners] = await Promise.all([
    notesOf('client_request', lead.id),
    historyOf('client_request', lead.id),
    portalStateOfRequester(lead.email),
    leadStaff(),
    ownerNames([lead.ownerId]),
  ])
  const ownerName = lead.ownerId ? (owners[lead.ownerId] ?? null) : null
  const owner = { staff, name: ownerName, today: officeToday() }
  return { lead, notes, history, portal, owner, now: now() }
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const requestId = requireUuidParam(params, 'requestId')
  const form = Object.fromEntries(await request.formData())
  const actor = admin.actor
  const listUrl = `/admin/clients${withoutEraseStep(new URL(request.url).search)}`
  if (form.intent === ERASE_INTENT)
    return erasePersonalData(await getLead(requestId), actor, listUrl)
  const parsed = intentSchema.safeParse(form)
  if (!parsed.success)
    return data({ error: parsed.error.issues[0]?.message ?? 'Invalid request.' }, { status: 400 })
  const input = parsed.data
  if (input.intent === 'note') {
    if (!(await getLead(requestId))) throw notFound()
    await addStaffNote('client_request', requestId, input.body, actor)
    return dataWithToast({ error: null }, 'Note added.')
  }
  if (input.intent === 'invite') {
    const outcome = await inviteClientFromRequest(requestId, input.role, actor)
    if (outcome === 'missing') throw notFound()
    if (outcome.state === 'other-role') return data({ error: OTHER_ROLE_REFUSAL }, { status: 409 })
    return dataWithToast(
      { error: null },
      outcome.state === 'invited'
        ? 'Portal invitation sent.'
        : 'This person already uses the client portal.',
    )
  }
  if (input.intent === 'withdraw-invitation') {
    const outcome = await withdrawInvitation(input.invitationId, 'staff', actor)
    if (outcome === 'missing') throw notFound()
    if (outcome === 'not-pending')
      return data(
        { error: 'This invitation was already accepted, withdrawn or has expired.' },
        { status: 409 },
      )
    return dataWithToast({ error: null }, 'Invitation withdrawn: its link no longer works.')
  }
  if (input.intent === 'owner') {
    try {
      const updated = await setLeadOwner(requestId, input.ownerId || null, actor)
      if (!updated) throw notFound()
    } catch (error) {
      if (!(error instanceof LeadRuleError)) throw error
      return data({ error: error.message }, { status: 400 })
    }
    return dataWithToast({ error: null }, 'Owner changed.')
  }
  if (input.intent === 'reply') {
    const current = await getLead(requestId)
    if (!current || !(await recordLeadReply(current.id, actor))) throw notFound()
    if (current.status === 'new') await setLeadStatus(current.id, 'contacted', actor)
    throw redirectWithToast(listUrl, `Reply to ${current.name} opened in your e-mail program.`)
  }
  const updated = await setLeadStatus(requestId, input.status, actor)
  if (!updated) throw notFound()
  throw redirectWithToast(
    listUrl,
    input.status === 'contacted'
      ? `${updated.name} marked as contacted.`
      : `Request from ${updated.name} closed.`,
  )
}

/** The list's search without the dialog's erasure step. */
function withoutEraseStep(search: string) {
  const params = new URLSearchParams(search)
  params.delete('erase')
  return params.size ? `?${params}` : ''
}

export default function LeadDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, notes, history, portal, owner } = loaderData
  const location = useLocation()
  const navigate = useNavigate()
  const replyFetcher = useFetcher()
  const search = withoutEraseStep(location.search)
  const listUrl = `/admin/clients${search}`
  const eraseParams = new URLSearchParams(search)
  eraseParams.set('erase', '1')
  const details: [string, string][] = [
    ['Email', lead.email],
    ['Phone', lead.phone ?? 'Not given'],
    ['Company', lead.company],
    ['Type', lead.type === 'demo' ? 'Demo request' : 'Contact form'],
    ['Received', formatDateTime(lead.createdAt)],
    ['Updated', formatDateTime(lead.updatedAt)],
    ...(lead.responseDueAt && !lead.firstResponseAt
      ? ([['Answer by', formatDateTime(lead.responseDueAt)]] as [string, string][])
      : []),
  ]
  return (
    <RouteDialog title={`Request from ${lead.name}`} closeTo={listUrl} wide>
      <div className="flex items-center gap-3">
        <span className="text-sm text-slate-600">Status</span>
        <StatusBadge status={lead.status} />
        <LeadResponseBadge clock={lead} now={loaderData.now} />
      </div>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[8rem_1fr]">
        {details.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="wrap-anywhere text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-6 text-sm font-semibold text-slate-900">Message</h3>
      <p className="mt-2 rounded-md bg-slate-50 p-3 text-sm whitespace-pre-wrap text-slate-800">
        {lead.message}
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="status" value="contacted" />
          <button type="submit" className="btn-primary">
            Mark as Contacted
          </button>
        </Form>
        <a
          href={replyDraftHref(lead)}
          className="btn-secondary"
          onClick={() => {
            // The draft opens in the mail program; the request is recorded as replied to.
            replyFetcher.submit({ intent: 'reply' }, { method: 'post' })
            void navigate(listUrl, { preventScrollReset: true })
          }}
        >
          Reply via Email
        </a>
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="status" value="closed" />
          <button type="submit" className="btn-secondary">
            Close Request
          </button>
        </Form>
      </div>
      <LeadOwnerSection
        ownerId={lead.ownerId}
        ownerName={owner.name}
        staff={owner.staff}
        today={owner.today}
      />
      <ClientPortalSection portal={portal} company={lead.company} />
      <PersonalDataSection
        email={lead.email}
        confirming={new URLSearchParams(location.search).has('erase')}
        confirmHref={`?${eraseParams}#personal-data-heading`}
        cancelHref={`/admin/clients/${lead.id}${search}`}
      />
      <StaffNotes notes={notes} error={actionData?.error ?? null} />
      <RecordHistory entries={history} />
    </RouteDialog>
  )
}

const portalTexts = {
  none: 'No client portal account yet.',
  invited: 'Invited: the client has not chosen a password yet.',
  active: 'Active: the client uses the portal.',
  'other-role': 'This address belongs to a staff or interpreter account.',
} as const

/**
 * "Invite to portal": an account for the person who wrote, in the organization named by the
 * request's company (made, or joined when it exists), with the role staff choose.
 */
function ClientPortalSection({
  portal,
  company,
}: {
  portal: {
    state: keyof typeof portalTexts
    organizationName?: string | null
    invitations: { id: string; organizationName: string; expiresAt: Date }[]
  }
  company: string
}) {
  return (
    <section aria-labelledby="client-portal-heading" className="mt-6">
      <h3 id="client-portal-heading" className="text-sm font-semibold text-slate-900">
        Client portal
      </h3>
      <p className="mt-2 text-sm text-slate-700">
        {portalTexts[portal.state]}
        {portal.organizationName ? ` Organization: ${portal.organizationName}.` : ''}
      </p>
      {portal.invitations.length > 0 ? (
        <ul className="mt-2 space-y-2 text-sm text-slate-700">
          {portal.invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center gap-3">
              <span>
                Invitation to {invitation.organizationName}, valid until{' '}
                {formatDateTime(invitation.expiresAt)}.
              </span>
              <RowAction
                intent="withdraw-invitation"
                field="invitationId"
                value={invitation.id}
                label="Withdraw"
                accessibleName={`Withdraw the invitation to ${invitation.organizationName}`}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {portal.state === 'none' || portal.state === 'invited' ? (
        <Form method="post" preventScrollReset className="mt-3 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="invite" />
          <div>
            <label htmlFor="portal-role" className="field-label">
              Role in {company}
            </label>
            <select id="portal-role" name="role" className="field-input" defaultValue="manager">
              <option value="manager">Manager: every request, and the users</option>
              <option value="requester">Requester: their own requests</option>
            </select>
          </div>
          <button type="submit" className="btn-secondary">
            Invite to portal
          </button>
        </Form>
      ) : null}
    </section>
  )
}
