/** Placeholder until its owner lands it (auth helper). */
export const ShanhaiLink = (_props: object) => null;
