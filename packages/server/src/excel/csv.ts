/**
 * CSV files as banks and Excel write them: UTF-8 (with or without a BOM) or, failing that, GB18030
 * (GBK, what Chinese Excel and most bank portals save); fields separated by commas (or tabs, when
 * the first line has tabs and no commas), quoted with double quotes (a doubled quote inside), lines
 * ending in CRLF or LF; a quoted field may span lines.
 */

export class CsvFormatError extends Error {}

/** The text of a CSV file: UTF-8 when it is valid UTF-8, else GB18030. */
export function decodeCsv(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return new TextDecoder(bytes[0] === 0xff ? 'utf-16le' : 'utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

/** Whether the bytes look like text rather than a binary file (no NUL among the first bytes). */
export const looksLikeText = (bytes: Uint8Array) => bytes.length > 0 && !bytes.subarray(0, 4096).includes(0) || (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);

/** Rows of string cells, trimmed (trailing empty lines dropped). One sticky regex per field: no per-character loop. */
export function parseCsv(text: string): string[][] {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const tab = firstLine.includes('\t') && !firstLine.includes(',');
  // a quoted field (doubled quotes inside, line breaks allowed) or a bare one, then its end
  const field = tab ? /(?:"((?:[^"]|"")*)"(?=\t|\r|\n|$)|([^\t\r\n]*))(\t|\r\n|\n|\r|$)/y : /(?:"((?:[^"]|"")*)"(?=,|\r|\n|$)|([^,\r\n]*))(,|\r\n|\n|\r|$)/y;
  const rows: string[][] = [];
  let row: string[] = [];
  const n = text.length;
  field.lastIndex = 0;
  while (field.lastIndex < n) {
    const m = field.exec(text);
    if (!m) throw new CsvFormatError(`unreadable at ${field.lastIndex}`);
    row.push(m[1] !== undefined ? m[1].replace(/""/g, '"') : m[2]!);
    const end = m[3]!;
    if (end === ',' || end === '\t') {
      if (field.lastIndex >= n) row.push('');
      continue;
    }
    rows.push(row);
    row = [];
    if (end === '') break;
  }
  if (row.length) rows.push(row);
  while (rows.length && rows.at(-1)!.every((c) => c.trim() === '')) rows.pop();
  return rows.map((r) => r.map((c) => c.trim()));
}
