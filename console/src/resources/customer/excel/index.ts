export { ExportButton } from './ExportButton.tsx';
export { ImportButton } from './ImportButton.tsx';
