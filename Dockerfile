# TN Management: one container, one SQLite file in the /data volume.
# The build runs the README's install (`npm install`) and `npm run build`; the container starts what
# `npm start` starts. `npm run test:docker` runs these same steps on a clean copy without Docker.
FROM node:20-bookworm-slim AS build
WORKDIR /app
# For native modules that have no prebuilt binary for the platform.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
# `patches/` before the install: its postinstall applies them (patch-package).
COPY package.json package-lock.json ./
COPY patches ./patches
# Not `npm ci` (see .ci/run); `npm install` installs the locked versions.
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
WORKDIR /app
# Two malloc arenas instead of eight per core: the worker threads (face engine, sharp, argon2) leave
# far less freed memory behind; a 256 MB old generation makes V8 collect instead of growing its heap
# under bursts of page rendering (docs/decisions/026-memory-on-a-small-server.md).
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data MALLOC_ARENA_MAX=2 NODE_OPTIONS=--max-old-space-size=256
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY --from=build /app/db ./db
COPY --from=build /app/server ./server
COPY --from=build /app/app ./app
COPY --from=build /app/scripts ./scripts
COPY package.json server.mjs tsconfig.json ./
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Migrations run at start (onServerStart), never at build. Node itself is PID 1, so SIGTERM reaches
# the server and the WAL is checkpointed on `docker stop`. With REPLICA_URL (and the replica's
# credentials, e.g. LITESTREAM_ACCESS_KEY_ID/LITESTREAM_SECRET_ACCESS_KEY) start.mjs runs the server
# under Litestream (`litestream replicate -exec`, its binary from @flydotio/litestream in
# node_modules), which passes SIGTERM on and sends the last writes to the replica before it exits.
CMD ["node", "scripts/start.mjs"]
