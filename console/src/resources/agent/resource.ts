/**
 * The react-admin resource of #/stationManagement/inputagent and the API behind it — on their own so
 * that the route table (loaded with the login page) does not bring the agent inputs along.
 */
export const AGENT_RESOURCE = 'stationManagement/inputagent';
export const AGENT_API = 'agent';
