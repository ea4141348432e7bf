import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { MAX_EXPENSES } from '~/domain/billing'
import type { NativeField } from '~/lib/forms/native-form'
import { CloseoutExpenseRows, withSpareRows } from './closeout-expenses'

const field = (name: string): NativeField => ({
  id: name,
  name,
  label: name,
  errorId: `${name}-error`,
  errors: undefined,
  required: false,
  constraint: {},
  initialValue: undefined,
})

describe('the closeout form without JavaScript', () => {
  it('offers three empty expense rows and no buttons that need JavaScript', () => {
    const html = renderToStaticMarkup(
      <CloseoutExpenseRows field={field} reply={undefined} saved={[]} />,
    )
    for (const row of [1, 2, 3]) expect(html).toContain(`Expense ${row}<`)
    expect(html).not.toContain('Expense 4<')
    expect(html).not.toContain('Add an expense')
    expect(html).not.toContain('Remove expense')
  })

  it('keeps the saved expenses and adds three empty rows after them, within the limit', () => {
    const saved = [{ id: 'e1', description: 'Parking', amount: '12.50', receiptName: 'p.pdf' }]
    const html = renderToStaticMarkup(
      <CloseoutExpenseRows field={field} reply={undefined} saved={saved} />,
    )
    expect(html).toContain('value="Parking"')
    expect(html).toContain('Expense 4<')
    expect(html).not.toContain('Expense 5<')
    const full = Array.from({ length: MAX_EXPENSES - 1 }, (_, key) => ({ key }))
    expect(withSpareRows(full)).toHaveLength(MAX_EXPENSES)
    expect(withSpareRows(withSpareRows([{ key: 0 }])).map((row) => row.key)).toEqual([
      0, 1, 2, 3, 4,
    ])
  })
})
