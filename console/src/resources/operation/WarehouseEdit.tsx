import { WarehouseEdit } from './WarehouseForm.tsx';

export default WarehouseEdit;
