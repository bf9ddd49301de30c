/** Close codes of the websocket (/api/system/ws) a client acts on; in a module without zod for the big screen's bundle. */
export const WS_CLOSE = { noToken: 4401, invalid: 4402, expired: 4405 } as const;
