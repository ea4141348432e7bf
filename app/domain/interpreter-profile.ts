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

/**
 * An interpreter's gender, as they state it on their profile (optional). Used only when a
 * client asks for an interpreter of a given gender (docs/product.md#bookings).
 */
export const interpreterGenders = [
  { value: 'woman', label: 'Woman' },
  { value: 'man', label: 'Man' },
  { value: 'non_binary', label: 'Non-binary' },
] as const
export type InterpreterGender = (typeof interpreterGenders)[number]['value']
export const interpreterGenderValues = interpreterGenders.map((entry) => entry.value) as [
  InterpreterGender,
  ...InterpreterGender[],
]

/** What a booking may ask for: a woman or a man (a patient's or a family's wish). */
export const requestedGenders = interpreterGenders.filter(
  (entry) => entry.value !== 'non_binary',
) as readonly { value: 'woman' | 'man'; label: string }[]
export type RequestedGender = 'woman' | 'man'

export function requestedGenderLabel(gender: RequestedGender | null): string {
  return requestedGenders.find((entry) => entry.value === gender)?.label ?? 'No preference'
}
