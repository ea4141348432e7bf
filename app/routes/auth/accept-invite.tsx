import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, useNavigation } from 'react-router'
import { AuthCard, FormMessage } from '~/components/layout/auth-card'
import { ErrorSummary } from '~/components/ui/error-summary'
import { FIRST_PASSWORD_LABELS, NewPasswordFields } from '~/components/ui/new-password-fields'
import { PasswordField } from '~/components/ui/password-field'
import { getSessionUser } from '~/auth/session.server'
import { invitationGoneMessages } from '~/lib/auth/link-messages'
import { useCompany } from '~/lib/company'
import { formConstraint } from '~/lib/forms/form-constraint.server'
import { useNativeForm, type FormReply } from '~/lib/forms/native-form'
import { seoMeta } from '~/lib/seo/meta'
import { loginSchema, setPasswordSchema } from '~/lib/validation/auth'
import { readInvitation, type InvitationPage } from '~/models/invitations.server'
import { acceptSignedIn, acceptWithPassword, statusOf } from './+shared/invitation-answers.server'
import type { Route } from './+types/accept-invite'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Accept the invitation',
      description: 'Choose your password.',
      path: '/accept-invite',
      noindex: true,
    },
    matches,
  )

const signInSchema = loginSchema.pick({ password: true })

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  const viewer = await getSessionUser(request)
  const page = await readInvitation(token, viewer?.id)
  return data(
    {
      token,
      page,
      constraint: formConstraint(setPasswordSchema),
      signInConstraint: formConstraint(signInSchema),
    },
    { status: statusOf(page) },
  )
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData()
  const token = String(formData.get('token') ?? '')
  if (formData.get('intent') === 'join') {
    const password = formData.get('password')
    return acceptSignedIn(
      token,
      typeof password === 'string' ? password : '',
      request,
      context.clientIp,
    )
  }
  const submission = parseWithZod(formData, { schema: setPasswordSchema })
  const hidden = { hideFields: ['password', 'confirmPassword'] }
  if (submission.status !== 'success')
    return data({ result: submission.reply(hidden) }, { status: 400 })
  return acceptWithPassword(token, submission.value.password, request, context.clientIp)
}

const eyebrows = {
  admin: 'Staff invitation',
  interpreter: 'Interpreter portal invitation',
  client: 'Client portal invitation',
} as const

/**
 * The invitation link's page: choose a password (a new account, or one never used), or for
 * an existing client account, accept signed in; otherwise why the link cannot be used.
 */
export default function AcceptInvitePage({ loaderData, actionData }: Route.ComponentProps) {
  const company = useCompany()
  const page = actionData && 'page' in actionData ? actionData.page : loaderData.page
  if (page.state === 'gone' || page.state === 'refused')
    return (
      <AuthCard title="Accept the invitation" companyName={company.name}>
        <FormMessage tone="error">
          {page.state === 'gone'
            ? invitationGoneMessages[page.reason]
            : `This invitation cannot be accepted with the account of this address. Please contact us at ${company.email}.`}
        </FormMessage>
        <Link to="/" className="btn-secondary mt-6 w-full">
          Back to Home
        </Link>
      </AuthCard>
    )
  if (page.state === 'join')
    return (
      <JoinOrganization
        page={page}
        token={loaderData.token}
        constraint={loaderData.signInConstraint}
        signInError={actionData && 'signInError' in actionData ? actionData.signInError : null}
      />
    )
  return (
    <ChoosePassword
      page={page}
      token={loaderData.token}
      constraint={loaderData.constraint}
      result={actionData && 'result' in actionData ? actionData.result : undefined}
    />
  )
}

/** The fields' labels, also their names in the error summary. */
const labels = FIRST_PASSWORD_LABELS

function ChoosePassword({
  page,
  token,
  constraint,
  result,
}: {
  page: Extract<InvitationPage, { state: 'choose-password' }>
  token: string
  constraint: Route.ComponentProps['loaderData']['constraint']
  result: FormReply | undefined
}) {
  const company = useCompany()
  const { formProps, field, summary, formErrors, formErrorId } = useNativeForm<typeof labels>({
    lastResult: result,
    constraint,
    labels,
  })
  return (
    <AuthCard
      eyebrow={eyebrows[page.role]}
      title="Accept the invitation"
      companyName={company.name}
    >
      <p className="text-sm text-slate-700">
        Welcome, {page.name}.{' '}
        {page.organizationName ? `You are invited to join ${page.organizationName}. ` : ''}
        Choose the password for {page.email}.
      </p>
      <Form method="post" {...formProps} className="mt-5 space-y-5">
        <ErrorSummary {...summary} />
        {formErrors?.length ? (
          <FormMessage tone="error" id={formErrorId}>
            {formErrors[0]}
          </FormMessage>
        ) : null}
        <input type="hidden" name="token" value={token} />
        <NewPasswordFields
          password={field('password')}
          confirmPassword={field('confirmPassword')}
          submitLabel="Set password and sign in"
        />
      </Form>
    </AuthCard>
  )
}

/** An existing client account joins another organization: its owner, signed in, accepts. */
function JoinOrganization({
  page,
  token,
  constraint,
  signInError,
}: {
  page: Extract<InvitationPage, { state: 'join' }>
  token: string
  constraint: Route.ComponentProps['loaderData']['signInConstraint']
  signInError: string | null
}) {
  const company = useCompany()
  const busy = useNavigation().state === 'submitting'
  const { formProps, field, summary } = useNativeForm<{ password: string }>({
    lastResult: undefined,
    constraint,
    labels: { password: 'Password' },
  })
  const moves =
    page.currentOrganizationName && page.currentOrganizationName !== page.organizationName
  return (
    <AuthCard eyebrow={eyebrows.client} title="Accept the invitation" companyName={company.name}>
      <p className="text-sm text-slate-700">
        {page.name}, you are invited to join {page.organizationName}. You already have an account
        for {page.email}
        {page.signedIn ? ', and you are signed in to it.' : ': sign in to accept.'}
      </p>
      {moves ? (
        <p className="mt-3 text-sm text-slate-700">
          Accepting moves your account from {page.currentOrganizationName} to{' '}
          {page.organizationName}: you will see {page.organizationName}’s requests instead of{' '}
          {page.currentOrganizationName}’s.
        </p>
      ) : null}
      {page.signedIn ? (
        <Form method="post" className="mt-5">
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="intent" value="join" />
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy ? 'Accepting...' : 'Accept the invitation'}
          </button>
        </Form>
      ) : (
        <Form method="post" {...formProps} className="mt-5 space-y-5">
          <ErrorSummary {...summary} />
          {signInError ? <FormMessage tone="error">{signInError}</FormMessage> : null}
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="intent" value="join" />
          <PasswordField field={field('password')} autoComplete="current-password" />
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy ? 'Signing in...' : 'Sign in and accept'}
          </button>
        </Form>
      )}
    </AuthCard>
  )
}
