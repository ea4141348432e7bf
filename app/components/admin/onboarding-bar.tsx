import { languagesSummary, ONBOARDING_STEP_COUNT } from '~/domain/statistics'

/** 'n/6 steps' with a bar (docs/product.md#interpreters). */
export function OnboardingBar({ progress }: { progress: number }) {
  const label = `${progress}/${ONBOARDING_STEP_COUNT} steps`
  return (
    <div className="min-w-28">
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={ONBOARDING_STEP_COUNT}
        aria-valuenow={progress}
        aria-label={`Onboarding ${label}`}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-brand-600"
          style={{ width: `${(progress / ONBOARDING_STEP_COUNT) * 100}%` }}
        />
      </div>
      <p className="mt-1 text-xs text-slate-600">{label}</p>
    </div>
  )
}

export function LanguagesCell({ languages }: { languages: readonly string[] }) {
  const { shown, more } = languagesSummary(languages)
  return (
    <div className="flex flex-wrap gap-1">
      {shown.map((language) => (
        <span key={language} className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-800">
          {language}
        </span>
      ))}
      {more > 0 ? (
        <span
          className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-600"
          title={languages.slice(2).join(', ')}
        >
          +{more}
        </span>
      ) : null}
    </div>
  )
}
