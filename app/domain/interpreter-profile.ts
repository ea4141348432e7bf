/**
 * What an interpreter offers besides languages (docs/product.md#profile): how they work and
 * how far they travel for on-site work.
 */
export const modalities = [
  { value: 'phone', label: 'Phone' },
  { value: 'video', label: 'Video remote' },
  { value: 'on_site', label: 'On-site' },
] as const

export type Modality = (typeof modalities)[number]['value']

export const modalityValues = modalities.map((entry) => entry.value) as [Modality, ...Modality[]]

export function modalityLabel(value: string): string {
  return modalities.find((entry) => entry.value === value)?.label ?? value
}

/** The farthest an on-site assignment may be, in miles. */
export const MAX_TRAVEL_RADIUS_MILES = 500

/** A change request's states; only `pending` ones wait for staff (one per profile). */
export const profileChangeStatuses = [
  'pending',
  'approved',
  'rejected',
  'withdrawn',
  'replaced',
] as const

export type ProfileChangeStatus = (typeof profileChangeStatuses)[number]
