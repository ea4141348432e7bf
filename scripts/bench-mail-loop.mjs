// The practical limit of scripts/bench-mail.ts, in a process of its own so that its memory
// and its prepared messages do not weigh on the worker's figures: nodemailer's own pool with
// `connections` connections and as many messages in flight, sending the messages of a JSON
// Lines file (one nodemailer message a line) to the peer as fast as it takes them.
// Usage (forked): bench-mail-loop.mjs <smtp url> <connections> <messages.jsonl>
// It sends `warm-up` once a first pass over 500 messages is done (JIT, the peer's first
// connections), waits for `go`, then sends every message and answers `{ seconds }`.
import { readFileSync } from 'node:fs'
import nodemailer from 'nodemailer'

const [url, connectionsText, file] = process.argv.slice(2)
const connections = Number(connectionsText)
const messages = readFileSync(file, 'utf8')
  .split('\n')
  .filter((line) => line !== '')
  .map((line) => {
    const message = JSON.parse(line)
    return { ...message, date: new Date(message.date) }
  })

async function sendAll(list) {
  const transporter = nodemailer.createTransport({ url, pool: true, maxConnections: connections })
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < list.length) await transporter.sendMail(list[next++])
    }),
  )
  const seconds = (performance.now() - started) / 1000
  transporter.close()
  return seconds
}

await sendAll(messages.slice(0, 500))
const go = new Promise((resolve) => process.once('message', resolve))
process.send({ warmedUp: true })
await go
process.send({ seconds: await sendAll(messages) })
process.disconnect()
