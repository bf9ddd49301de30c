import { TariffCreate } from './TariffForm.tsx';

export default TariffCreate;
