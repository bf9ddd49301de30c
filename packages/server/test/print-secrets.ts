// Run as its own process by shared-secrets.test.ts: waits for the common start time (START_AT, epoch ms)
// so that every process reads DATA_DIR at the same moment, loads the config, prints the secrets it got.
import { loadConfig } from '../src/config.ts';

const startAt = Number(process.env.START_AT);
while (Date.now() < startAt) await new Promise((r) => setTimeout(r, 1));
const config = loadConfig();
console.log(JSON.stringify({ tokenSecret: config.tokenSecret, rsaPrivateKey: config.rsaPrivateKey, backupKey: config.backupKey }));
