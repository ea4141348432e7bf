/**
 * The six onboarding steps of an approved interpreter, in the order of
 * docs/product.md#interpreter-manager (the usual order of work); fully onboarded means six of
 * six (docs/product.md#constants).
 */
export const onboardingSteps = [
  { key: 'agreement_signed', label: 'Contractor agreement signed' },
  { key: 'background_check', label: 'Background check cleared' },
  { key: 'language_test', label: 'Language proficiency test passed' },
  { key: 'medical_terminology', label: 'Medical terminology assessment passed' },
  { key: 'orientation', label: 'Orientation completed' },
  { key: 'test_call', label: 'System and test call done' },
] as const

export type OnboardingStepKey = (typeof onboardingSteps)[number]['key']

export const onboardingStepKeys = onboardingSteps.map((step) => step.key) as [
  OnboardingStepKey,
  ...OnboardingStepKey[],
]
