import type { Key, ReactNode } from 'react'

export interface DataColumn<Row> {
  /** The column header; on the card layout also the label before each value. */
  header: string
  cell: (row: Row) => ReactNode
  /**
   * Width of the column on the table layout (a Tailwind class such as 'w-36'). The table
   * has a fixed layout: columns without a width share what the others leave.
   */
  width?: string
  /** The cell names its row (`th scope="row"`): the person or message the row is about. */
  rowHeader?: boolean
  /** Classes for the cells of this column. */
  className?: string
}

/**
 * An admin list: a table where its box is wide enough, and below that the same rows as cards,
 * each value after its column's label, so that nothing scrolls sideways on a phone.
 *
 * One set of elements serves both layouts: container queries restyle the table, its rows
 * and cells (the header row becomes visually hidden), so each control exists once, the row
 * and cell roles stay, and there is no scrolling wrapper. The switch follows the box's width,
 * not the window's, so a table beside a form or the sidebar changes layout when it must.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  dense = false,
  className = 'mt-6',
}: {
  /** Names the table for screen readers (a visually hidden caption). */
  caption: string
  columns: readonly DataColumn<Row>[]
  rows: readonly Row[]
  rowKey: (row: Row) => Key
  /** Shown in a single row when there are no rows. */
  empty?: ReactNode
  /** Many narrow columns: less padding, and headers in sentence case so that they fit. */
  dense?: boolean
  className?: string
}) {
  const padding = dense ? '@4xl:px-3' : '@4xl:px-4'
  const headerCase = dense ? '' : 'tracking-wide uppercase'
  return (
    <div className={`@container ${className}`}>
      <div className="@4xl:rounded-lg @4xl:bg-white @4xl:shadow-sm @4xl:ring-1 @4xl:ring-slate-200">
        <table className="block w-full table-fixed text-sm @4xl:table">
          <caption className="sr-only">{caption}</caption>
          <thead
            className={`sr-only bg-slate-50 text-left text-xs font-semibold text-slate-600 @4xl:not-sr-only @4xl:table-header-group ${headerCase}`}
          >
            <tr>
              {columns.map((column) => (
                <th
                  key={column.header}
                  scope="col"
                  className={`py-3 align-bottom first:rounded-tl-lg last:rounded-tr-lg ${padding} ${column.width ?? ''}`}
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="block space-y-3 @4xl:table-row-group @4xl:space-y-0 @4xl:divide-y @4xl:divide-slate-100">
            {rows.length === 0 && empty ? (
              <tr className="block rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 @4xl:table-row @4xl:shadow-none @4xl:ring-0">
                <td
                  colSpan={columns.length}
                  className="block text-center text-slate-600 @4xl:table-cell @4xl:px-4 @4xl:py-6"
                >
                  {empty}
                </td>
              </tr>
            ) : null}
            {rows.map((row) => (
              <tr
                key={rowKey(row)}
                className="block rounded-lg bg-white px-4 py-3 align-top shadow-sm ring-1 ring-slate-200 @4xl:table-row @4xl:rounded-none @4xl:bg-transparent @4xl:p-0 @4xl:shadow-none @4xl:ring-0"
              >
                {columns.map((column) => {
                  const Cell = column.rowHeader ? 'th' : 'td'
                  return (
                    <Cell
                      key={column.header}
                      scope={column.rowHeader ? 'row' : undefined}
                      className={`block py-1.5 text-left font-normal wrap-break-word @md:grid @md:grid-cols-[8rem_minmax(0,1fr)] @md:gap-x-3 @4xl:table-cell @4xl:py-3 ${padding} ${column.className ?? ''}`}
                    >
                      <span
                        className={`block text-xs font-semibold text-slate-600 @md:pt-0.5 @4xl:hidden ${headerCase}`}
                      >
                        {column.header}
                      </span>
                      <div className="min-w-0">{column.cell(row)}</div>
                    </Cell>
                  )
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  )
}

/**
 * A value that may be long (an e-mail address): one line cut short with an ellipsis on the
 * table layout, whole (wrapped) on the cards. The full text stays in the page, so screen
 * readers read all of it, and shows as a tooltip. `inline` keeps it in the line of text
 * around it on the cards.
 */
export function Truncated({
  text,
  inline = false,
  className = '',
}: {
  text: string
  inline?: boolean
  className?: string
}) {
  return (
    <span
      title={text}
      className={`${inline ? 'inline' : 'block'} @4xl:block @4xl:min-w-0 @4xl:truncate ${className}`}
    >
      {text}
    </span>
  )
}
