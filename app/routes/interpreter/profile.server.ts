import { parseWithZod } from '@conform-to/zod/v4'
import type { SubmissionResult } from '@conform-to/react'
import { data } from 'react-router'
import { z } from 'zod'
import { pairLanguageChoices } from '~/domain/language-pairs'
import type { SessionUser } from '~/auth/session.server'
import { formatDate } from '~/domain/format'
import { notFound } from '~/lib/http/responses'
import {
  availabilitySchema,
  contactDetailsSchema,
  profileChangeSchema,
  timeOffSchema,
  workPreferencesSchema,
} from '~/lib/validation/profile'
import {
  addTimeOff,
  removeTimeOff,
  saveAvailability,
} from '~/models/interpreter-availability.server'
import {
  findProfileOfUser,
  updateContactDetails,
  updateWorkPreferences,
  type InterpreterProfile,
} from '~/models/interpreter-profiles.server'
import { requestProfileChange, withdrawProfileChange } from '~/models/profile-changes.server'

/**
 * The profile page's forms (docs/product.md#profile), told apart by `intent`. Each answers
 * with its intent, Conform's reply (field errors and what was typed) and a notice; a
 * refused form is 400 and stores nothing. Ids of another interpreter's records are 404.
 */
export type ProfileIntent =
  | 'contact'
  | 'work'
  | 'languages'
  | 'withdraw-change'
  | 'availability'
  | 'add-time-off'
  | 'remove-time-off'

export interface ProfileActionData {
  intent: ProfileIntent
  result?: SubmissionResult<string[]>
  notice?: string
}

/** What the change form may offer: the company's languages and those already approved. */
export function languageOptions(profile: InterpreterProfile): string[] {
  return pairLanguageChoices(profile.languages)
}

const idForm = (name: string) => z.object({ [name]: z.uuid() })

type Reply = ReturnType<typeof data<ProfileActionData>> | ProfileActionData

export async function profileAction(request: Request, user: SessionUser): Promise<Reply> {
  const formData = await request.formData()
  const intent = formData.get('intent')
  const actor = { id: user.id, name: user.name }
  const profile = await findProfileOfUser(user.id)
  // Nothing to change without a profile, whichever form was sent.
  if (!profile) throw notFound()

  /** Parses with the form's schema; a refusal or a list button (add, remove) answers here. */
  function parse<Schema extends z.ZodType>(form: ProfileIntent, schema: Schema) {
    const submission = parseWithZod(formData, { schema })
    if (submission.status === 'success')
      return { submission, value: submission.value as z.infer<Schema> }
    const refused = submission.status === 'error'
    return {
      answer: data<ProfileActionData>(
        { intent: form, result: submission.reply() },
        { status: refused ? 400 : 200 },
      ),
    }
  }

  switch (intent) {
    case 'contact': {
      const parsed = parse('contact', contactDetailsSchema)
      if (parsed.answer) return parsed.answer
      await updateContactDetails(actor, parsed.value)
      return { intent, result: parsed.submission.reply(), notice: 'Contact details saved.' }
    }
    case 'work': {
      const parsed = parse('work', workPreferencesSchema)
      if (parsed.answer) return parsed.answer
      await updateWorkPreferences(actor, {
        modalities: parsed.value.modalities ?? [],
        travelRadiusMiles: parsed.value.travelRadiusMiles ?? null,
        gender: parsed.value.gender ?? null,
      })
      return { intent, result: parsed.submission.reply(), notice: 'How you work is saved.' }
    }
    case 'languages': {
      const parsed = parse('languages', profileChangeSchema(languageOptions(profile)))
      if (parsed.answer) return parsed.answer
      const outcome = await requestProfileChange(actor, {
        languages: parsed.value.languages,
        specializations: parsed.value.specializations ?? [],
      })
      if (outcome === 'unchanged')
        return data<ProfileActionData>(
          {
            intent,
            result: parsed.submission.reply({
              formErrors: [
                'This is what your profile already has. To cancel a waiting request, withdraw it.',
              ],
            }),
          },
          { status: 400 },
        )
      return {
        intent,
        result: parsed.submission.reply(),
        notice: 'Your change was sent to our team for approval.',
      }
    }
    case 'withdraw-change': {
      const parsed = idForm('changeId').safeParse(Object.fromEntries(formData))
      if (!parsed.success || !(await withdrawProfileChange(actor, String(parsed.data.changeId))))
        throw notFound()
      return { intent, notice: 'Your change request was withdrawn.' }
    }
    case 'availability': {
      const parsed = parse('availability', availabilitySchema)
      if (parsed.answer) return parsed.answer
      await saveAvailability(user.id, parsed.value.ranges ?? [])
      return { intent, result: parsed.submission.reply(), notice: 'Weekly availability saved.' }
    }
    case 'add-time-off': {
      const parsed = parse('add-time-off', timeOffSchema)
      if (parsed.answer) return parsed.answer
      const added = await addTimeOff(user.id, parsed.value)
      if (added.outcome === 'added')
        return {
          intent,
          result: parsed.submission.reply({ resetForm: true }),
          notice: `Time off added: ${formatDay(parsed.value.startsOn)} to ${formatDay(parsed.value.endsOn)}.`,
        }
      if (added.outcome === 'no-profile') throw notFound()
      const fieldErrors: Record<string, string[]> =
        added.outcome === 'past'
          ? { endsOn: ['Time off must end today or later.'] }
          : {
              startsOn: [
                `This overlaps your time off from ${formatDay(added.existing.startsOn)} to ${formatDay(added.existing.endsOn)}.`,
              ],
            }
      return data<ProfileActionData>(
        { intent, result: parsed.submission.reply({ fieldErrors }) },
        { status: 400 },
      )
    }
    case 'remove-time-off': {
      const parsed = idForm('timeOffId').safeParse(Object.fromEntries(formData))
      if (!parsed.success || !(await removeTimeOff(user.id, String(parsed.data.timeOffId))))
        throw notFound()
      return { intent, notice: 'Time off removed.' }
    }
    default:
      throw data(null, { status: 400, statusText: 'Bad Request' })
  }
}

/** `2026-06-01` as the site shows dates (`06/01/2026`), without a time zone shift. */
export function formatDay(isoDate: string): string {
  return formatDate(`${isoDate}T12:00:00Z`)
}
