# One image for the api, the workers, the migrations and the CLI: the compiled JavaScript of
# `npm run build` and the production dependencies, run by plain node as a non-root user.
#   node dist/apps/api/src/main.js        (default)
#   node dist/apps/worker/src/main.js
#   node dist/scripts/migrate.js
#   node dist/apps/cli/src/main.js …
# docs/decisions/0019-a-build-for-production.md.

# Build: every dependency, compile to dist/, build the dashboard into apps/dashboard/dist.
FROM node:24-trixie-slim AS build
ENV SCARF_ANALYTICS=false ONNXRUNTIME_NODE_INSTALL=skip
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build

# Production dependencies only: no SWC, TypeScript, vitest or Biome.
FROM node:24-trixie-slim AS deps
ENV SCARF_ANALYTICS=false ONNXRUNTIME_NODE_INSTALL=skip
WORKDIR /app
COPY . .
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:24-trixie-slim AS runtime
# ffmpeg renders (the renderer needs 6 or newer: Debian 13 ships 7); the local image provider
# draws captions in DejaVu Sans.
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg fonts-dejavu-core \
  && rm -rf /var/lib/apt/lists/*
# One malloc arena for all of a process's threads (SERVICE_ENV in libs/devstack/src/repo-root.ts).
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=1 \
    SCARF_ANALYTICS=false \
    DATA_DIR=/data \
    PORT=8080 \
    API_METRICS_PORT=9464 \
    WORKER_METRICS_PORT=9465 \
    FFMPEG_PATH=/usr/bin/ffmpeg
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/package.json /app/package-lock.json ./
# The workspace manifests the root node_modules links point at; the code itself is in dist/.
COPY --from=deps /app/apps ./apps
COPY --from=deps /app/libs ./libs
RUN find apps libs -type f ! -name package.json -delete && find apps libs -type d -empty -delete
COPY --from=build /app/dist ./dist
# The web dashboard's built files, served by the api at /dashboard.
COPY --from=build /app/apps/dashboard/dist ./apps/dashboard/dist
COPY --from=build /app/temporal/dev-server.json ./temporal/dev-server.json
# The licence, the third-party notices and the models' provenance (dist/ carries the SBOM).
COPY --from=build /app/LICENSE /app/THIRD_PARTY_NOTICES.md ./
COPY --from=build /app/docs/models.md ./docs/models.md
RUN mkdir -p /data && chown node:node /data

USER node
EXPOSE 8080 9464 9465
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/v1/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--max-semi-space-size=4", "--max-old-space-size=256", "--no-maglev", "--no-allocation-site-pretenuring", "dist/apps/api/src/main.js"]
