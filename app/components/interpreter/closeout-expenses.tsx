import { useState } from 'react'
import { FileField, TextField } from '~/components/ui/native-fields'
import { MAX_EXPENSES } from '~/domain/billing'
import { receiptFileAccept } from '~/domain/closeouts'
import type { FormReply, NativeField } from '~/lib/forms/native-form'
import { useHydrated } from '~/lib/use-hydrated'

export interface SavedExpense {
  id: string
  description: string
  amount: string
  receiptName: string
}

interface Row {
  key: number
  description?: string
  amount?: string
  keptExpenseId?: string
}

/** The rows the server sent back (after a refusal) or the closeout as last sent. */
function initialRows(reply: FormReply | undefined, saved: readonly SavedExpense[]): Row[] {
  const sent = reply?.initialValue?.expenses
  const rows: Row[] = Array.isArray(sent)
    ? sent.map((row: Record<string, unknown> | undefined, key) => ({
        key,
        description: typeof row?.description === 'string' ? row.description : undefined,
        amount: typeof row?.amount === 'string' ? row.amount : undefined,
        keptExpenseId: typeof row?.keptExpenseId === 'string' ? row.keptExpenseId : undefined,
      }))
    : saved.map((expense, key) => ({
        key,
        description: expense.description,
        amount: expense.amount,
        keptExpenseId: expense.id,
      }))
  // One empty row to fill in; with JavaScript, "Add an expense" adds more.
  return rows.length < MAX_EXPENSES ? [...rows, { key: rows.length }] : rows
}

/** Empty rows to fill in without JavaScript, where no row can be added: three in all. */
const EMPTY_ROWS_WITHOUT_JAVASCRIPT = 3

/** The rows with empty ones added up to three to fill in, within the limit. */
export function withSpareRows(rows: readonly Row[]): Row[] {
  const spare = Math.min(EMPTY_ROWS_WITHOUT_JAVASCRIPT - 1, MAX_EXPENSES - rows.length)
  const next = Math.max(-1, ...rows.map((row) => row.key)) + 1
  return [
    ...rows,
    ...Array.from({ length: Math.max(0, spare) }, (_, index) => ({ key: next + index })),
  ]
}

/**
 * The expense rows of the closeout form: description, amount and receipt each. A row left
 * empty is ignored; a receipt already on file is kept unless another file is chosen.
 * Rows are added and removed in the browser (up to the limit); without JavaScript the form
 * shows three empty rows to fill in, and a row is removed by emptying it.
 */
export function CloseoutExpenseRows({
  field,
  reply,
  saved,
}: {
  field: (name: string) => NativeField
  reply: FormReply | undefined
  saved: readonly SavedExpense[]
}) {
  const [rows, setRows] = useState(() => initialRows(reply, saved))
  // Adding and removing rows needs JavaScript: the buttons appear once it runs.
  const hydrated = useHydrated()
  const [lastReply, setLastReply] = useState(reply)
  if (reply !== lastReply) {
    setLastReply(reply)
    setRows(initialRows(reply, saved))
  }
  const receiptName = (id: string | undefined) =>
    saved.find((expense) => expense.id === id)?.receiptName
  // The server's render and the first one in the browser are the same (not hydrated yet).
  const shown = hydrated ? rows : withSpareRows(rows)
  return (
    <div className="mt-2 space-y-4">
      {shown.map((row, index) => {
        const named = (key: 'description' | 'amount' | 'receipt') => {
          const base = field(`expenses[${index}].${key}`)
          const value = key === 'receipt' ? undefined : row[key]
          return { ...base, label: `${LABELS[key]} ${index + 1}`, initialValue: value }
        }
        const kept = receiptName(row.keptExpenseId)
        return (
          <div key={row.key} className="grid gap-3 rounded-md bg-slate-50 p-3 sm:grid-cols-3">
            <TextField field={named('description')} autoComplete="off" placeholder="Parking" />
            <TextField
              field={named('amount')}
              inputMode="decimal"
              autoComplete="off"
              placeholder="12.50"
              hint="Dollars and cents."
            />
            <FileField
              field={named('receipt')}
              accept={receiptFileAccept}
              hint={
                kept
                  ? `On file: ${kept}. Choose a file only to replace it.`
                  : 'PDF, JPEG or PNG, up to 10 MB.'
              }
            />
            {row.keptExpenseId && kept ? (
              <input
                type="hidden"
                name={`expenses[${index}].keptExpenseId`}
                value={row.keptExpenseId}
              />
            ) : null}
            {hydrated ? (
              <div className="sm:col-span-3">
                <button
                  type="button"
                  className="text-sm text-brand-700 underline"
                  onClick={() =>
                    setRows((current) => current.filter((other) => other.key !== row.key))
                  }
                >
                  Remove expense {index + 1}
                </button>
              </div>
            ) : null}
          </div>
        )
      })}
      {hydrated && rows.length < MAX_EXPENSES ? (
        <button
          type="button"
          className="btn-secondary"
          onClick={() =>
            setRows((current) => [
              ...current,
              { key: Math.max(-1, ...current.map((r) => r.key)) + 1 },
            ])
          }
        >
          Add an expense
        </button>
      ) : null}
    </div>
  )
}

const LABELS = {
  description: 'Expense',
  amount: 'Amount of expense',
  receipt: 'Receipt of expense',
}
