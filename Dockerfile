# syntax=docker/dockerfile:1
# One image for every role: the API (default command), the queue worker (`node dist/worker.js`)
# and the operator CLI (`node dist/cli.js …`).

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json nest-cli.json ./
COPY scripts/build.js ./scripts/
COPY src ./src
# The build script alone: `npm run build` would also prepare the embedded database template,
# which a container configured with DATABASE_URL never uses.
RUN node scripts/build.js && npm prune --omit=dev

FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/var/lib/store
WORKDIR /app
# Owned by root and read-only to the service's user: the process cannot rewrite its own code.
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# Files (digital downloads, media) live under DATA_DIR/blobs unless MEDIA_STORAGE_URL names a
# bucket: the one folder the service's user may write, a volume shared by every replica.
RUN mkdir -p /var/lib/store && chown node:node /var/lib/store
USER node
EXPOSE 3000
# Fits each role: the API answers /health over HTTP; the worker, which serves no HTTP, is healthy
# while its heartbeat in Redis is fresh (PROCESS_ROLE tells the probe which one it is).
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "dist/cli.js", "health"]
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=4", "dist/main.js"]
