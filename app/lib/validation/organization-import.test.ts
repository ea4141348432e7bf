import { describe, expect, it } from 'vitest'
import {
  organizationImportTemplateHeader,
  parseOrganizationImportFile,
  type ParsedOrganizationFile,
} from './organization-import'

const parse = (text: string) => parseOrganizationImportFile(new TextEncoder().encode(text))
const file = (...rows: string[]) => [organizationImportTemplateHeader, ...rows].join('\n')
// Organization, Billing address, Payment terms days, Purchase order, User name, User e-mail, User role
const row = (cells: Partial<Record<number, string>> = {}) =>
  ['Acme Health', '', '', '', 'Ana Lima', 'ana@acme.example', 'manager']
    .map((value, index) => cells[index] ?? value)
    .join(',')

function read(text: string): Extract<ParsedOrganizationFile, { ok: true }> {
  const parsed = parse(text)
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed
}

describe('parseOrganizationImportFile', () => {
  it('reads a valid row: the name cleaned, the address normalised, the role in any case', () => {
    const parsed = read(
      file(
        row({
          0: '  Acme   Health ',
          1: '"1 Main St, Austin"',
          2: ' 45 ',
          3: 'PO-7',
          5: ' Ana@Acme.Example ',
          6: 'Requester',
        }),
      ),
    )
    expect(parsed.issues).toEqual([])
    expect(parsed.rows).toEqual([
      {
        line: 2,
        organization: 'Acme   Health',
        name: 'Ana Lima',
        email: 'Ana@Acme.Example',
        user: {
          organization: 'Acme Health',
          billingAddress: '1 Main St, Austin',
          paymentTermsDays: 45,
          purchaseOrder: 'PO-7',
          name: 'Ana Lima',
          email: 'ana@acme.example',
          role: 'requester',
        },
      },
    ])
  })

  it('leaves the payment terms unset when the cell is empty, and takes the columns in any order and naming', () => {
    const parsed = read(
      ['email,Name,role,organisation', 'ben@acme.example,Ben Ode,manager,Acme'].join('\r\n'),
    )
    expect(parsed.issues).toEqual([])
    expect(parsed.rows[0]!.user).toMatchObject({
      organization: 'Acme',
      paymentTermsDays: undefined,
      billingAddress: '',
      purchaseOrder: '',
      role: 'manager',
    })
  })

  it('names each problem by line and column', () => {
    const parsed = read(
      file(
        row({ 0: '', 5: 'not-an-address' }),
        row({ 2: '400', 6: 'owner', 5: 'cy@acme.example' }),
        row({ 2: 'thirty', 4: '', 5: 'di@acme.example' }),
      ),
    )
    expect(parsed.issues).toEqual([
      { line: 2, column: 'Organization', message: 'Please enter the organization.' },
      { line: 2, column: 'User e-mail', message: 'Please enter a valid email address.' },
      {
        line: 3,
        column: 'Payment terms days',
        message: 'Please enter whole days from 0 (due on receipt) to 365.',
      },
      { line: 3, column: 'User role', message: 'Please write requester or manager.' },
      {
        line: 4,
        column: 'Payment terms days',
        message: 'Please enter whole days from 0 (due on receipt) to 365.',
      },
      { line: 4, column: 'User name', message: 'Please enter the name.' },
    ])
    expect(parsed.rows.every((parsedRow) => parsedRow.user === undefined)).toBe(true)
  })

  it('refuses the same address twice, and other billing details for the same organization', () => {
    const parsed = read(
      file(
        row({ 2: '45' }),
        row({ 0: 'ACME health', 2: '45', 4: 'Ben', 5: 'ben@acme.example' }),
        row({ 0: 'acme health', 2: '60', 4: 'Cy', 5: 'cy@acme.example' }),
        row({ 5: 'ANA@acme.example' }),
        row({ 0: 'Other', 2: '60', 4: 'Di', 5: 'di@acme.example' }),
      ),
    )
    expect(parsed.issues).toEqual([
      {
        line: 4,
        column: 'Payment terms days',
        message:
          'Line 2 gives this organization another payment terms days: give it on one row, or the same on every row.',
      },
      {
        line: 5,
        column: 'User e-mail',
        message: 'This e-mail address is already on line 2 of the file.',
      },
    ])
    expect(parsed.rows.map((parsedRow) => parsedRow.user !== undefined)).toEqual([
      true,
      true,
      false,
      false,
      true,
    ])
  })

  it('refuses a file it cannot read as rows, saying why', () => {
    const missing = parse('Organization,User e-mail\nAcme,ana@acme.example')
    expect(missing).toEqual({
      ok: false,
      message: expect.stringContaining('The header has no "User name", "User role" column.'),
    })
    expect(parse('')).toEqual({
      ok: false,
      message: 'The file is empty: it needs a header row and a row per user.',
    })
    expect(parse(file(row()).replace('User role', 'Colour'))).toEqual({
      ok: false,
      message: expect.stringContaining('The header names columns we do not know: "Colour".'),
    })
  })
})
