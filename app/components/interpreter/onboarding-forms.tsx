import { Form, useNavigation } from 'react-router'
import { ErrorSummary } from '~/components/ui/error-summary'
import {
  CheckboxField,
  DateField,
  FileField,
  SelectField,
  TextField,
} from '~/components/ui/native-fields'
import { credentialFileAccept, type DocumentStepKey } from '~/domain/onboarding'
import type { FormConstraint } from '~/lib/forms/form-constraint'
import { useNativeForm, type FormReply } from '~/lib/forms/native-form'

/** The server's answer to one of the page's forms; only the form that sent it shows it. */
export interface OnboardingReply {
  form: 'upload' | 'sign' | 'payout'
  step?: string
  result: FormReply
  done?: string
}

function FormMessages({ errors, id, done }: { errors?: string[]; id: string; done?: string }) {
  return (
    <>
      {errors?.length ? (
        <p id={id} role="alert" className="field-error">
          {errors[0]}
        </p>
      ) : null}
      {done ? (
        <p role="status" className="text-sm font-medium text-green-800">
          {done}
        </p>
      ) : null}
    </>
  )
}

function useBusy(intent: string, step?: string) {
  const navigation = useNavigation()
  const data = navigation.formData
  return (
    navigation.state === 'submitting' &&
    (data?.get('intent') === intent || (intent === 'upload' && data?.get('step') === step))
  )
}

/**
 * Uploads one document for a step: the file (PDF, JPEG, PNG, up to 10 MB) and the dates the
 * step asks for. The language list is shown for proficiency certificates only.
 */
export function UploadDocumentForm({
  step,
  documentLabel,
  reply,
  constraint,
  languages,
  dates,
  earliestExpiry,
  today,
}: {
  step: DocumentStepKey
  documentLabel: string
  reply: OnboardingReply | undefined
  constraint: FormConstraint
  languages: string[]
  /** Which dates the form asks for: none (staff record them), or issue and expiry. */
  dates: 'none' | 'issue-and-expiry'
  earliestExpiry: string
  today: string
}) {
  const mine = reply?.form === 'upload' && reply.step === step ? reply : undefined
  const busy = useBusy('upload', step)
  const { formProps, field, summary, formErrors, formErrorId } = useNativeForm<{
    language: string
    issuedOn: string
    expiresOn: string
    file: File
  }>({
    lastResult: mine?.done ? undefined : mine?.result,
    constraint,
    labels: {
      language: 'Language',
      issuedOn: 'Issue date',
      expiresOn: 'Expiry date',
      file: documentLabel,
    },
  })
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      preventScrollReset
      {...formProps}
      aria-label={`Upload: ${documentLabel}`}
      className="mt-4 space-y-4 rounded-md bg-slate-50 p-4"
    >
      <ErrorSummary {...summary} headingLevel={3} />
      <input type="hidden" name="intent" value="upload" />
      <input type="hidden" name="step" value={step} />
      {step === 'language_proficiency' ? (
        <SelectField
          field={{ ...field('language'), required: true }}
          options={languages.map((language) => ({
            value: language,
            label: `${language} and English`,
          }))}
          placeholder="Choose a language"
        />
      ) : null}
      {dates === 'issue-and-expiry' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <DateField field={field('issuedOn')} max={today} />
          <DateField
            field={field('expiresOn')}
            min={earliestExpiry}
            hint={
              step === 'medical_training'
                ? 'Leave empty if the certificate states none: it is then valid 1 year from its issue date.'
                : 'Leave empty if the document has none.'
            }
          />
        </div>
      ) : null}
      <FileField
        field={field('file')}
        accept={credentialFileAccept}
        hint="PDF, JPEG or PNG, up to 10 MB."
      />
      <FormMessages errors={formErrors} id={formErrorId} done={mine?.done} />
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? 'Uploading...' : 'Upload document'}
      </button>
    </Form>
  )
}

/** The contractor agreement's signature: the full name typed, and the confirmation. */
export function SignAgreementForm({
  reply,
  constraint,
  agreementTitle,
}: {
  reply: OnboardingReply | undefined
  constraint: FormConstraint
  agreementTitle: string
}) {
  const mine = reply?.form === 'sign' ? reply : undefined
  const busy = useBusy('sign')
  const { formProps, field, summary, formErrors, formErrorId } = useNativeForm<{
    signedName: string
    agree: string
  }>({
    lastResult: mine?.done ? undefined : mine?.result,
    constraint,
    labels: {
      signedName: 'Your full name, as your signature',
      agree: `I have read and agree to the ${agreementTitle}`,
    },
  })
  return (
    <Form
      method="post"
      preventScrollReset
      {...formProps}
      aria-label="Sign the contractor agreement"
      className="mt-4 space-y-4 rounded-md bg-slate-50 p-4"
    >
      <ErrorSummary {...summary} headingLevel={3} />
      <input type="hidden" name="intent" value="sign" />
      <TextField field={field('signedName')} autoComplete="name" />
      <CheckboxField field={field('agree')} />
      <FormMessages errors={formErrors} id={formErrorId} done={mine?.done} />
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? 'Signing...' : 'Sign the agreement'}
      </button>
    </Form>
  )
}

/** Where the interpreter is paid; what was saved is shown masked above the form. */
export function PayoutDetailsForm({
  reply,
  constraint,
  hasDetails,
}: {
  reply: OnboardingReply | undefined
  constraint: FormConstraint
  hasDetails: boolean
}) {
  const mine = reply?.form === 'payout' ? reply : undefined
  const busy = useBusy('payout')
  const { formProps, field, summary, formErrors, formErrorId } = useNativeForm<{
    payeeName: string
    method: string
    account: string
  }>({
    lastResult: mine?.done ? undefined : mine?.result,
    constraint,
    labels: {
      payeeName: 'Payee name',
      method: 'How you are paid',
      account: 'Payout e-mail or bank reference',
    },
  })
  return (
    <Form
      method="post"
      preventScrollReset
      {...formProps}
      aria-label="Payout details"
      className="mt-4 space-y-4 rounded-md bg-slate-50 p-4"
    >
      <ErrorSummary {...summary} headingLevel={3} />
      <input type="hidden" name="intent" value="payout" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={field('payeeName')} autoComplete="name" />
        <SelectField
          field={field('method')}
          options={[
            { value: 'email', label: 'Payout e-mail' },
            { value: 'bank', label: 'Bank transfer' },
          ]}
          placeholder="Choose how you are paid"
        />
      </div>
      <TextField
        field={field('account')}
        autoComplete="off"
        hint="Shown masked once saved; we never show it in full again."
      />
      <FormMessages errors={formErrors} id={formErrorId} done={mine?.done} />
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? 'Saving...' : hasDetails ? 'Replace payout details' : 'Save payout details'}
      </button>
    </Form>
  )
}
