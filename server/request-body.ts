import type {
  Request as ExpressRequest,
  RequestHandler,
  Response as ExpressResponse,
} from 'express'
import type { Logger } from 'pino'
import { redactUrl } from '../app/lib/http/log-redaction'
import { cleanedFormBody, type FormBody } from './form-body'

/**
 * The largest body an ordinary form may send. The longest text a form accepts is a staff
 * message of 10,000 characters; written in a script that takes three bytes per character and
 * url-encoded (nine bytes each), with its subject and fields, it stays under 100 kB.
 */
export const FORM_BODY_LIMIT = 128 * 1024

/**
 * After a refusal the rest of the body is read and thrown away, so that a client still
 * sending receives the 413 instead of a reset connection; beyond this the connection is cut.
 */
const DRAIN_LIMIT = 64 * 1024 * 1024

const FORM_CONTENT_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data']

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export interface RequestBodyOptions {
  /** Routes that take file uploads: their bodies stream on to the upload parser's own limits. */
  acceptsUploads(req: ExpressRequest): Promise<boolean>
  logger: Logger
}

/** Where the body read (and cleaned) by `limitRequestBodies` waits for the app. */
export function bufferedBody(res: ExpressResponse): FormBody | undefined {
  return res.locals.requestBody as FormBody | undefined
}

function hasBody(req: ExpressRequest) {
  const length = req.get('content-length')
  return req.get('transfer-encoding') !== undefined || (length !== undefined && length !== '0')
}

function mediaType(req: ExpressRequest) {
  return (req.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
}

/**
 * Answers once the rest of the body has been read and thrown away (a response sent while
 * the client is still sending can reach it as a reset connection instead); a body beyond
 * DRAIN_LIMIT gets the answer at once and its connection is cut.
 */
function refuse(req: ExpressRequest, res: ExpressResponse, status: 413 | 415, text: string) {
  const answer = () => {
    if (res.headersSent) return
    res.status(status).set('Connection', 'close').type('text/plain').send(text)
  }
  let drained = 0
  req.on('data', (chunk: Buffer) => {
    drained += chunk.length
    if (drained <= DRAIN_LIMIT) return
    req.pause()
    res.once('finish', () => req.socket.destroy())
    answer()
  })
  req.once('end', answer)
  req.resume()
}

/**
 * Every request body is a form: other content types get 415. Multipart bodies of routes that
 * take uploads stream on; every other body is read here, counted while it arrives (chunked
 * ones too), and refused with 413 as soon as it passes FORM_BODY_LIMIT, so that a huge post
 * never reaches memory. What is read loses its control characters (form-body.ts) before
 * any action sees it.
 */
export function limitRequestBodies(options: RequestBodyOptions): RequestHandler {
  return async (req, res, next) => {
    if (!METHODS_WITH_BODY.has(req.method) || !hasBody(req)) return next()
    if (!FORM_CONTENT_TYPES.includes(mediaType(req))) {
      return refuse(req, res, 415, 'Unsupported Media Type: send the form as a web form.')
    }
    // Only a multipart body can carry files: any other body of an upload route is a form.
    if (mediaType(req) === 'multipart/form-data' && (await options.acceptsUploads(req)))
      return next()

    const tooLarge = () => {
      options.logger.warn(
        { method: req.method, url: redactUrl(req.originalUrl) },
        'request body too large',
      )
      refuse(req, res, 413, 'Payload Too Large: the form is larger than any form accepts.')
    }
    if (Number(req.get('content-length')) > FORM_BODY_LIMIT) return tooLarge()
    const chunks: Buffer[] = []
    let size = 0
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size <= FORM_BODY_LIMIT) return void chunks.push(chunk)
      stopReading()
      tooLarge()
    }
    const onEnd = () => {
      stopReading()
      const form = { body: Buffer.concat(chunks), contentType: req.get('content-type')! }
      cleanedFormBody(form).then((cleaned) => {
        res.locals.requestBody = cleaned
        next()
      }, next)
    }
    const onError = (error: Error) => {
      stopReading()
      next(error)
    }
    const stopReading = () => {
      req.off('data', onData).off('end', onEnd).off('error', onError)
    }
    req.on('data', onData).on('end', onEnd).on('error', onError)
  }
}
