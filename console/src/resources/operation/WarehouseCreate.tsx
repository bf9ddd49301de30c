import { WarehouseCreate } from './WarehouseForm.tsx';

export default WarehouseCreate;
