import { PartnerEdit } from './PartnerForm.tsx';

export default PartnerEdit;
