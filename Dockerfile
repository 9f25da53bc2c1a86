# syntax=docker/dockerfile:1
# The gateway's image (docs/deploy.md, "Container image"). Two stages, the same commands `npm run prod-smoke` runs:
#   build:   the full install, the Prisma client, `npm run build` (dist/); also the migration job's image
#            (`npm run db:deploy` needs the prisma CLI, prisma.config.ts and prisma/migrations, none of them shipped).
#   runtime: only what a release ships (scripts/release-files.ts) and the production dependencies, as a non-root user.
# test/unit/container-files.test.ts checks these commands against package.json, the shipped list and compose.yaml.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
# npm install when ci refuses the lock, as prod-smoke and scripts/ensure-deps.sh do (npm ci first: it follows the lock exactly).
RUN npm ci --no-audit --no-fund || npm install --no-audit --no-fund
COPY . .
RUN npx prisma generate && npm run build
CMD ["npm", "run", "db:deploy"]

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 WORKER_METRICS_HOST=0.0.0.0
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json /app/.npmrc ./
RUN (npm ci --omit=dev --no-audit --no-fund || npm install --omit=dev --no-audit --no-fund) && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/config/networks.json ./config/networks.json
USER node
EXPOSE 3000 9464
# /healthz answers without touching a dependency (liveness); the worker's service overrides this (compose.yaml).
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "dist/main.js"]
CMD ["--role", "api"]
