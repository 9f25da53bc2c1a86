-- Per token, how many reservations were ever consumed (ACTIVE -> CONSUMED), keyed as the liquidity lock is
-- (chainId, lower-cased token address). An execute or approval that read the bankroll balance before its locks uses
-- that balance only when this count has not moved since (src/store/liquidity.ts): a consumption in between may be
-- missing from the balance but is missing from the active sum, so the balance is read again.
CREATE TABLE "LiquidityConsumption" (
    "chainId" INTEGER NOT NULL,
    "tokenKey" TEXT NOT NULL,
    "consumed" BIGINT NOT NULL DEFAULT 0,
    CONSTRAINT "LiquidityConsumption_pkey" PRIMARY KEY ("chainId", "tokenKey")
);

-- A trigger, not the application, bumps the count: every consumption is counted in its own transaction whatever
-- writes it, including a worker of the previous release during a rolling upgrade (docs/deploy.md), whose
-- completePayout knows nothing of this table. The first consumption of a token creates its row at 1.
-- The body is an E'' string whose semicolons are written \073: prisma migrate deploy, through the pg driver
-- adapter, splits a migration at every literal semicolon, dollar quotes or not.
CREATE FUNCTION "liquidity_consumption_bump"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  INSERT INTO "LiquidityConsumption" ("chainId", "tokenKey", "consumed") VALUES (NEW."chainId", lower(NEW."tokenAddress"), 1)
    ON CONFLICT ("chainId", "tokenKey") DO UPDATE SET "consumed" = "LiquidityConsumption"."consumed" + 1\073
  RETURN NULL\073
END';

CREATE TRIGGER "Reservation_consumed" AFTER UPDATE OF "status" ON "Reservation"
  FOR EACH ROW WHEN (OLD."status" = 'ACTIVE' AND NEW."status" = 'CONSUMED')
  EXECUTE FUNCTION "liquidity_consumption_bump"();

-- The active sum runs under the token's liquidity lock and matches lower("tokenAddress"), which the
-- (chainId, tokenAddress, status) index cannot serve: without this one it reads every reservation of the chain ever made.
CREATE INDEX "Reservation_active_token_idx" ON "Reservation"("chainId", lower("tokenAddress")) INCLUDE ("rawAmount") WHERE "status" = 'ACTIVE';
