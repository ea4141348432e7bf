import { useNavigation } from 'react-router'
import {
  ProfileAvailabilityForm,
  ProfileTimeOff,
} from '~/components/interpreter/profile-availability'
import { ProfileContactForm } from '~/components/interpreter/profile-contact-form'
import { ProfileLanguages } from '~/components/interpreter/profile-languages'
import { ProfileSection } from '~/components/interpreter/profile-section'
import { ProfileWorkForm } from '~/components/interpreter/profile-work-form'
import { timeZoneOptions, timeZoneWithName, todayIn } from '~/domain/availability'
import { requireUser } from '~/auth/session.server'
import { formConstraint } from '~/lib/forms/form-constraint.server'
import { seoMeta } from '~/lib/seo/meta'
import {
  availabilitySchema,
  contactDetailsSchema,
  profileChangeSchema,
  timeOffSchema,
  workPreferencesSchema,
} from '~/lib/validation/profile'
import { availabilityOf, timeOffOf } from '~/models/interpreter-availability.server'
import { findProfileOfUser } from '~/models/interpreter-profiles.server'
import { approvedLanguages, pendingChangeOf } from '~/models/profile-changes.server'
import { now } from '~/platform/clock.server'
import { formatDay, languageOptions, profileAction, type ProfileIntent } from './profile.server'
import type { Route } from './+types/profile'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Profile',
      description: 'Your contact details, languages, availability and time off.',
      path: '/interpreter/profile',
      noindex: true,
    },
    matches,
  )

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, { role: 'interpreter' })
  const profile = await findProfileOfUser(user.id)
  if (!profile) return { email: user.email, profile: null }
  const [availability, timeOff, pending] = await Promise.all([
    availabilityOf(profile.id),
    timeOffOf(profile.id),
    pendingChangeOf(profile.id),
  ])
  const today = todayIn(profile.timeZone, now())
  return {
    email: user.email,
    profile: {
      contact: {
        phone: profile.phone,
        address: profile.address ?? '',
        city: profile.city ?? '',
        state: profile.state ?? '',
        zipCode: profile.zipCode ?? '',
        timeZone: profile.timeZone,
      },
      timeZoneName: timeZoneWithName(profile.timeZone),
      work: {
        modalities: profile.modalities,
        travelRadiusMiles: profile.travelRadiusMiles?.toString() ?? '',
        gender: profile.gender ?? '',
      },
      approved: { languages: approvedLanguages(profile), specializations: profile.specializations },
    },
    pending,
    availability,
    timeOff: timeOff
      .filter((period) => period.endsOn >= today)
      .map((period) => ({
        ...period,
        label:
          period.startsOn === period.endsOn
            ? formatDay(period.startsOn)
            : `${formatDay(period.startsOn)} to ${formatDay(period.endsOn)}`,
      })),
    languageOptions: languageOptions(profile),
    timeZoneOptions: timeZoneOptions(profile.timeZone),
    constraints: {
      contact: formConstraint(contactDetailsSchema),
      work: formConstraint(workPreferencesSchema),
      languages: formConstraint(profileChangeSchema([])),
      availability: formConstraint(availabilitySchema),
      timeOff: formConstraint(timeOffSchema),
    },
  }
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, { role: 'interpreter' })
  return profileAction(request, user)
}

export default function InterpreterProfile({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  /** What a form shows of the last submission: the server's answer when it was the one sent. */
  const formState = (intent: ProfileIntent, alsoNoticeOf?: ProfileIntent) => {
    const answer = actionData?.intent === intent ? actionData : undefined
    const other = actionData?.intent === alsoNoticeOf ? actionData : undefined
    return {
      lastResult: answer?.result,
      notice: answer?.notice ?? other?.notice,
      submitting:
        navigation.state === 'submitting' && navigation.formData?.get('intent') === intent,
    }
  }
  if (!loaderData.profile)
    return (
      <div className="mx-auto max-w-4xl">
        <h1 className="text-2xl font-bold text-slate-900">Profile</h1>
        <p className="mt-2 text-slate-700">
          Your profile is made from your approved application, and this account has none yet. Please
          contact our team.
        </p>
      </div>
    )
  const { profile, constraints } = loaderData
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Profile</h1>
        <p className="mt-1 text-slate-600">
          What we use to offer you assignments. Contact details, how you work and your hours count
          at once; languages and specializations after our team approves them.
        </p>
      </div>
      <ProfileSection
        id="contact"
        title="Contact details"
        description={`Time zone: ${profile.timeZoneName}`}
      >
        <ProfileContactForm
          email={loaderData.email}
          saved={profile.contact}
          timeZoneOptions={loaderData.timeZoneOptions}
          constraint={constraints.contact}
          {...formState('contact')}
        />
      </ProfileSection>
      <ProfileSection id="languages" title="Languages and specializations">
        <ProfileLanguages
          approved={profile.approved}
          pending={loaderData.pending}
          languageOptions={loaderData.languageOptions}
          constraint={constraints.languages}
          {...formState('languages', 'withdraw-change')}
        />
      </ProfileSection>
      <ProfileSection id="work" title="How you work">
        <ProfileWorkForm
          saved={profile.work}
          constraint={constraints.work}
          {...formState('work')}
        />
      </ProfileSection>
      <ProfileSection id="availability" title="Weekly availability">
        <ProfileAvailabilityForm
          saved={loaderData.availability}
          timeZone={profile.timeZoneName}
          constraint={constraints.availability}
          {...formState('availability')}
        />
      </ProfileSection>
      <ProfileSection
        id="time-off"
        title="Time off"
        description="Days you cannot take assignments."
      >
        <ProfileTimeOff
          periods={loaderData.timeOff}
          constraint={constraints.timeOff}
          {...formState('add-time-off', 'remove-time-off')}
        />
      </ProfileSection>
    </div>
  )
}
