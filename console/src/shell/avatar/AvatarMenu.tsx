/** Placeholder until its owner lands it (avatar helper). */
export const AvatarMenu = (_props: object) => null;
