/**
 * The route meta flag names (SPEC.md §3), apart from menu.ts's schemas: the console converts routes
 * with them on the login page's code path, which should not bring zod along.
 */

/** Meta flags that arrive as 1/0 and become booleans. */
export const ROUTE_FLAG_KEYS = ['dot', 'hidden', 'levelHidden', 'noKeepAlive', 'dynamicNewTab', 'breadcrumbHidden', 'noClosable'] as const;
export type RouteFlagKey = (typeof ROUTE_FLAG_KEYS)[number];

/** Flags that are booleans on both sides (a 1/0 is accepted for them too). */
export const ROUTE_BOOL_KEYS = ['isCustomSvg', 'tabHidden', 'noColumn'] as const;
