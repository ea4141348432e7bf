import { AlertTriangle } from 'lucide-react'
import { useId } from 'react'
import { Link } from 'react-router'
import { resourceAudienceLabels } from '~/domain/resources'

/**
 * Shown to staff while no contractor agreement is published: interpreters cannot take their
 * first onboarding step until there is one (docs/product.md#interpreter-portal). On the
 * dashboard, the Interpreter manager and one interpreter's onboarding; nothing otherwise.
 */
export function AgreementMissingNotice({
  notice,
  className = 'mt-6',
}: {
  notice: { waiting: number } | null
  className?: string
}) {
  const headingId = useId()
  if (!notice) return null
  const { waiting } = notice
  return (
    <section
      aria-labelledby={headingId}
      className={`${className} rounded-lg bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-300`}
    >
      <p id={headingId} className="flex items-center gap-2 text-base font-semibold">
        <AlertTriangle aria-hidden="true" className="size-5 shrink-0" />
        No contractor agreement is published
      </p>
      <p className="mt-1">
        Interpreters cannot sign step 1 of onboarding, the contractor agreement, until it is
        published
        {waiting > 0
          ? ` (${waiting} ${waiting === 1 ? 'interpreter is' : 'interpreters are'} waiting)`
          : ''}
        . In Resources, add the agreement, press its Audience button and choose &ldquo;
        {resourceAudienceLabels.agreement}&rdquo;. Every interpreter waiting is e-mailed once it is
        published.
      </p>
      <p className="mt-2">
        <Link to="/admin/resources" className="font-semibold underline">
          Publish the contractor agreement in Resources
        </Link>
      </p>
    </section>
  )
}
