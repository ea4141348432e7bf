import { describe, expect, it } from 'vitest'
import { contentIcons } from '~/components/ui/icons/content-icons'
import { aboutPage } from './about'
import {
  applicationHref,
  careersLanguages,
  hiringSteps,
  languageSlug,
  otherLanguagesAction,
} from './careers'
import { claims } from './claims'
import { demoPage } from './demo'
import {
  faqClosing,
  faqs,
  homeHero,
  homeIndustries,
  homePage,
  homeServices,
  homeStats,
  initialsOf,
  testimonials,
  trustStrip,
  whyChooseUs,
} from './home'
import { industriesPage } from './industries'
import { servicesPage } from './services'

describe('home page content (docs/product.md#home-page)', () => {
  it('has the hero with its claim and two actions', () => {
    expect(homeHero.joinedClaim).toContain('1,500')
    expect(homeHero.primaryAction).toEqual({ label: 'Contact Us', to: '/contact' })
    expect(homeHero.secondaryAction).toEqual({ label: 'Join Our Team', to: '/careers' })
  })

  it('has the eight services', () => {
    expect(homeServices.map((service) => service.title)).toEqual([
      'Over-the-Phone Interpreting',
      'Video Remote Interpreting',
      'On-Site Interpreting',
      'Document Translation',
      'Voiceover',
      'Transcription',
      'Subtitling and Captioning',
      'Language Testing and Evaluation',
    ])
    for (const service of homeServices) expect(service.description.length).toBeGreaterThan(40)
  })

  it('has six industries with four example uses each', () => {
    expect(homeIndustries.map((industry) => industry.title)).toEqual([
      'Healthcare',
      'Legal and Government',
      'Education',
      'Business',
      'Non-Profit',
      'Financial Services',
    ])
    for (const industry of homeIndustries) {
      expect(industry.uses).toHaveLength(4)
      expect(new Set(industry.uses).size).toBe(4)
    }
  })

  it('has the five Why Choose Us points and six complete testimonials', () => {
    expect(whyChooseUs.map((reason) => reason.title)).toEqual([
      'Available 24/7',
      'Certified and Experienced',
      '200+ Languages',
      'Confidential and Secure',
      'Tailored Solutions',
    ])
    expect(testimonials).toHaveLength(6)
    for (const testimonial of testimonials) {
      expect(testimonial.quote.length).toBeGreaterThan(40)
      expect(testimonial.name).not.toBe('')
      // A role with its organization: "Court Administrator, Travis County Justice Center".
      expect(testimonial.role).toMatch(/^[^,]+, .+$/)
    }
    expect(new Set(testimonials.map((testimonial) => testimonial.name)).size).toBe(6)
  })

  it('has the eight FAQs in the documented order, with the urgent-request times', () => {
    expect(faqs).toHaveLength(8)
    const topics = [
      /languages/i,
      /24\/7/,
      /confidential/i,
      /qualifications/i,
      /cost/i,
      /urgent/i,
      /specialized industries/i,
      /technology platforms/i,
    ]
    faqs.forEach((faq, index) => expect(faq.question).toMatch(topics[index]!))
    const urgent = faqs[5]!.answer
    expect(urgent).toContain('2-4 hours')
    expect(urgent).toContain('same day')
    expect(urgent).toContain('about 2-5 minutes')
    expect(urgent).toMatch(/emergencies, usually within minutes/)
    expect(faqClosing).toMatchObject({
      text: 'Still have questions?',
      action: { label: 'Contact Us Today', to: '/contact' },
    })
  })
})

