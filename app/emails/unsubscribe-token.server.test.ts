import { describe, expect, it } from 'vitest'
import { unsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token.server'

describe('unsubscribe tokens', () => {
  it('signs the address and refuses forged or altered tokens', () => {
    const token = unsubscribeToken('Flora@Clinic.example', 'secret-one')
    expect(verifyUnsubscribeToken(token, 'secret-one')).toBe('flora@clinic.example')
    expect(verifyUnsubscribeToken(token, 'secret-two')).toBeUndefined()
    const [, mac] = token.split('.')
    const other = Buffer.from('gus@court.example').toString('base64url')
    expect(verifyUnsubscribeToken(`${other}.${mac}`, 'secret-one')).toBeUndefined()
    expect(verifyUnsubscribeToken('garbage', 'secret-one')).toBeUndefined()
  })
})
