import { describe, expect, it } from 'vitest'
import { IMPORT_MAX_ROWS, importTemplateHeader, parseImportFile } from './interpreter-import'

const TODAY = '2027-03-01'
const parse = (text: string) => parseImportFile(new TextEncoder().encode(text), TODAY)
const file = (...rows: string[]) => [importTemplateHeader, ...rows].join('\n')
// First name, Last name, E-mail, Phone, Street, City, State, ZIP, Languages, Specializations,
// Modalities, Medical training expires, Background check expires
const row = (cells: Partial<Record<number, string>> = {}) =>
  [
    'Ana',
    'Lima',
    'ana@agency.example',
    '+1 512 555 0100',
    '1 Main St',
    'Austin',
    'TX',
    '78701',
    'Spanish',
    '',
    '',
    '',
    '',
  ]
    .map((value, index) => cells[index] ?? value)
    .join(',')

function issuesOf(text: string) {
  const parsed = parse(text)
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed.issues
}

describe('parseImportFile', () => {
  it('reads a valid row into what the import writes', () => {
    const parsed = parse(
      file(
        row({
          2: ' Ana@Agency.Example ',
          8: 'spanish; Haitian creole;SPANISH',
          9: 'Medical;legal',
          10: 'phone;on-site;Video remote',
          11: '2027-12-31',
        }),
      ),
    )
    expect(parsed).toMatchObject({ ok: true, issues: [] })
    if (!parsed.ok) return
    expect(parsed.rows[0]).toMatchObject({
      line: 2,
      interpreter: {
        firstName: 'Ana',
        email: 'ana@agency.example',
        languages: ['Spanish', 'Haitian Creole'],
        specializations: ['medical', 'legal'],
        modalities: ['phone', 'on_site', 'video'],
        medicalTrainingExpires: '2027-12-31',
        backgroundCheckExpires: undefined,
        zipCode: '78701',
      },
    })
  })

  it('accepts the columns in any order, by their headings or their aliases', () => {
    const parsed = parse(
      'email,LANGUAGES,phone,last_name,First Name\nana@a.example,Spanish,5125550100,Lima,Ana',
    )
    expect(parsed).toMatchObject({ ok: true, issues: [] })
  })

  it('names the line, the column and the problem of each invalid cell', () => {
    expect(
      issuesOf(
        file(
          row({ 0: '', 2: 'nope', 3: 'call me' }),
          row({ 2: 'b@a.example', 8: 'Spanish;Elvish', 10: 'carrier pigeon' }),
          row({ 2: 'c@a.example', 8: '', 11: '2027-02-29', 12: '2027-03-01' }),
        ),
      ),
    ).toEqual([
      { line: 2, column: 'First name', message: 'Please enter the first name.' },
      { line: 2, column: 'E-mail', message: 'Please enter a valid email address.' },
      { line: 2, column: 'Phone', message: 'Please enter a valid phone number.' },
      {
        line: 3,
        column: 'Languages',
        message: expect.stringContaining('"Elvish" is not one of our languages'),
      },
      {
        line: 3,
        column: 'Modalities',
        message: expect.stringContaining('"carrier pigeon" is not a modality'),
      },
      { line: 4, column: 'Languages', message: 'Please list at least one language.' },
      {
        line: 4,
        column: 'Medical training expires',
        message: 'Please write the date as YYYY-MM-DD.',
      },
      {
        line: 4,
        column: 'Background check expires',
        message: expect.stringContaining('not in the future'),
      },
    ])
  })

  it('a second row with the same address, in any case, is a problem of that row', () => {
    expect(issuesOf(file(row(), row({ 2: 'ANA@agency.example' })))).toEqual([
      {
        line: 3,
        column: 'E-mail',
        message: 'This e-mail address is already on line 2 of the file.',
      },
    ])
  })

  it('a row with more values than columns is a problem (an unquoted comma)', () => {
    expect(issuesOf(file(`${row()},extra`))).toEqual([
      { line: 2, column: null, message: expect.stringContaining('14 values for 13 columns') },
    ])
  })

  it('refuses a file it cannot read as rows: unknown or missing columns, too many rows, empty', () => {
    expect(parse('')).toMatchObject({ ok: false, message: expect.stringContaining('empty') })
    expect(parse('First name,Last name,Email,Phone,Languages,Shoe size\n')).toMatchObject({
      ok: false,
      message: expect.stringContaining('"Shoe size"'),
    })
    expect(parse('First name,Last name,Email\n')).toMatchObject({
      ok: false,
      message: expect.stringContaining('no "Phone", "Languages" column'),
    })
    expect(parse(file(...Array.from({ length: IMPORT_MAX_ROWS + 1 }, () => row())))).toMatchObject({
      ok: false,
      message: expect.stringContaining('at most 5000'),
    })
  })
})
