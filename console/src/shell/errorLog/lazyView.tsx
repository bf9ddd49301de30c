import { Component, lazy, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { appConfig } from '../../config.ts';
import { errorLog } from './store.ts';
import { loadFullCatalogue } from '../../providers/i18nProvider.ts';

/** A view's code chunk failed to load or took longer than the time-out (SPEC.md §8 chunk loading). */
export class ChunkLoadError extends Error {
  readonly timeout: boolean;
  constructor(message: string, timeout = false) {
    super(message);
    this.name = 'ChunkLoadError';
    this.timeout = timeout;
  }
}

/** The loader's promise, failing with ChunkLoadError on error or after `ms`. */
export function loadWithTimeout<T>(load: () => Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`chunk load timed out after ${ms} ms`, true)), ms);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(err instanceof Error ? err.message : String(err)));
      },
    );
  });
}

const LoadFailed = ({ error, onRetry }: { error: ChunkLoadError; onRetry(): void }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 3 }} className="pv-chunk-error">
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {translate('pv.chunk.retry')}
          </Button>
        }
      >
        <AlertTitle>
          {error.timeout ? translate('pv.chunk.timeout', { seconds: appConfig.chunkLoadTimeoutMs / 1000 }) : translate('pv.chunk.failed')}
        </AlertTitle>
        {translate('pv.chunk.failed_detail')}
      </Alert>
    </Box>
  );
};

class ChunkBoundary extends Component<{ onRetry(): void; children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override componentDidCatch(error: unknown, _info: ErrorInfo) {
    if (error instanceof ChunkLoadError) errorLog.add(error);
  }
  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    // anything else is the page's own error: the layout's error boundary shows it
    if (!(error instanceof ChunkLoadError)) throw error;
    return <LoadFailed error={error} onRetry={this.props.onRetry} />;
  }
}

/**
 * `React.lazy` for views, with a load time-out (appConfig.chunkLoadTimeoutMs, 120 s) and, when the
 * chunk fails, a load error with a retry that loads it again (instead of a blank page). A view also
 * waits for the whole zh-CN catalogue (the login page ships only its own part).
 */
export function lazyView<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, timeoutMs: number = appConfig.chunkLoadTimeoutMs): ComponentType<P> {
  const loadWithTexts = () => Promise.all([load(), loadFullCatalogue()]).then(([view]) => view);
  const make = () => lazy(() => loadWithTimeout(loadWithTexts, timeoutMs));
  let Lazy = make();
  const View = (props: P) => {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      Lazy = make();
      setAttempt((a) => a + 1);
    };
    return (
      <ChunkBoundary key={attempt} onRetry={retry}>
        <Lazy {...props} />
      </ChunkBoundary>
    );
  };
  return View;
}
