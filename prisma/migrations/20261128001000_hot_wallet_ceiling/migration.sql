-- The hot-wallet ceiling (CONTRACT §9): above hotMaxUsd of value on the chain, the bankroll sends the excess over
-- 80 % of it to hotColdAddress (a registered cold address) through a treasury send. Both set, or neither (off).
ALTER TABLE "Chain" ADD COLUMN "hotMaxUsd" DECIMAL(38,6),
ADD COLUMN "hotColdAddress" TEXT;
ALTER TABLE "Chain" ADD CONSTRAINT "Chain_hot_wallet_whole" CHECK (("hotMaxUsd" IS NULL) = ("hotColdAddress" IS NULL));
ALTER TABLE "Chain" ADD CONSTRAINT "Chain_hot_max_positive" CHECK ("hotMaxUsd" IS NULL OR "hotMaxUsd" > 0);
