import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  auditLog,
  interpreterApplications,
  interpreterDocuments,
  interpreterProfiles,
  mailOutbox,
  storedFiles,
  users,
} from '../../db/schema'
import { isEnglish } from '../../app/domain/language-pairs'
import { decideApplication } from '../../app/models/interpreter-applications/review.server'
import { setLanguagePairs } from '../../app/models/language-pairs.server'
import { reviewDocument, uploadDocument } from '../../app/models/onboarding/documents.server'
import { loadOnboardingFacts } from '../../app/models/onboarding/progress.server'
import { pdfDocument } from '../support/document-fixtures'
import { databaseAt, migrationBefore } from '../support/migration-database'
import { createApplicant, createStaffActor, emptyTables } from '../support/people-fixtures'
import { testRuntimeFor } from '../support/test-runtime'
import { testDatabaseKinds } from '../support/test-database'

describe.each(testDatabaseKinds())('language pairs of interpreter profiles on %s', (kind) => {
  let actor: { id: string; name: string }
  const test = testRuntimeFor(kind)
  beforeEach(async () => {
    await emptyTables(test.db, [
      interpreterDocuments,
      interpreterProfiles,
      interpreterApplications,
      storedFiles,
      mailOutbox,
      auditLog,
      users,
    ])
    actor = await createStaffActor()
  })

  const profileOf = async (applicationId: string) =>
    (
      await test.db
        .select()
        .from(interpreterProfiles)
        .where(eq(interpreterProfiles.applicationId, applicationId))
    )[0]!

  async function approve(email: string, languages: string[]) {
    const applicationId = await createApplicant(test.db, { firstName: 'Ana', email, languages })
    expect(await decideApplication(applicationId, 'approved', { sendEmail: false }, actor)).toBe(
      'decided',
    )
    return { applicationId, profile: await profileOf(applicationId) }
  }

  // Each case's languages as its application flow stores them
  // (app/routes/careers/+shared/application-action.server.ts).
  it.each([
    [
      'a job posting: its language and English, then the native language typed',
      ['Chinese (Mandarin)', 'English', 'mandarin'],
      ['Mandarin'],
    ],
    [
      'the apply page: the posting named, what was typed, English for a fluent speaker',
      ['Khmer', 'English', 'Thai', 'Spanish-English', 'English'],
      ['Khmer (Cambodian)', 'Thai', 'Spanish'],
    ],
    [
      'a language page: its language, the fluent languages typed, English',
      ['Korean', 'Japanese', 'korean', 'English (native)', 'none', 'English'],
      ['Korean', 'Japanese'],
    ],
    ['the general page, with English only', ['English'], []],
  ])(
    'approving %s gives the profile each language paired with English',
    async (_, given, pairs) => {
      const { applicationId, profile } = await approve('ana@example.org', given)
      expect(profile.languages).toEqual(pairs)
      // The Language proficiency step asks for a certificate of exactly these.
      const facts = await loadOnboardingFacts([applicationId])
      expect(facts.get(applicationId)?.languages).toEqual(pairs)
    },
  )

  it('an approved application without a profile asks for certificates of its pairs, not of English', async () => {
    // The address belongs to a staff account: approval makes no profile.
    await createStaffActor('cleo@example.org')
    const applicationId = await createApplicant(test.db, {
      firstName: 'Cleo',
      email: 'cleo@example.org',
      languages: ['Greek', 'English', 'greek-english'],
    })
    await decideApplication(applicationId, 'approved', { sendEmail: false }, actor)
    expect(await test.db.select().from(interpreterProfiles)).toHaveLength(0)
    const facts = await loadOnboardingFacts([applicationId])
    expect(facts.get(applicationId)?.languages).toEqual(['Greek'])
  })

  it('staff set the pairs: saved, audited, proficiency of a kept language kept, progress follows', async () => {
    const { applicationId, profile } = await approve('ben@example.org', ['Spanish', 'English'])
    await test.db
      .update(interpreterProfiles)
      .set({ languageProficiency: { Spanish: 'native' } })
      .where(eq(interpreterProfiles.id, profile.id))
    const documentId = await uploadDocument(
      {
        applicationId,
        step: 'language_proficiency',
        language: 'Spanish',
        issuedOn: '2026-06-01',
        expiresOn: null,
        file: {
          bytes: pdfDocument('Spanish certificate'),
          mediaType: 'application/pdf',
          extension: 'pdf',
          originalName: 'spanish.pdf',
        },
      },
      actor,
    )
    await reviewDocument(documentId, { decision: 'accept' }, actor)
    const progress = async () =>
      (
        await test.db
          .select({ progress: interpreterApplications.onboardingProgress })
          .from(interpreterApplications)
          .where(eq(interpreterApplications.id, applicationId))
      )[0]!.progress
    expect(await progress()).toBe(1)

    expect(await setLanguagePairs(profile.id, ['Spanish', 'Korean'], actor)).toBe('saved')
    const saved = await profileOf(applicationId)
    expect(saved.languages).toEqual(['Spanish', 'Korean'])
    expect(saved.languageProficiency).toEqual({ Spanish: 'native' })
    // Korean has no certificate yet: the step is open again.
    expect(await progress()).toBe(0)
    const [entry] = await test.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'set_language_pairs'))
    expect(entry).toMatchObject({
      actorName: actor.name,
      entityType: 'interpreter_profile',
      entityId: profile.id,
      before: { languages: ['Spanish'] },
      after: { languages: ['Spanish', 'Korean'] },
    })

    expect(await setLanguagePairs(profile.id, ['Korean'], actor)).toBe('saved')
    expect((await profileOf(applicationId)).languageProficiency).toEqual({})
    expect(await setLanguagePairs(profile.id, ['Korean'], actor)).toBe('unchanged')
    expect(await setLanguagePairs('00000000-0000-4000-8000-000000000000', ['Korean'], actor)).toBe(
      'missing',
    )
    expect(
      await test.db.select().from(auditLog).where(eq(auditLog.action, 'set_language_pairs')),
    ).toHaveLength(2)
  })
})

