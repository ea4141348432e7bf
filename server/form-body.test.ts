import { describe, expect, it } from 'vitest'
import { cleanedFormBody } from './form-body'

const URL_ENCODED = 'application/x-www-form-urlencoded'

async function readForm({ body, contentType }: { body: Buffer; contentType: string }) {
  const form = await new Response(new Uint8Array(body), {
    headers: { 'Content-Type': contentType },
  }).formData()
  return [...form.entries()].map(([name, value]) => [
    name,
    typeof value === 'string' ? value : `file ${value.name} (${value.size} bytes)`,
  ])
}

describe('cleanedFormBody', () => {
  it('takes control characters out of url-encoded names and values, raw or percent-encoded', async () => {
    const body = Buffer.from(
      'name=Ana%00L%C3%B3pez&no%1Fte=line%0D%0Anext%09tab%07%0e%7F&raw=a\u0001b&emoji=%F0%9F%91%A9&rtl=%E2%80%AE',
    )
    const cleaned = await cleanedFormBody({ body, contentType: URL_ENCODED })
    expect(await readForm(cleaned)).toEqual([
      ['name', 'AnaLópez'],
      ['note', 'line\r\nnext\ttab'],
      ['raw', 'ab'],
      ['emoji', '👩'],
      ['rtl', '\u202e'],
    ])
  })

  it('gives a body without control characters back as it came', async () => {
    const form = {
      body: Buffer.from('name=Ana+L%C3%B3pez&note=a%0D%0Ab'),
      contentType: URL_ENCODED,
    }
    expect(await cleanedFormBody(form)).toBe(form)
  })

  it('cleans a multipart body’s text and keeps its files', async () => {
    const sent = new FormData()
    sent.append('name', 'Ana\u0000López')
    sent.append('file', new File([new Uint8Array([0, 1, 2, 0x7f])], 'cv.pdf'))
    const request = new Response(sent)
    const cleaned = await cleanedFormBody({
      body: Buffer.from(await request.arrayBuffer()),
      contentType: request.headers.get('Content-Type')!,
    })
    expect(await readForm(cleaned)).toEqual([
      ['name', 'AnaLópez'],
      ['file', 'file cv.pdf (4 bytes)'],
    ])
  })

  it('leaves a multipart body it cannot read to the action, which refuses it as before', async () => {
    const form = {
      body: Buffer.from('--x\r\nno headers\u0000\r\n'),
      contentType: 'multipart/form-data; boundary=x',
    }
    expect(await cleanedFormBody(form)).toBe(form)
  })
})
