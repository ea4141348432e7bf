import { describe, expect, it } from 'vitest'
import { pairLanguageChoices } from '../../domain/language-pairs'
import { companyLanguages } from '../../domain/languages'
import {
  availabilitySchema,
  contactDetailsSchema,
  languagePairsSchema,
  profileChangeSchema,
  timeOffSchema,
  TIME_ZONE_MESSAGE,
  TRAVEL_RADIUS_MESSAGE,
  UNKNOWN_LANGUAGE_MESSAGE,
  workPreferencesSchema,
} from './profile'

/** The message of each field the parse refused, by its path (`ranges.0.end`). */
function errorsOf(result: {
  success: boolean
  error?: { issues: { path: PropertyKey[]; message: string }[] }
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  )
}

describe('the profile forms', () => {
  it('accept a known IANA time zone and refuse anything else', () => {
    const contact = { phone: '+1 512 555 0100', timeZone: 'Asia/Kolkata' }
    expect(contactDetailsSchema.safeParse(contact).success).toBe(true)
    expect(contactDetailsSchema.safeParse({ ...contact, timeZone: 'UTC' }).success).toBe(true)
    expect(contactDetailsSchema.safeParse({ ...contact, timeZone: 'Asia/Calcutta' }).success).toBe(
      true,
    )
    for (const timeZone of ['Mars/Olympus_Mons', 'EST5EDT; DROP TABLE', '+05:30', 'EST', ''])
      expect(errorsOf(contactDetailsSchema.safeParse({ ...contact, timeZone }))).toEqual({
        timeZone: TIME_ZONE_MESSAGE,
      })
  })

  it('take a travel radius of whole miles from 0 to 500, required for on-site work', () => {
    expect(workPreferencesSchema.safeParse({ travelRadiusMiles: 0 }).success).toBe(true)
    expect(workPreferencesSchema.safeParse({ travelRadiusMiles: 500 }).success).toBe(true)
    for (const travelRadiusMiles of [-1, 501, 12.5, Number.NaN])
      expect(errorsOf(workPreferencesSchema.safeParse({ travelRadiusMiles }))).toEqual({
        travelRadiusMiles: TRAVEL_RADIUS_MESSAGE,
      })
    expect(errorsOf(workPreferencesSchema.safeParse({ modalities: ['on_site'] }))).toEqual({
      travelRadiusMiles: 'Please enter how far you travel for on-site work.',
    })
    expect(workPreferencesSchema.safeParse({ modalities: ['teleport'] }).success).toBe(false)
  })

  it('take languages from the list, each once, with a proficiency', () => {
    const schema = profileChangeSchema(companyLanguages)
    expect(
      schema.safeParse({ languages: [{ language: 'Spanish', proficiency: 'native' }] }).success,
    ).toBe(true)
    expect(
      errorsOf(
        schema.safeParse({
          languages: [
            { language: 'Spanish', proficiency: 'native' },
            { language: 'Klingon', proficiency: 'fluent' },
            { language: 'Spanish', proficiency: 'fluent' },
          ],
        }),
      ),
    ).toEqual({
      'languages.1.language': UNKNOWN_LANGUAGE_MESSAGE,
      'languages.2.language': 'This language is listed twice.',
    })
    expect(
      errorsOf(schema.safeParse({ languages: [{ language: 'Thai', proficiency: 'perfect' }] })),
    ).toEqual({ 'languages.0.proficiency': 'Please choose a proficiency.' })
    expect(errorsOf(schema.safeParse({}))).toEqual({
      languages: 'Please add at least one language.',
    })
    // A language the profile already has stays allowed when it is passed in.
    expect(
      profileChangeSchema([...companyLanguages, 'Ilokano']).safeParse({
        languages: [{ language: 'Ilokano', proficiency: 'native' }],
      }).success,
    ).toBe(true)
  })

  it('staff set language pairs from the choices, each once, never English', () => {
    const schema = languagePairsSchema(pairLanguageChoices(['Yoruba', 'English']))
    expect(
      schema.safeParse({ languages: [{ language: 'Yoruba' }, { language: 'Thai' }] }).success,
    ).toBe(true)
    expect(
      errorsOf(
        schema.safeParse({
          languages: [{ language: 'Thai' }, { language: 'English' }, { language: 'Thai' }],
        }),
      ),
    ).toEqual({
      'languages.1.language': UNKNOWN_LANGUAGE_MESSAGE,
      'languages.2.language': 'This language is listed twice.',
    })
    expect(errorsOf(schema.safeParse({ languages: [] }))).toEqual({
      languages: 'Please add at least one language.',
    })
    expect(
      errorsOf(
        schema.safeParse({
          languages: companyLanguages.slice(0, 21).map((language) => ({ language })),
        }),
      ),
    ).toEqual({ languages: 'Please list at most 20 languages.' })
  })

  it('refuse availability that ends before it starts or overlaps on the same day', () => {
    expect(
      availabilitySchema.safeParse({
        ranges: [
          { day: 'monday', start: '08:00', end: '12:00' },
          { day: 'monday', start: '12:00', end: '17:00' },
          { day: 'tuesday', start: '08:00', end: '12:00' },
        ],
      }).success,
    ).toBe(true)
    expect(availabilitySchema.safeParse({}).success).toBe(true)
    expect(
      errorsOf(
        availabilitySchema.safeParse({
          ranges: [
            { day: 'monday', start: '17:00', end: '08:00' },
            { day: 'friday', start: '09:00', end: '13:00' },
            { day: 'friday', start: '12:00', end: '15:00' },
          ],
        }),
      ),
    ).toEqual({
      'ranges.0.end': 'The end must be after the start.',
      'ranges.2.start': 'This overlaps another range on Friday.',
    })
    expect(
      errorsOf(
        availabilitySchema.safeParse({ ranges: [{ day: 'funday', start: '25:00', end: '10:00' }] }),
      ),
    ).toEqual({
      'ranges.0.day': 'Please choose a day.',
      'ranges.0.start': 'Please enter a time such as 08:00.',
    })
  })

  it('refuse time off that ends before it starts, and dates that do not exist', () => {
    expect(timeOffSchema.safeParse({ startsOn: '2026-06-01', endsOn: '2026-06-01' }).success).toBe(
      true,
    )
    expect(
      errorsOf(timeOffSchema.safeParse({ startsOn: '2026-06-05', endsOn: '2026-06-01' })),
    ).toEqual({ endsOn: 'The last day must be on or after the first day.' })
    expect(
      errorsOf(timeOffSchema.safeParse({ startsOn: '2026-02-31', endsOn: '2026-03-01' })),
    ).toEqual({ startsOn: 'Please enter a date.' })
  })
})
