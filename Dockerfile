# One image for the api and the worker. It runs the TypeScript sources through SWC at
# start-up, as `npm start` does, so there is no build step; the command picks the app:
#   node -r @swc-node/register apps/api/src/main.ts      (default)
#   node -r @swc-node/register apps/worker/src/main.ts
FROM node:24-bookworm-slim

# The local image provider draws captions in DejaVu Sans.
RUN apt-get update \
  && apt-get install -y --no-install-recommends fonts-dejavu-core \
  && rm -rf /var/lib/apt/lists/*

ENV SCARF_ANALYTICS=false \
    DATA_DIR=/data \
    PORT=8080

WORKDIR /app
COPY . .
# Dev dependencies stay: @swc-node/register compiles the sources when a process starts.
RUN npm ci --no-audit --no-fund \
  && mkdir -p /data \
  && chown node:node /data

USER node
EXPOSE 8080
CMD ["node", "-r", "@swc-node/register", "apps/api/src/main.ts"]
