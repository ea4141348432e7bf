import { Link } from 'react-router'
import type { Route } from './+types/home'

export const meta: Route.MetaFunction = () => [
  { title: 'Professional Interpretation and Translation Services in 200+ Languages' },
  {
    name: 'description',
    content:
      'Phone, video remote and on-site interpreting and document translation in 200+ languages, 24/7.',
  },
]

export default function HomePage() {
  return (
    <main>
      <section className="bg-brand-900 py-24 text-white">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h1 className="max-w-3xl text-4xl font-bold sm:text-5xl">
            Breaking language barriers, 24/7, in 200+ languages
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-brand-100">
            Professional interpretation and translation for healthcare, legal, government, education
            and business.
          </p>
          <div className="mt-10 flex flex-wrap gap-4">
            <Link to="/contact" className="btn-accent">
              Contact Us
            </Link>
            <Link to="/careers" className="btn-secondary">
              Join Our Team
            </Link>
          </div>
        </div>
      </section>
    </main>
  )
}
