import { ConfigError } from '@originality/platform';
import { loadGatewayConfig } from './config';
import { createGatewayApp } from './create-app';

/** `node -r @swc-node/register gateway/src/main.ts`: checks settings, then serves on HTTP_PORT. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadGatewayConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`gateway cannot start. ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const app = await createGatewayApp(config);
  await app.listen(config.HTTP_PORT);
}

main().catch((err: unknown) => {
  console.error(`gateway cannot start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exit(1);
});
