import { describe, expect, it } from 'vitest'
import { messageTemplates } from '../content/communications'
import {
  isGroupSend,
  messageTypeOf,
  messageTypeTotals,
  recipientGroupRules,
  recipientGroups,
  recipientsForTemplate,
  type RecipientSelection,
} from './communications'

const person = (source: 'application' | 'client'): RecipientSelection => ({
  kind: 'person',
  source,
  id: '6f1c1a8e-2f0b-4c57-9a43-3f9a0f7b1c2d',
})

describe('recipient groups', () => {
  it('takes in the applications of the domain rules', () => {
    const statusesOf = (group: (typeof recipientGroups)[number]) => {
      const rule = recipientGroupRules[group]
      return rule.audience === 'interpreters' ? [...rule.applicationStatuses].sort() : rule.audience
    }
    expect(statusesOf('all-interpreters')).toEqual(['approved', 'interview_scheduled', 'pending'])
    expect(statusesOf('active-interpreters')).toEqual(['approved'])
    expect(statusesOf('pending-interpreters')).toEqual(['pending'])
    expect(statusesOf('all-clients')).toBe('clients')
    expect(statusesOf('prospects')).toBe('prospects')
  })

  it("keeps the spec's All Clients for client portal users, and names the form's senders apart", () => {
    expect(recipientGroupRules['all-clients'].label).toBe('All Clients')
    expect(recipientGroupRules['all-clients'].definition).toContain('Client portal users')
    expect(recipientGroupRules.prospects.label).toBe('Prospects (contact form)')
    expect(recipientGroupRules.prospects.definition).toContain('contact or demo form')
  })

  it('gives every group a label and a one-line definition for staff', () => {
    for (const group of recipientGroups) {
      expect(recipientGroupRules[group].label).toMatch(/^[A-Z]/)
      expect(recipientGroupRules[group].definition).toMatch(/^[A-Z].*\.$/)
    }
    expect(recipientGroupRules['all-interpreters'].definition).toContain('except rejected')
  })
})

describe('message types', () => {
  it('is bulk to an interpreter group, client to the client group, individual to one person', () => {
    expect(messageTypeOf({ kind: 'group', group: 'all-interpreters' })).toBe('bulk')
    expect(messageTypeOf({ kind: 'group', group: 'active-interpreters' })).toBe('bulk')
    expect(messageTypeOf({ kind: 'group', group: 'pending-interpreters' })).toBe('bulk')
    expect(messageTypeOf({ kind: 'group', group: 'all-clients' })).toBe('client')
    expect(messageTypeOf({ kind: 'group', group: 'prospects' })).toBe('client')
    expect(messageTypeOf(person('application'))).toBe('individual')
    expect(messageTypeOf(person('client'))).toBe('individual')
  })

  it('confirms and adds an unsubscribe link to group sends only', () => {
    expect(isGroupSend({ kind: 'group', group: 'all-clients' })).toBe(true)
    expect(isGroupSend(person('client'))).toBe(false)
  })

  it('counts each message once, under its one type', () => {
    expect(
      messageTypeTotals([
        { type: 'bulk', count: 3 },
        { type: 'client', count: 1 },
      ]),
    ).toEqual({ sent: 4, byType: { bulk: 3, individual: 0, client: 1 } })
  })
})

describe('quick templates', () => {
  const groupOf = (key: string) => messageTemplates.find((template) => template.key === key)!.group

  it('belong to a group', () => {
    expect(groupOf('welcome')).toBe('active-interpreters')
    expect(groupOf('training-update')).toBe('active-interpreters')
    // It answers a contact or demo request.
    expect(groupOf('client-follow-up')).toBe('prospects')
  })

  it('select their group, or keep one person of that audience', () => {
    expect(recipientsForTemplate('prospects', undefined)).toBe('prospects')
    expect(recipientsForTemplate('prospects', { kind: 'group', group: 'all-clients' })).toBe(
      'prospects',
    )
    // A person found by search is a lead (someone who sent the form): a prospect.
    expect(recipientsForTemplate('prospects', person('client'))).toBe(
      'client:6f1c1a8e-2f0b-4c57-9a43-3f9a0f7b1c2d',
    )
    expect(recipientsForTemplate('prospects', person('application'))).toBe('prospects')
    expect(recipientsForTemplate('active-interpreters', person('application'))).toBe(
      'application:6f1c1a8e-2f0b-4c57-9a43-3f9a0f7b1c2d',
    )
    expect(
      recipientsForTemplate('active-interpreters', {
        kind: 'group',
        group: 'pending-interpreters',
      }),
    ).toBe('active-interpreters')
  })
})
