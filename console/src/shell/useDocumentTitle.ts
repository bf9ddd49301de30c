import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { INTENTIONAL, FORMAL } from '../providers/resources.ts';

/** Page title = translated route title + ' - ' + site title (SPEC.md §2). */
const ROUTE_TITLES: Array<[string, string]> = [
  [`/${INTENTIONAL}`, 'pv.menu.intentional'],
  [`/${FORMAL}`, 'pv.menu.formal'],
];

export function useDocumentTitle() {
  const { pathname } = useLocation();
  const translate = useTranslate();
  useEffect(() => {
    const site = translate('pv.title');
    const match = ROUTE_TITLES.find(([prefix]) => pathname.startsWith(prefix));
    // '/' is home; any other unmatched path is react-admin's not-found page
    const page = match ? translate(match[1]) : pathname === '/' ? translate('pv.menu.home') : translate('ra.page.not_found');
    document.title = `${page} - ${site}`;
  }, [pathname, translate]);
}
