import { PartnerCreate } from './PartnerForm.tsx';

export default PartnerCreate;
