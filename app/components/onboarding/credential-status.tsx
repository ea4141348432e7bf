import type { CredentialStatus } from '~/domain/onboarding'
import type { StatusTone } from '~/domain/statuses'
import { ToneBadge } from '~/components/ui/tone-badge'

const tones: Record<CredentialStatus, StatusTone> = {
  Missing: 'grey',
  'Pending review': 'blue',
  Current: 'green',
  Expiring: 'yellow',
  Expired: 'red',
  Rejected: 'red',
}

function Badge({ label, tone }: { label: string; tone: StatusTone }) {
  return <ToneBadge tone={tone}>{label}</ToneBadge>
}

/** A credential's status, in the words both the portal and the Interpreter manager use. */
export function CredentialStatusBadge({ status }: { status: CredentialStatus }) {
  return <Badge label={status} tone={tones[status]} />
}

/** Whether a step counts: complete, waived by staff, or still to do. */
export function StepStatusBadge({ complete, waived }: { complete: boolean; waived: boolean }) {
  if (waived) return <Badge label="Waived" tone="green" />
  return complete ? <Badge label="Complete" tone="green" /> : <Badge label="To do" tone="grey" />
}
