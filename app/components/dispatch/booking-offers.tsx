import { formatDateTime } from '~/domain/format'
import type { OfferStatus } from '~/domain/bookings'

export interface BookingOffer {
  id: string
  status: OfferStatus
  offeredAt: Date
  assignedDirectly: boolean
  overrideReason: string | null
  firstName: string
  lastName: string
}

const offerStatusLabel: Record<OfferStatus, string> = {
  offered: 'Waiting for an answer',
  reconfirm: 'Asked to confirm the new time',
  accepted: 'Accepted',
  declined: 'Declined',
  filled: 'Filled by another interpreter',
  withdrawn: 'Withdrawn',
}

/** Staff's view of who was offered a booking, how they answered, and who was assigned by name. */
export function BookingOffers({ offers }: { offers: BookingOffer[] }) {
  return (
    <section aria-labelledby="offers-heading" className="mt-8">
      <h2 id="offers-heading" className="text-lg font-semibold text-slate-900">
        Offers
      </h2>
      <ul className="mt-2 divide-y divide-slate-100 rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
        {offers.map((offer) => (
          <li key={offer.id} className="flex flex-wrap justify-between gap-2 px-4 py-3">
            <span className="font-medium text-slate-900">
              {offer.firstName} {offer.lastName}
            </span>
            <span className="text-slate-700">
              {offerStatusLabel[offer.status]}, {offer.assignedDirectly ? 'assigned' : 'offered'}{' '}
              {formatDateTime(offer.offeredAt)}
            </span>
            {offer.overrideReason ? (
              <p className="w-full text-sm text-slate-700">
                Override reason: {offer.overrideReason}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}
