import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ErrorSummary } from '~/components/ui/error-summary'
import { SelectField, TextField } from '~/components/ui/native-fields'
import { formMessages, FormMessagesContext } from './form-messages'
import type { FormReply } from './native-form'
import { useNativeFormWithValues } from './native-form-values'

const constraint = {
  name: { required: true, maxLength: 50 },
  ranges: { required: false, multiple: true },
  'ranges[].day': { required: true },
}

const labels = {
  name: 'Name',
  ranges: (row: number) => ({ day: `Day of range ${row}` }),
}

/** A form with a field and a list of rows, rendered as the server sends it. */
function Form({ lastResult }: { lastResult?: FormReply }) {
  const { formProps, field, rows, insertButton, removeButton, summary } = useNativeFormWithValues<
    typeof labels
  >({
    lastResult,
    constraint,
    labels,
    defaultValue: { name: 'Ada', ranges: [{ day: 'monday' }, { day: 'friday' }] },
  })
  return (
    <form {...formProps}>
      <ErrorSummary {...summary} />
      <TextField field={field('name')} />
      {rows('ranges').map(({ key, index }) => (
        <div key={key}>
          <SelectField
            field={field(`ranges[${index}].day`)}
            options={[
              { value: 'monday', label: 'Monday' },
              { value: 'friday', label: 'Friday' },
            ]}
            placeholder="Choose"
          />
          <button {...removeButton('ranges', index)}>Remove {index + 1}</button>
        </div>
      ))}
      <button {...insertButton('ranges', { day: '' })}>Add</button>
    </form>
  )
}

const html = (lastResult?: FormReply) =>
  renderToStaticMarkup(
    <FormMessagesContext value={formMessages}>
      <Form lastResult={lastResult} />
    </FormMessagesContext>,
  )

describe('useNativeFormWithValues', () => {
  it('starts from the default values, a row per list item, labelled by its number', () => {
    const page = html()
    expect(page).toContain('value="Ada"')
    expect(page).toContain('Day of range 1<')
    expect(page).toContain('Day of range 2<')
    expect(page).not.toContain('Day of range 3<')
    expect(page).toMatch(/name="ranges\[1\]\.day"[^>]*required/)
    expect(page).toMatch(/<option value="friday" selected="">/)
  })

  it("gives the list's buttons Conform's intent, which the server applies without JavaScript", () => {
    const page = html()
    const intents = [...page.matchAll(/<button[^>]*name="__intent__"[^>]*>/g)].map((button) =>
      JSON.parse(/value="([^"]+)"/.exec(button[0])![1]!.replaceAll('&quot;', '"')),
    )
    expect(intents).toEqual([
      { type: 'remove', payload: { name: 'ranges', index: 0 } },
      { type: 'remove', payload: { name: 'ranges', index: 1 } },
      { type: 'insert', payload: { name: 'ranges', defaultValue: { day: '' } } },
    ])
    expect(page).toContain('formNoValidate=""')
  })

  it("shows the server's rows and errors after a refusal, in the summary too", () => {
    const page = html({
      initialValue: { name: 'Ada', ranges: [{ day: 'monday' }, {}, { day: 'friday' }] },
      error: { 'ranges[1].day': ['Please select an option.'] },
    })
    expect(page).toContain('Day of range 3<')
    expect(page).toContain('Please correct 1 field')
    expect(page).toMatch(/<a href="#[^"]*-field-ranges%5B1%5D\.day"[^>]*>Day of range 2<\/a>/)
    expect(page).toContain('Please select an option.')
  })

  it('shows no errors after a list button sent without JavaScript', () => {
    const page = html({
      initialValue: { name: '', ranges: [{ day: 'monday' }, { day: '' }] },
      error: { name: ['This field is required.'] },
      intent: { type: 'insert', payload: { name: 'ranges' } },
    })
    expect(page).toContain('Day of range 2<')
    expect(page).not.toContain('This field is required.')
    expect(page).not.toContain('Please correct')
  })

  it('starts again from the defaults after a reset reply', () => {
    const page = html({ initialValue: null })
    expect(page).toContain('value="Ada"')
    expect(page).toContain('Day of range 2<')
  })
})
