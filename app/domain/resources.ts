/**
 * Resource types (docs/product.md#entities); the form's default is document
 * (docs/product.md#validation).
 */
export const resourceTypes = ['document', 'video', 'guide'] as const
export type ResourceType = (typeof resourceTypes)[number]

export const resourceTypeLabels: Record<ResourceType, string> = {
  document: 'Document',
  video: 'Video',
  guide: 'Guide',
}

const MiB = 1024 * 1024

/** Upload guidelines: documents up to 10MB, videos up to 100MB (docs/product.md#resources). */
export const DOCUMENT_MAX_BYTES = 10 * MiB
export const VIDEO_MAX_BYTES = 100 * MiB

/** Which kind of file each resource type takes: guides are documents too. */
export const fileKindOf: Record<ResourceType, 'document' | 'video'> = {
  document: 'document',
  video: 'video',
  guide: 'document',
}

/** What the file pickers offer; the server checks the content itself. */
export const resourceFileAccept =
  '.pdf,.doc,.docx,.mp4,.avi,.mov,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document,video/mp4,video/x-msvideo,video/quicktime'

/** The upload guidelines shown beside the form (docs/product.md#resources). */
export const uploadGuidelines = [
  { label: 'Documents', detail: 'PDF, DOC, DOCX (max 10MB)' },
  { label: 'Videos', detail: 'MP4, AVI, MOV (max 100MB)' },
  { label: 'Guides', detail: 'PDF, DOC, DOCX (max 10MB), or a link' },
  { label: 'Links', detail: 'Web addresses starting with http:// or https://' },
] as const

/**
 * Who sees a resource besides staff (docs/product.md#interpreter-portal): staff only,
 * interpreters, interpreters with required reading, which each interpreter acknowledges
 * (again for every new version), or the contractor agreement, which interpreters sign in
 * onboarding with their typed name (one resource at a time).
 */
export const resourceAudiences = ['staff', 'interpreters', 'required', 'agreement'] as const
export type ResourceAudience = (typeof resourceAudiences)[number]

export const resourceAudienceLabels: Record<ResourceAudience, string> = {
  staff: 'Staff only',
  interpreters: 'Interpreters',
  required: 'Interpreters, required reading',
  agreement: 'Interpreters, the contractor agreement they sign in onboarding',
}

/** Audiences whose every version each interpreter acknowledges (the agreement by signing it). */
export function isAcknowledged(audience: ResourceAudience): boolean {
  return audience === 'required' || audience === 'agreement'
}