describe('0032_language_pairs_without_english', { timeout: 120_000 }, () => {
  it('takes English off every profile that has another pair, with its proficiency', async () => {
    const tag = '0032_language_pairs_without_english'
    const database = await databaseAt(migrationBefore(tag))
    const profiles: [string[], Record<string, string>][] = [
      [['English', 'Spanish'], { English: 'native', Spanish: 'fluent' }],
      [['Korean', 'english ', 'Japanese', 'English (native)', 'US English'], { Korean: 'native' }],
      [['English'], { English: 'native' }],
      [['Greek'], {}],
      [['Serbo-Croatian', 'Englisch', 'English-Spanish'], {}],
      [[], {}],
    ]
    const values = profiles.map(([languages, levels], index) => {
      const n = String(index + 1).padStart(2, '0')
      const list = `array[${languages.map((l) => `'${l}'`).join(',')}]::text[]`
      return {
        user: `('00000000-0000-4000-8000-0000000000${n}', 'p${n}@example.org', 'P${n}', 'interpreter', 'x')`,
        profile: `('10000000-0000-4000-8000-0000000000${n}', '00000000-0000-4000-8000-0000000000${n}', 'P', '${n}', '+1 512 555 0100', ${list}, '${JSON.stringify(levels)}'::jsonb, '3-5')`,
      }
    })
    await database.client.exec(`
      insert into users (id, email, name, role, password_hash) values
        ${values.map((value) => value.user).join(',\n')};
      insert into interpreter_profiles (id, user_id, first_name, last_name, phone, languages, language_proficiency, interpreting_experience) values
        ${values.map((value) => value.profile).join(',\n')};`)

    await database.migrateToLatest()

    const rows = await database.rows<{
      languages: string[]
      language_proficiency: Record<string, string>
    }>('select languages, language_proficiency from interpreter_profiles order by id')
    expect(rows).toEqual([
      { languages: ['Spanish'], language_proficiency: { Spanish: 'fluent' } },
      { languages: ['Korean', 'Japanese'], language_proficiency: { Korean: 'native' } },
      // English alone stays, for staff to set the pairs.
      { languages: ['English'], language_proficiency: { English: 'native' } },
      { languages: ['Greek'], language_proficiency: {} },
      { languages: ['Serbo-Croatian', 'Englisch', 'English-Spanish'], language_proficiency: {} },
      { languages: [], language_proficiency: {} },
    ])
    // The migration's pattern and the code's agree on what is English.
    for (const [languages] of profiles)
      for (const language of languages) {
        const [row] = await database.rows<{ english: boolean }>(
          `select '${language}' ~* '^\\s*((american|british|us|u\\.s\\.|uk)\\s+)?english\\s*(\\([^)]*\\))?\\s*$' as english`,
        )
        expect(row?.english, language).toBe(isEnglish(language))
      }
    await database.client.close()
  })
})
