import { gzipSync } from 'node:zlib'

/**
 * A .tar.gz of a few in-memory files (the personal-data export): ustar headers, no
 * dependency. Names must be ASCII and at most 100 bytes.
 */
export interface ArchiveFile {
  name: string
  bytes: Uint8Array
  modifiedAt: Date
}

function header(file: ArchiveFile): Buffer {
  const block = Buffer.alloc(512)
  const write = (text: string, offset: number, length: number) =>
    block.write(text.slice(0, length), offset, length, 'ascii')
  const octal = (value: number, length: number) => value.toString(8).padStart(length - 1, '0')
  write(file.name, 0, 100)
  write(`${octal(0o644, 8)}\0`, 100, 8)
  write(`${octal(0, 8)}\0`, 108, 8)
  write(`${octal(0, 8)}\0`, 116, 8)
  write(`${octal(file.bytes.byteLength, 12)}\0`, 124, 12)
  write(`${octal(Math.floor(file.modifiedAt.getTime() / 1000), 12)}\0`, 136, 12)
  write('        ', 148, 8)
  write('0', 156, 1)
  write('ustar\0', 257, 6)
  write('00', 263, 2)
  let sum = 0
  for (const byte of block) sum += byte
  write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8)
  return block
}

export function tarGzip(files: ArchiveFile[]): Buffer {
  const parts: Buffer[] = []
  for (const file of files) {
    if (!/^[\x20-\x7e]{1,100}$/.test(file.name)) throw new Error(`Unsuitable name: ${file.name}`)
    parts.push(header(file), Buffer.from(file.bytes))
    const padding = (512 - (file.bytes.byteLength % 512)) % 512
    parts.push(Buffer.alloc(padding))
  }
  parts.push(Buffer.alloc(1024))
  return gzipSync(Buffer.concat(parts))
}
