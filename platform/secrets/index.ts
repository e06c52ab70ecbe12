/**
 * The secrets module: secrets the shop generates at first start and keeps for the next ones
 * (a file of DATA_DIR on PGlite, the `shop_secrets` table on PostgreSQL). Its public face.
 */
export { generateSecret, type KeptSecrets, keepSecrets, SECRETS_FILE } from "./store.ts";
