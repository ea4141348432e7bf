import { BookOpen, FileText, Link2, Video } from 'lucide-react'
import { resourceTypeLabels, type ResourceType } from '~/domain/resources'
import { ToneBadge } from '~/components/ui/tone-badge'

const badgeClasses: Record<ResourceType, string> = {
  document: 'bg-blue-100 text-blue-900 ring-blue-300',
  video: 'bg-purple-100 text-purple-900 ring-purple-300',
  guide: 'bg-green-100 text-green-900 ring-green-300',
}

export function ResourceTypeBadge({ type }: { type: ResourceType }) {
  return <ToneBadge colours={badgeClasses[type]}>{resourceTypeLabels[type]}</ToneBadge>
}

/** The list's type icon; a link resource shows a link. Decorative: the badge says the type. */
export function ResourceTypeIcon({ type, isLink }: { type: ResourceType; isLink: boolean }) {
  const Icon = isLink ? Link2 : type === 'video' ? Video : type === 'guide' ? BookOpen : FileText
  return (
    <span className="rounded-md bg-brand-50 p-2 text-brand-700">
      <Icon aria-hidden="true" className="size-5" />
    </span>
  )
}
