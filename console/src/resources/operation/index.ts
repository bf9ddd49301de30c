import { lazyView } from '../../shell/errorLog/lazyView.tsx';
import { MATERIAL_RESOURCE, STOCK_RESOURCE, WAREHOUSE_RESOURCE } from '../names.ts';

const MaterialList = lazyView(() => import('./MaterialList.tsx'));
const MaterialCreate = lazyView(() => import('./MaterialCreate.tsx'));
const MaterialEdit = lazyView(() => import('./MaterialEdit.tsx'));
const MaterialShow = lazyView(() => import('./MaterialShow.tsx'));
const WarehouseList = lazyView(() => import('./WarehouseList.tsx'));
const WarehouseCreate = lazyView(() => import('./WarehouseCreate.tsx'));
const WarehouseEdit = lazyView(() => import('./WarehouseEdit.tsx'));
const WarehouseShow = lazyView(() => import('./WarehouseShow.tsx'));
const StockLedger = lazyView(() => import('./StockLedger.tsx'));

/** 物料: #/operation/materialList (list, create, edit, show = the detail page). */
export const materialList = {
  name: MATERIAL_RESOURCE,
  list: MaterialList,
  create: MaterialCreate,
  edit: MaterialEdit,
  show: MaterialShow,
  recordRepresentation: 'name',
  options: { label: 'pv.route.materialList' },
};

/** 仓库: #/operation/warehouseList. */
export const warehouseList = {
  name: WAREHOUSE_RESOURCE,
  list: WarehouseList,
  create: WarehouseCreate,
  edit: WarehouseEdit,
  show: WarehouseShow,
  recordRepresentation: 'name',
  options: { label: 'pv.route.warehouseList' },
};

/** 库存台账: #/operation/stockLedger (balances and the ledger; the stock actions as dialogs). */
export const stockLedger = {
  name: STOCK_RESOURCE,
  list: StockLedger,
  options: { label: 'pv.route.stockLedger' },
};
