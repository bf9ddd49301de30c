/**
 * The browser name sent in the `system-os` header (SPEC.md §7): Edge, Chrome, Firefox, Safari, IE or
 * unknown; `node` when there is no browser user agent (tests, server-side scripts).
 * Order matters: Edge's user agent also names Chrome and Safari, Chrome's also names Safari.
 */
export function detectBrowser(userAgent: string | null | undefined): string {
  if (!userAgent || /^Node\.js/i.test(userAgent)) return 'node';
  if (/\bEdg(e|A|iOS)?\//.test(userAgent)) return 'Edge';
  if (/MSIE |Trident\//.test(userAgent)) return 'IE';
  if (/Firefox\/|FxiOS\//.test(userAgent)) return 'Firefox';
  if (/Chrome\/|Chromium\/|CriOS\//.test(userAgent)) return 'Chrome';
  if (/Safari\//.test(userAgent)) return 'Safari';
  return 'unknown';
}

export function currentBrowser(): string {
  const nav = (globalThis as { navigator?: { userAgent?: string } }).navigator;
  return detectBrowser(nav?.userAgent);
}
