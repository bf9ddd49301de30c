/**
 * Text put into markup built as a string (an ECharts tooltip formatter returns HTML): every
 * character HTML gives a meaning is escaped, so a name such as `<img src=x onerror=…>` shows as
 * the text it is.
 */
export const escapeHtml = (text: unknown): string =>
  String(text ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
