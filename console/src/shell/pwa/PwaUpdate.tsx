/** Placeholder until its owner lands it (pwa helper). */
export const PwaUpdate = (_props: object) => null;
