import { startServices } from './start-services';
import { TEST_ENV } from './services';

/** Starts the real services once for the integration project; the test files read them from TEST_ENV. */
export default async function globalSetup(): Promise<void> {
  const { services, stop } = await startServices();
  process.env[TEST_ENV] = JSON.stringify(services);
  (globalThis as { __gwStopServices?: () => Promise<void> }).__gwStopServices = stop;
}
