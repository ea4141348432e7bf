import { organizationImportTemplateHeader } from '../../app/lib/validation/organization-import'

/** One CSV row of the organization import's template columns. */
export interface OrganizationImportFixtureRow {
  organization?: string
  billingAddress?: string
  paymentTermsDays?: string
  purchaseOrder?: string
  name?: string
  email: string
  role?: string
}

const quoted = (value: string) =>
  /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value

/** An import file: the template's header and a line per row, CRLF as spreadsheets write. */
export function organizationImportCsv(rows: readonly OrganizationImportFixtureRow[]): string {
  const lines = rows.map((row) =>
    [
      row.organization ?? 'Acme Health',
      row.billingAddress ?? '',
      row.paymentTermsDays ?? '',
      row.purchaseOrder ?? '',
      row.name ?? 'Ana Lima',
      row.email,
      row.role ?? 'requester',
    ]
      .map(quoted)
      .join(','),
  )
  return `${[organizationImportTemplateHeader, ...lines].join('\r\n')}\r\n`
}

/** `count` users with distinct addresses, ten to an organization. */
export function clientRows(
  count: number,
  domain = 'client.example',
): OrganizationImportFixtureRow[] {
  return Array.from({ length: count }, (_, index) => ({
    organization: `Client ${Math.floor(index / 10)}`,
    billingAddress: index % 10 === 0 ? `${index} Main St` : '',
    paymentTermsDays: index % 10 === 0 ? '45' : '',
    name: `User ${index}`,
    email: `user${index}@${domain}`,
    role: index % 10 === 0 ? 'manager' : 'requester',
  }))
}
