import { ChevronDownIcon } from '~/components/ui/icons/chevron-down'
import { ChevronUpIcon } from '~/components/ui/icons/chevron-up'
import type { FaqEntry } from '~/content/marketing/home'

/**
 * The FAQ (docs/product.md#home-page): all closed at first, at most one open, a click on a closed
 * question opens it and closes the other, a click on the open one closes it; a chevron
 * points up when open and down when closed. Native <details> elements sharing one `name`
 * do all of this in the browser, so it works with the keyboard and without JavaScript.
 */
export function FaqAccordion({ faqs, name = 'faq' }: { faqs: readonly FaqEntry[]; name?: string }) {
  return (
    <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
      {faqs.map((faq, index) => (
        <details key={faq.question} name={name} className="group faq-item">
          <summary
            id={`faq-question-${index + 1}`}
            className="flex items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-700 sm:px-6 sm:text-lg"
          >
            <span>{faq.question}</span>
            <ChevronDownIcon
              data-chevron="down"
              className="size-5 shrink-0 text-brand-700 group-open:hidden"
            />
            <ChevronUpIcon
              data-chevron="up"
              className="hidden size-5 shrink-0 text-brand-700 group-open:block"
            />
          </summary>
          <div className="px-5 pb-5 text-slate-700 sm:px-6">
            <p>{faq.answer}</p>
          </div>
        </details>
      ))}
    </div>
  )
}
