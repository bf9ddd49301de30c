import { lazyView } from '../../shell/errorLog/lazyView.tsx';
import { STATEMENT_RESOURCE } from './logic.ts';

const StatementList = lazyView(() => import('./StatementList.tsx'));

/** 对账单: #/finance/statement; a row opens #/finance/statementDetail?id=N. */
export const statement = {
  name: STATEMENT_RESOURCE,
  list: StatementList,
  recordRepresentation: 'statement_no',
  options: { label: 'pv.route.statement' },
};

export const loadStatementDetail = () => import('./StatementDetail.tsx');
