import { Component, Suspense, useEffect, useRef, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { Error as RaError, TitlePortal } from 'react-admin';
import { Box } from '@mui/material';
import { PageCache } from '../tabs/PageCache.tsx';
import { PageLoading } from '../PageLoading.tsx';
import { useSettings } from '../settings/store.ts';

/** react-admin's error screen for a view that throws; cleared when the location changes. */
class ViewErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { error: Error | null; info?: ErrorInfo }> {
  override state: { error: Error | null; info?: ErrorInfo } = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    this.setState({ error, info });
  }
  override componentDidUpdate(prev: { resetKey: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null, info: undefined });
  }
  override render() {
    if (this.state.error) {
      return <RaError error={this.state.error} errorInfo={this.state.info} resetErrorBoundary={() => this.setState({ error: null, info: undefined })} />;
    }
    return this.props.children;
  }
}

/** Fades the view in on every navigation (showPageTransition); nothing is remounted. */
const Transition = ({ children }: { children: ReactNode }) => {
  const { pathname } = useLocation();
  const { showPageTransition } = useSettings();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!showPageTransition || !ref.current?.animate) return;
    ref.current.animate(
      [
        { opacity: 0, transform: 'translateX(-16px)' },
        { opacity: 1, transform: 'none' },
      ],
      { duration: 300, easing: 'ease-out' },
    );
  }, [pathname, showPageTransition]);
  return (
    <Box ref={ref} sx={{ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0 }}>
      {children}
    </Box>
  );
};

/**
 * The routed page: react-admin's error screen and loading fallback around the tab page cache, the
 * page transition. The page title portal stays for screen readers (the
 * breadcrumb shows it).
 */
export const Content = ({ children }: { children: ReactNode }) => {
  const { pathname } = useLocation();
  return (
    <Box component="main" id="main-content" sx={{ flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0, px: { xs: 1, md: 2 }, pt: 1.5, pb: 0 }}>
      <TitlePortal
        component="h1"
        sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', flex: 'none' }}
      />
      <ViewErrorBoundary resetKey={pathname}>
        <Suspense fallback={<PageLoading />}>
          <Transition>
            {/* the cache also does "reload the current view": it remounts just that page */}
            <PageCache>{children}</PageCache>
          </Transition>
        </Suspense>
      </ViewErrorBoundary>
    </Box>
  );
};
