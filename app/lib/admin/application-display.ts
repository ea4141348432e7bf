import {
  englishLevelChoices,
  experienceChoices,
  jobPostingExperienceChoices,
  jobPostingPayChoices,
  labelOf,
  payPerMinuteChoices,
  specializationChoices,
  weeklyAvailabilityChoices,
} from '~/content/application-options'

// The job-posting form and the full form have different option lists; a stored value is
// shown with the label of whichever list it comes from.
export const experienceLabel = (value: string | null | undefined) =>
  value ? labelOf([...experienceChoices, ...jobPostingExperienceChoices], value) : 'Not given'

export const payLabel = (value: string) =>
  `${labelOf([...payPerMinuteChoices, ...jobPostingPayChoices], value)} per minute (USD)`

export const englishLevelLabel = (value: string | null | undefined) =>
  value ? labelOf(englishLevelChoices, value) : 'Not given'

export const availabilityLabel = (value: string | null | undefined) =>
  value ? `${labelOf(weeklyAvailabilityChoices, value)} per week` : 'Not given'

export const specializationsLabel = (values: readonly string[]) =>
  values.length
    ? values.map((value) => labelOf(specializationChoices, value)).join(', ')
    : 'None given'
