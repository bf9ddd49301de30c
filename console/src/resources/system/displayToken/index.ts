/** 大屏令牌: display tokens for wall displays (page view 'setting/displayToken'). */
export const loadDisplayTokens = () => import('./DisplayTokens.tsx');
