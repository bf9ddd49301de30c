import { MaterialCreate } from './MaterialForm.tsx';

export default MaterialCreate;
