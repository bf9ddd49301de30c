import { type Lang, MatterActionLabel, MatterStatus } from '@pv/contract';
import { illegalTransition } from '../../lifecycle/engine.ts';

/** Matter actions by name, including the generic edit (not a transition, but refused on a handled matter too). */
export const matterActionLabels = {
  label(action: string | null | undefined, lang: Lang): string {
    if (action === 'edit') return lang === 'zh' ? '修改' : 'edit';
    return MatterActionLabel.label(action, lang);
  },
};

/** 400 "当前状态为“已办结”，不能回复" for an action the matter's state does not allow. */
export const illegalMatterAction = (state: string, action: string) => illegalTransition(state, action, MatterStatus, matterActionLabels);