describe('inner pages content (docs/product.md#other-public-pages)', () => {
  it('Services: four service cards with features and six industry tiles', () => {
    expect(servicesPage.serviceOfferings.map((service) => service.title)).toEqual([
      'Phone Interpretation',
      'Video Remote Interpretation',
      'On-Site Interpretation',
      'Document Translation',
    ])
    for (const service of servicesPage.serviceOfferings)
      expect(service.features.length).toBeGreaterThanOrEqual(3)
    expect(servicesPage.servicesIndustryTiles).toHaveLength(6)
  })

  it('Industries: six cards with services and specialties, four reasons, 10K+ clients', () => {
    expect(industriesPage.industryDetails.map((industry) => industry.title)).toEqual([
      'Healthcare',
      'Legal',
      'Government',
      'Education',
      'Business',
      'Insurance',
    ])
    for (const industry of industriesPage.industryDetails) {
      expect(industry.services.length).toBeGreaterThan(0)
      expect(industry.specialties.length).toBeGreaterThan(0)
    }
    expect(industriesPage.industryReasons).toHaveLength(4)
    expect(industriesPage.industriesStats.map((stat) => stat.value)).toContain('10K+')
  })

  it('About: its own readings of the claims and both calls to action', () => {
    expect(aboutPage.aboutStats.map((stat) => stat.value)).toContain('1,200+')
    expect(aboutPage.aboutGlobalNetwork.text).toContain('350+')
    expect(aboutPage.aboutMission.paragraphs.join(' ')).toContain('2 hours')
    expect(aboutPage.aboutCallToAction.primary).toEqual({
      label: 'Start a Conversation',
      to: '/contact',
    })
    expect(aboutPage.aboutCallToAction.secondary).toEqual({
      label: 'Get a Free Quote',
      to: '/contact',
    })
  })

  it('Demo: the three benefit tiles', () => {
    expect(demoPage.demoHero.heading).toBe('Request Your Demo')
    expect(demoPage.demoBenefits.map((benefit) => benefit.title)).toEqual([
      '24/7 Availability',
      'Certified Quality',
      'Instant Connection',
    ])
  })

  it('every icon the content names exists', () => {
    const named = [
      ...homeServices,
      ...homeIndustries,
      ...whyChooseUs,
      ...servicesPage.serviceOfferings,
      ...servicesPage.servicesIndustryTiles,
      ...industriesPage.industryDetails,
      ...industriesPage.industryReasons,
      ...aboutPage.aboutServiceOverview,
      ...aboutPage.aboutCommitments.items,
      ...demoPage.demoBenefits,
    ].map((item) => item.icon)
    for (const name of named) expect(contentIcons).toHaveProperty(name)
  })
})

describe('careers content', () => {
  it('lists the 21 remote-interpreter languages of the Careers page', () => {
    expect(careersLanguages).toHaveLength(21)
    expect(new Set(careersLanguages).size).toBe(21)
    expect(careersLanguages).toContain('Khmer (Cambodian)')
    expect(careersLanguages).toContain('Malay (Bahasa Malaysia/Indonesia)')
  })

  it('links each language to its lowercased, hyphenated slug', () => {
    expect(languageSlug('Cantonese')).toBe('cantonese-interpreter')
    expect(languageSlug('Khmer (Cambodian)')).toBe('khmer-(cambodian)-interpreter')
    expect(languageSlug('Malay (Bahasa Malaysia/Indonesia)')).toBe(
      'malay-(bahasa-malaysia/indonesia)-interpreter',
    )
    expect(languageSlug('ASL')).toBe('asl-interpreter')
    expect(applicationHref(otherLanguagesAction.slug)).toBe(
      '/application?language=general-interpreter',
    )
  })

  it('has the four-step process', () => {
    expect(hiringSteps.map((step) => step.title)).toEqual(['Apply', 'Review', 'Test', 'Start'])
    expect(hiringSteps[2]!.text).toMatch(/language proficiency and interpreting skills/)
  })
})

describe('claims', () => {
  it('keeps both readings where pages differ', () => {
    expect(claims.languages).toBe('200+')
    expect(claims.languagesInCompanyDescription).toBe('350+')
    expect(claims.clients).toBe('10K+')
    expect(claims.clientsOnAboutPage).toBe('1,200+')
    expect(claims.responseTime).toEqual({
      contactPage: '1 hour',
      aboutPage: '2 hours',
      jobApplications: '24 hours',
    })
  })
})

describe('home page layouts (docs/design-system.md#section-layouts)', () => {
  it('gives every testimonial the initials of its name, without titles', () => {
    expect(initialsOf('Dr. Sarah Mitchell')).toBe('SM')
    expect(initialsOf('Amina Hassan')).toBe('AH')
    expect(initialsOf('Cher')).toBe('C')
    expect(homePage.testimonials.map((testimonial) => testimonial.initials)).toEqual([
      'SM',
      'JR',
      'LN',
      'MC',
      'AH',
      'RW',
    ])
  })

  it('has a stats strip, and a trust strip of the claims and industries of the spec only', () => {
    expect(homeStats.map((stat) => stat.value)).toEqual(['200+', '24/7', '150+', '8+'])
    expect(trustStrip.marks).toEqual([
      'HIPAA compliant',
      'Court certified',
      '200+ languages',
      '24/7',
    ])
    expect(trustStrip.industries).toEqual([
      'Healthcare',
      'Legal',
      'Government',
      'Education',
      'Business',
      'Insurance',
    ])
  })
})
