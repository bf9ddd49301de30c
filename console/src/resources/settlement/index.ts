import { lazyView } from '../../shell/errorLog/lazyView.tsx';
import { RULE_RESOURCE, SETTLEMENT_RESOURCE } from '../names.ts';

const SettlementList = lazyView(() => import('./SettlementList.tsx'));
const RuleList = lazyView(() => import('./RuleList.tsx'));
const RuleCreate = lazyView(() => import('./RuleCreate.tsx'));
const RuleEdit = lazyView(() => import('./RuleEdit.tsx'));

/** 结算单: #/finance/settlement; a row opens #/finance/settlementDetail?id=N. */
export const settlement = {
  name: SETTLEMENT_RESOURCE,
  list: SettlementList,
  recordRepresentation: 'settlement_no',
  options: { label: 'pv.route.settlement' },
};

/** 结算规则: #/finance/settlementRule (list, create, edit). */
export const settlementRule = {
  name: RULE_RESOURCE,
  list: RuleList,
  create: RuleCreate,
  edit: RuleEdit,
  recordRepresentation: 'kind',
  options: { label: 'pv.route.settlementRule' },
};

export const loadSettlementDetail = () => import('./SettlementDetail.tsx');
