import { beforeEach, describe, expect, it } from 'vitest'
import { auditLog, resourceAcknowledgements, resources, storedFiles, users } from '../../db/schema'
import { setClock } from '../../app/platform/clock.server'
import {
  acknowledgeResource,
  acknowledgementCounts,
  acknowledgementsOf,
  createResource,
  getInterpreterResource,
  listInterpreterResources,
  publishNewVersion,
  setResourceAudience,
} from '../../app/models/resources.server'
import { createUser, setUserActive } from '../../app/models/users.server'
import { createStaffActor, emptyTables } from '../support/people-fixtures'
import { testRuntimeFor } from '../support/test-runtime'
import { testDatabaseKinds } from '../support/test-database'

describe.each(testDatabaseKinds())('resources for interpreters on %s', (kind) => {
  let actor: { id: string; name: string }
  let ivo: string
  let ina: string
  const test = testRuntimeFor(kind)
  beforeEach(async () => {
    setClock(undefined)
    await emptyTables(test.db, [resourceAcknowledgements, resources, storedFiles, auditLog, users])
    const password = 'a long enough password'
    actor = await createStaffActor()
    ivo = (await createUser({ email: 'ivo@i.example', name: 'Ivo', role: 'interpreter', password }))
      .id
    ina = (await createUser({ email: 'ina@i.example', name: 'Ina', role: 'interpreter', password }))
      .id
  })

  const addLink = (title: string) =>
    createResource({ title, type: 'guide', url: 'https://example.org/guide' }, actor)

  it('shows interpreters only what staff shared, and nothing of a staff-only resource', async () => {
    const internal = await addLink('Staff handbook')
    const shared = await addLink('Telephone etiquette')
    expect(await setResourceAudience(shared, 'interpreters', actor)).toBe(true)
    expect((await listInterpreterResources(ivo)).map((item) => item.title)).toEqual([
      'Telephone etiquette',
    ])
    expect(await getInterpreterResource(internal)).toBeUndefined()
    expect(await getInterpreterResource(shared)).toBeDefined()
    // Only required reading can be acknowledged.
    expect(await acknowledgeResource(shared, ivo)).toBe(false)
    expect(await acknowledgeResource(internal, ivo)).toBe(false)
    expect(await setResourceAudience('00000000-0000-4000-8000-000000000000', 'staff', actor)).toBe(
      false,
    )
  })

  it('records acknowledgements of required reading once, and asks again for a new version', async () => {
    const code = await addLink('Code of ethics')
    await setResourceAudience(code, 'required', actor)
    setClock(() => new Date('2026-11-20T10:00:00Z'))
    expect(await acknowledgeResource(code, ivo)).toBe(true)
    expect(await acknowledgeResource(code, ivo)).toBe(true)
    const [item] = await listInterpreterResources(ivo)
    expect(item?.acknowledgedAt?.toISOString()).toBe('2026-11-20T10:00:00.000Z')
    expect((await listInterpreterResources(ina))[0]?.acknowledgedAt).toBeNull()
    expect((await acknowledgementCounts([code])).get(code)).toBe(1)
    const status = await acknowledgementsOf(code)
    expect(status?.acknowledged.map((person) => person.name)).toEqual(['Ivo'])
    expect(status?.waiting.map((person) => person.name)).toEqual(['Ina'])

    expect(await publishNewVersion(code, actor)).toBe(2)
    expect((await listInterpreterResources(ivo))[0]?.acknowledgedAt).toBeNull()
    expect((await acknowledgementCounts([code])).get(code)).toBeUndefined()
    expect((await acknowledgementsOf(code))?.waiting).toHaveLength(2)

    // A deactivated interpreter no longer counts.
    await acknowledgeResource(code, ina)
    await setUserActive(ina, false, actor)
    expect((await acknowledgementCounts([code])).get(code)).toBeUndefined()
    expect((await acknowledgementsOf(code))?.waiting.map((person) => person.name)).toEqual(['Ivo'])
  })

  it('has no versions for resources that are not required reading', async () => {
    const shared = await addLink('Glossary')
    await setResourceAudience(shared, 'interpreters', actor)
    expect(await publishNewVersion(shared, actor)).toBeUndefined()
  })
})
