import { loadEnv, ConfigError, type Env } from './config/env.js';
import { buildApp } from './app.js';
import { devOutboxAvailability } from './adapters/messages/index.js';
import { listenOnMissingLoopbacks, listeningPort } from './lib/loopback-listen.js';

/**
 * One plain line for the person who ran `npm start`, besides the JSON logs: where the app is, and where the dev
 * mailbox shows the codes and receipts it "sends" (docs/decisions/048).
 */
function startLine(env: Env): string {
  const url = env.PUBLIC_URL.replace(/\/+$/, '');
  const mailbox = devOutboxAvailability(env).enabled ? `; dev mailbox (codes, receipts): ${url}/dev/mailbox` : '';
  return `Lanefreight is running at ${url}${mailbox}\n`;
}

async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const { app } = await buildApp({ env });
  await app.listen({ host: env.HOST, port: env.PORT });
  // `localhost` (the default outside production) means both loopback addresses, whatever the resolver lists.
  const extra = env.HOST === 'localhost' ? await listenOnMissingLoopbacks(app, listeningPort(app, env.PORT)) : undefined;
  process.stdout.write(startLine(env));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('graceful shutdown timed out; exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    try {
      extra?.stopAccepting();
      await app.close();
      extra?.closeAll();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
