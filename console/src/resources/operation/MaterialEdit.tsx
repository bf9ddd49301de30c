import { MaterialEdit } from './MaterialForm.tsx';

export default MaterialEdit;
