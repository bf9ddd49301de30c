import type { ReactNode } from 'react';

/** Placeholder until the tabs helper lands the page cache: renders the routed page as is. */
export const PageCache = ({ children }: { children: ReactNode }) => <>{children}</>;
