import { importTemplateHeader } from '../../app/lib/validation/interpreter-import'

/** One CSV row of the import's template columns (app/lib/validation/interpreter-import.ts). */
export interface ImportFixtureRow {
  firstName?: string
  lastName?: string
  email: string
  phone?: string
  street?: string
  city?: string
  state?: string
  zip?: string
  languages?: string
  specializations?: string
  modalities?: string
  medicalTrainingExpires?: string
  backgroundCheckExpires?: string
}

const quoted = (value: string) =>
  /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value

/** An import file: the template's header and a line per row, CRLF as spreadsheets write. */
export function importCsv(rows: readonly ImportFixtureRow[]): string {
  const lines = rows.map((row) =>
    [
      row.firstName ?? 'Ana',
      row.lastName ?? 'Lima',
      row.email,
      row.phone ?? '+1 512 555 0100',
      row.street ?? '1 Main St',
      row.city ?? 'Austin',
      row.state ?? 'TX',
      row.zip ?? '78701',
      row.languages ?? 'Spanish',
      row.specializations ?? '',
      row.modalities ?? '',
      row.medicalTrainingExpires ?? '',
      row.backgroundCheckExpires ?? '',
    ]
      .map(quoted)
      .join(','),
  )
  return `${[importTemplateHeader, ...lines].join('\r\n')}\r\n`
}

/** `count` valid rows with distinct addresses, as an agency's file would hold them. */
export function agencyRows(count: number, domain = 'agency.example'): ImportFixtureRow[] {
  const languages = ['Spanish', 'Arabic;French', 'Mandarin;Cantonese', 'Vietnamese', 'Russian']
  return Array.from({ length: count }, (_, index) => ({
    firstName: `First${index}`,
    lastName: `Last${index}`,
    email: `interpreter${index}@${domain}`,
    languages: languages[index % languages.length],
    specializations: index % 2 ? 'medical;legal' : 'business',
    modalities: index % 3 ? 'phone;video' : 'on_site',
    medicalTrainingExpires: index % 4 === 0 ? '2099-06-30' : '',
  }))
}
