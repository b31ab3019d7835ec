import { loadConfig, startupErrorLines } from '../config.js';
import { SIM_PARTNERS } from './seed.js';
import { startSimulator } from './server.js';

/** `npm run simulator`: the upstream simulator alone (SIMULATOR_PORT, SIMULATOR_LATENCY_MS, SIMULATOR_LIVE_EVENTS_MS, SIMULATOR_WABA_WEBHOOK_DELAY_MS). */
async function main() {
  const config = loadConfig();
  const simulator = await startSimulator({
    port: config.simulator.port || 4010,
    host: '127.0.0.1',
    latencyMs: config.simulator.latencyMs,
    webhooks: { liveEventsMs: config.simulator.liveEventsMs },
    wabaWebhookDelayMs: config.simulator.wabaWebhookDelayMs,
  });
  const partner = SIM_PARTNERS[0];
  process.stdout.write(
    [
      `hubgraph upstream simulator listening on ${simulator.baseUrl()}`,
      `  PARTNER_API_URL=${simulator.urls.partner}`,
      `  CLOUD_API_URL=${simulator.urls.cloud}`,
      `  ONPREM_API_URL=${simulator.urls.onPremise}`,
      `  INSIGHTS_API_URL=${simulator.urls.insights}`,
      `  PARTNER_ID=${partner.id} PARTNER_TOKEN=${partner.token}`,
      '',
    ].join('\n'),
  );
  const stop = () => void simulator.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(
    startupErrorLines(error)
      .map((line) => `hubgraph simulator: ${line}\n`)
      .join(''),
  );
  process.exit(1);
});
