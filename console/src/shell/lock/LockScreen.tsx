/** Placeholder until its owner lands it (lock helper). */
export const LockScreen = (_props: object) => null;
