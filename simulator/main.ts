import { z } from 'zod';
import { SIM_PARTNERS } from './seed.js';
import { startSimulator } from './server.js';

const milliseconds = z.coerce.number().int().min(0);

/** The simulator's own variables (the gateway's documentation lists them too, for the embedded simulator). */
const environment = z.object({
  SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  SIMULATOR_LATENCY_MS: milliseconds.default(0),
  SIMULATOR_LIVE_EVENTS_MS: milliseconds.default(0),
  SIMULATOR_WABA_WEBHOOK_DELAY_MS: milliseconds.default(15_000),
  SIMULATOR_TEMPLATE_REVIEW_MS: milliseconds.default(10_000),
});

function exitWith(lines: string[]): never {
  process.stderr.write(lines.map((line) => `hubgraph simulator: ${line}\n`).join(''));
  process.exit(1);
}

/** `npm run simulator`: the upstream simulator alone (SIMULATOR_PORT, SIMULATOR_LATENCY_MS, SIMULATOR_LIVE_EVENTS_MS, SIMULATOR_WABA_WEBHOOK_DELAY_MS, SIMULATOR_TEMPLATE_REVIEW_MS). */
async function main() {
  // An empty value counts as unset; every wrong variable is named, one line each.
  const parsed = environment.safeParse(Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== undefined && value !== '')));
  if (!parsed.success) exitWith(parsed.error.issues.map((issue) => `invalid configuration: ${issue.path.join('.')}: ${issue.message}`));
  const env = parsed.data;
  const simulator = await startSimulator({
    port: env.SIMULATOR_PORT || 4010,
    host: '127.0.0.1',
    latencyMs: env.SIMULATOR_LATENCY_MS,
    webhooks: { liveEventsMs: env.SIMULATOR_LIVE_EVENTS_MS },
    wabaWebhookDelayMs: env.SIMULATOR_WABA_WEBHOOK_DELAY_MS,
    templateReviewMs: env.SIMULATOR_TEMPLATE_REVIEW_MS,
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

main().catch((error: unknown) => exitWith([`failed to start: ${(error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, ' ')}`]));
