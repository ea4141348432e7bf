import type { IconComponent } from './create-icon'
import { AwardIcon } from './award'
import { BadgeCheckIcon } from './badge-check'
import { BriefcaseIcon } from './briefcase'
import { BuildingIcon } from './building'
import { CaptionsIcon } from './captions'
import { ClipboardCheckIcon } from './clipboard-check'
import { ClockIcon } from './clock'
import { FileTextIcon } from './file-text'
import { GlobeIcon } from './globe'
import { GraduationCapIcon } from './graduation-cap'
import { HandHeartIcon } from './hand-heart'
import { HeartPulseIcon } from './heart-pulse'
import { LandmarkIcon } from './landmark'
import { LanguagesIcon } from './languages'
import { LockIcon } from './lock'
import { MicIcon } from './mic'
import { PhoneIcon } from './phone'
import { ScaleIcon } from './scale'
import { ShieldCheckIcon } from './shield-check'
import { TargetIcon } from './target'
import { UmbrellaIcon } from './umbrella'
import { UsersIcon } from './users'
import { VideoIcon } from './video'
import { ZapIcon } from './zap'

/**
 * The icons the marketing content names. Pages receive their content from loaders (plain
 * data, so the copy is not part of the page's JavaScript), which refer to icons by name;
 * the loader sends the markup of the icons the page draws (`contentIconMarkup`).
 */
export const contentIcons = {
  award: AwardIcon,
  'badge-check': BadgeCheckIcon,
  briefcase: BriefcaseIcon,
  building: BuildingIcon,
  captions: CaptionsIcon,
  'clipboard-check': ClipboardCheckIcon,
  clock: ClockIcon,
  'file-text': FileTextIcon,
  globe: GlobeIcon,
  'graduation-cap': GraduationCapIcon,
  'hand-heart': HandHeartIcon,
  'heart-pulse': HeartPulseIcon,
  landmark: LandmarkIcon,
  languages: LanguagesIcon,
  lock: LockIcon,
  mic: MicIcon,
  phone: PhoneIcon,
  scale: ScaleIcon,
  'shield-check': ShieldCheckIcon,
  target: TargetIcon,
  umbrella: UmbrellaIcon,
  users: UsersIcon,
  video: VideoIcon,
  zap: ZapIcon,
} satisfies Record<string, IconComponent>

export type ContentIconName = keyof typeof contentIcons

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')

/** The inner SVG markup of an icon, from its path data. */
function markupOf(icon: IconComponent): string {
  return icon.nodes
    .map(
      ([tag, attrs]) =>
        `<${tag} ${Object.entries(attrs)
          .map(([name, value]) => `${name}="${escapeAttribute(value)}"`)
          .join(' ')}></${tag}>`,
    )
    .join('')
}

function iconNamesIn(value: unknown, names: Set<ContentIconName>) {
  if (Array.isArray(value)) for (const item of value) iconNamesIn(item, names)
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) {
      if (key === 'icon' && typeof item === 'string' && item in contentIcons)
        names.add(item as ContentIconName)
      else iconNamesIn(item, names)
    }
}

/** The markup of every icon a page's content names (its `icon` fields), for its loader. */
export function contentIconMarkup(content: unknown): Partial<Record<ContentIconName, string>> {
  const names = new Set<ContentIconName>()
  iconNamesIn(content, names)
  return Object.fromEntries([...names].map((name) => [name, markupOf(contentIcons[name])]))
}
