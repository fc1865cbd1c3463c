import type { Server } from 'node:http';
import { createApp } from './app';
import { ConfigError, DEFAULT_DEMO_PASSWORD, loadConfig } from './config';
import { DEMO_ACCOUNTS } from './demo/accounts';
import { DEMO_CLIENTS } from './portal/demo';
import { readManifest } from './http/assets';
import { gracefulStop } from './http/shutdown';
import { createLogger } from './logger';
import { openRuntime } from './runtime';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const runtime = await openRuntime(config, logger);
  const app = createApp({
    config,
    database: runtime.database,
    redis: runtime.redis,
    logger,
    manifest: readManifest(),
  });
  await app.start();
  const server: Server = app.listen(config.port);
  const stopServer = gracefulStop(server);
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  server.keepAliveTimeout = 5000;

  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`Reti Immigration is running at http://localhost:${port}`);
  console.log(
    `  data: ${runtime.database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'}; sessions: ${runtime.redis ? 'Redis' : 'database'}`,
  );
  if (config.demo) {
    const ids = [...new Set([...Object.values(DEMO_ACCOUNTS), ...DEMO_CLIENTS].map((a) => a.loginId))].join(
      ', ',
    );
    const source = process.env.DEMO_PASSWORD
      ? 'the DEMO_PASSWORD environment variable'
      : `the default "${DEFAULT_DEMO_PASSWORD}" (set DEMO_PASSWORD to change it before the first run)`;
    console.log(`  demo logins: ${ids}; password: ${source}`);
  }

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    void stopServer().then(async () => {
      await app.close().catch((error) => logger.error({ err: error }, 'closing failed'));
      await runtime.close().catch((error) => logger.error({ err: error }, 'closing failed'));
      clearTimeout(force);
      logger.info('stopped');
      process.exit(0);
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  // Started by `npm start` (scripts/run.mjs): when that process is gone, however it ended, so is the server.
  if (process.channel) {
    process.channel.unref();
    process.on('disconnect', () => stop('parent exited'));
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
