import { type Lang, WorkOrderActionLabel, WorkOrderStatus } from '@pv/contract';
import { illegalTransition } from '../../lifecycle/engine.ts';

/** Work-order actions by name, including the generic edit (refused on a finished or cancelled order). */
export const orderActionLabels = {
  label(action: string | null | undefined, lang: Lang): string {
    if (action === 'edit') return lang === 'zh' ? '修改' : 'edit';
    return WorkOrderActionLabel.label(action, lang);
  },
};

/** 400 "当前状态为“已完成”，不能派单" for an action the order's state does not allow. */
export const illegalOrderAction = (state: string, action: string) => illegalTransition(state, action, WorkOrderStatus, orderActionLabels);
