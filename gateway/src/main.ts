import cluster from 'node:cluster';
import { ConfigError } from '@originality/platform';
import { runGatewayPrimary } from './cluster/gateway-primary';
import { type GatewayConfig, loadGatewayConfig } from './config';
import { createGatewayApp } from './create-app';

function configOrExit(): GatewayConfig {
  try {
    return loadGatewayConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`gateway cannot start. ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
}

/**
 * `node -r @swc-node/register gateway/src/main.ts`: checks settings, then serves on HTTP_PORT — in this process, or
 * in GATEWAY_WORKERS worker processes that share the port (the settings are checked once, before forking).
 */
async function main(): Promise<void> {
  const config = configOrExit();
  if (cluster.isPrimary && config.GATEWAY_WORKERS > 1) return runGatewayPrimary(config.GATEWAY_WORKERS);
  const app = await createGatewayApp(config);
  await app.listen(config.HTTP_PORT);
}

main().catch((err: unknown) => {
  console.error(`gateway cannot start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exit(1);
});
