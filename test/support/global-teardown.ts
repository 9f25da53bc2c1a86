import { dropDatabase } from '../../src/launcher/postgres';
import { testServices } from './services';

/** Stops what the global setup started, and drops the template database. */
export default async function globalTeardown(): Promise<void> {
  const services = testServices();
  await dropDatabase(services.pgAdminUrl, services.templateDb).catch(() => {});
  const stops = ((globalThis as Record<string, unknown>).__gwTestStops ?? []) as Array<() => Promise<void>>;
  for (const stop of stops) await stop();
}
