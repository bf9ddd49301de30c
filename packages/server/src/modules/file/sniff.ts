/**
 * What a file really is, from its first bytes (a renamed .exe is not a PNG): the content type the
 * server stores and serves, whatever the client declared. null = not a type we accept.
 */
export function sniffContentType(buf: Buffer): string | null {
  const ascii = (from: number, to: number) => buf.subarray(from, to).toString('latin1');
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  if (buf.length >= 6 && /^GIF8[79]a$/.test(ascii(0, 6))) return 'image/gif';
  if (buf.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  if (buf.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'audio/wav';
  if (buf.length >= 5 && ascii(0, 5) === '%PDF-') return 'application/pdf';
  if (buf.length >= 3 && ascii(0, 3) === 'ID3') return 'audio/mpeg';
  // MPEG audio frame sync (11 bits set) with layer III, or ADTS AAC (layer bits 00)
  if (buf.length >= 2 && buf[0] === 0xff && (buf[1]! & 0xe0) === 0xe0) return (buf[1]! & 0x06) === 0 ? 'audio/aac' : 'audio/mpeg';
  if (buf.length >= 12 && ascii(4, 8) === 'ftyp') return 'audio/mp4';
  if (buf.length >= 4 && ascii(0, 4) === 'OggS') return 'audio/ogg';
  if (buf.length >= 4 && buf.readUInt32BE(0) === 0x1a45dfa3) return 'audio/webm';
  if (buf.length >= 6 && ascii(0, 6) === '#!AMR\n') return 'audio/amr';
  // OFD (GB/T 33190): a ZIP archive whose first entry is OFD.xml, the document's entry point
  if (buf.length >= 37 && buf.readUInt32LE(0) === 0x04034b50 && buf.subarray(30, 30 + buf.readUInt16LE(26)).toString('latin1') === 'OFD.xml') return 'application/ofd';
  // an Excel workbook: a ZIP archive naming xl/workbook.xml (its entries are checked when it is used)
  if (buf.length >= 30 && buf.readUInt32LE(0) === 0x04034b50 && buf.includes('xl/workbook.xml', 0, 'latin1')) return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  // a ZIP archive naming AndroidManifest.xml (an .apk); other archives stay unaccepted
  if (buf.length >= 30 && buf.readUInt32LE(0) === 0x04034b50 && buf.includes('AndroidManifest.xml', 0, 'latin1')) return 'application/vnd.android.package-archive';
  return null;
}
