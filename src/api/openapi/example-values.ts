/** The values the API reference's examples share (src/api/openapi/examples.ts), so one call reads like the next. */
export const sid = '6f1c2a3e-8a1b-4c2d-9e3f-0a1b2c3d4e5f';
export const sessionRef = 'sr_4f3c2b1a09e8d7c6b5a4f3e2d1c0b9a8';
export const withdrawRequestId = '0b6e2f6a-3c1d-4e5f-9a8b-7c6d5e4f3a2b';
export const eventId = '9d2c1b0a-8f7e-4d6c-b5a4-3f2e1d0c9b8a';
export const operatorId = '2a7d9c4e-1b3f-4a5d-8e6c-0f9b8a7d6c5e';
export const user = 'user-42';
export const userAddress = '0x52908400098527886E0F7030069857D2E4169EE7';
export const depositAddress = '0x8617E340B3D01FA5F11F306F4090FD50E238070D';
export const usdc = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
export const txHash = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060';
export const key = { 'Idempotency-Key': 'order-9001-attempt' };
export const ok = (message: string, data: unknown) => ({ status: 'success', message, data });

/** One worked call: what goes in and the success answer (src/api/openapi/document.ts places it in the document). */
export interface OperationExample {
  /** Path, query and header parameters by name. */
  parameters?: Record<string, string | number>;
  /** The request body. */
  body?: unknown;
  /** The success answer: its status and body (text for the pages, script, styles and metrics). */
  response: { status: number; body: unknown };
}
