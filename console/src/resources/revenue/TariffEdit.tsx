import { TariffEdit } from './TariffForm.tsx';

export default TariffEdit;
