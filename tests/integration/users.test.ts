import { beforeAll, describe, expect, it } from 'vitest'
import { sessions, users } from '../../db/schema'
import type { UserRole } from '../../app/domain/accounts'
import { INVITED_PASSWORD_HASH, listUsers, type UserFilters } from '../../app/models/users.server'
import { emptyTables } from '../support/people-fixtures'
import { testRuntimeFor } from '../support/test-runtime'
import { testDatabaseKinds } from '../support/test-database'

// A chosen password's hash starts with the argon2 prefix; hashing one for each of 40 accounts
// would only make the test slow.
const CHOSEN = '$argon2id$v=19$m=19456,t=2,p=1$test$test'

const allUsers: UserFilters = {
  q: '',
  status: 'all',
  role: 'all',
  sort: 'name',
  direction: 'desc',
  page: 1,
}

// The admin Users screen's list (docs/product.md#users).
describe.each(testDatabaseKinds())('the Users list on %s', (kind) => {
  const test = testRuntimeFor(kind)
  beforeAll(async () => {
    await emptyTables(test.db, [sessions, users])
    const rows: (typeof users.$inferInsert)[] = []
    // 30 interpreters, Interpreter 00 to 29: more than a page.
    for (let index = 0; index < 30; index++)
      rows.push({
        name: `Interpreter ${String(index).padStart(2, '0')}`,
        email: `interpreter${index}@example.com`,
        role: 'interpreter',
        passwordHash: CHOSEN,
      })
    rows.push(
      { name: 'Ada Admin', email: 'ada@example.com', role: 'admin', passwordHash: CHOSEN },
      {
        name: 'Ben Away',
        email: 'ben@example.com',
        role: 'admin',
        passwordHash: CHOSEN,
        active: false,
      },
      {
        name: 'Cleo Client',
        email: 'cleo@clinic.example',
        role: 'client',
        passwordHash: INVITED_PASSWORD_HASH,
      },
      { name: '100% Sure', email: 'percent@example.com', role: 'client', passwordHash: CHOSEN },
    )
    await test.db.insert(users).values(rows)
  })

  const names = async (filters: Partial<UserFilters>) =>
    (await listUsers({ ...allUsers, ...filters })).items.map((user) => user.name)

  it('pages every account A to Z, 25 a page, never twice, with the total', async () => {
    const first = await listUsers(allUsers)
    const second = await listUsers({ ...allUsers, page: 2 })
    expect(first.total).toBe(34)
    expect(second.total).toBe(34)
    expect(first.items).toHaveLength(25)
    expect(second.items).toHaveLength(9)
    const listed = [...first.items, ...second.items].map((user) => user.name)
    expect(new Set(listed).size).toBe(34)
    expect(listed.slice(0, 4)).toEqual(['100% Sure', 'Ada Admin', 'Ben Away', 'Cleo Client'])
    expect(listed.at(-1)).toBe('Interpreter 29')
    // Screens never see a password hash.
    expect(first.items[0]).not.toHaveProperty('passwordHash')
    expect((await listUsers({ ...allUsers, page: 3 })).items).toEqual([])
  })

  it('filters by role and by account status', async () => {
    const byRole = async (role: UserRole) => (await listUsers({ ...allUsers, role })).total
    expect(await byRole('admin')).toBe(2)
    expect(await byRole('client')).toBe(2)
    expect(await byRole('interpreter')).toBe(30)
    expect(await names({ status: 'invited' })).toEqual(['Cleo Client'])
    expect(await names({ status: 'deactivated' })).toEqual(['Ben Away'])
    expect((await listUsers({ ...allUsers, status: 'active' })).total).toBe(32)
    expect(await names({ status: 'active', role: 'admin' })).toEqual(['Ada Admin'])
    expect(await names({ status: 'invited', role: 'admin' })).toEqual([])
  })

  it('searches names and e-mail addresses anywhere, in any case, the pattern characters as text', async () => {
    expect(await names({ q: 'ADA' })).toEqual(['Ada Admin'])
    expect(await names({ q: 'clinic.example' })).toEqual(['Cleo Client'])
    expect(await names({ q: '%' })).toEqual(['100% Sure'])
    expect(await names({ q: '_' })).toEqual([])
    const interpreters = await listUsers({ ...allUsers, q: 'interpreter2' })
    expect(interpreters.total).toBe(11) // 2 and 20 to 29
    expect(await names({ q: 'interpreter', role: 'admin' })).toEqual([])
  })
})
