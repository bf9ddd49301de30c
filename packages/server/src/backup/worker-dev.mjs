// The backup worker thread under tsx (development and tests: the server runs its TypeScript source):
// tsx's loader registered in this thread, then the worker's source. The build runs dist/backup-worker.js.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
