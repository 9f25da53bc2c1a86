import { defineConfig } from 'prisma/config';
import { PrismaPg } from '@prisma/adapter-pg';

// schema.prisma's url = env("DATABASE_URL") must resolve or the CLI falls back to the binary engine and
// tries to download it; the adapter is what really connects. Default: the local server's `gateway` database.
process.env.DATABASE_URL ??= 'postgresql://postgres:postgres@127.0.0.1:5432/gateway';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  experimental: { adapter: true },
  engine: 'js',
  // a short idle timeout, or every CLI command lingers ~10 s on the open pool
  adapter: async () => new PrismaPg({ connectionString: process.env.DATABASE_URL, idleTimeoutMillis: 100 }),
});
