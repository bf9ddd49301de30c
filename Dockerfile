# syntax=docker/dockerfile:1
# The production image: the API server, which also serves the built console at / and the big screen
# at /daping/. README.md, "Production"; docker-compose.yml runs it behind nginx on PostgreSQL.
#
#   docker build -t pv-ops .
#   docker run -p 8080:8080 -v pv-data:/data pv-ops        (one server on the embedded PGlite in /data)

# pinned to a release (docker-compose.yml pins its images too); raise it deliberately
ARG NODE_IMAGE=node:20.19.2-bookworm-slim

# ---- build: the whole workspace, then the server's production dependencies on their own ----------
FROM ${NODE_IMAGE} AS build
RUN npm install -g pnpm@10
WORKDIR /src
# Manifests first: this install layer is reused until the lockfile or a package.json changes.
# Every workspace package (pnpm-workspace.yaml) is listed, or the frozen install would not match the lockfile.
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./
COPY console/package.json console/
COPY daping/package.json daping/
COPY e2e/package.json e2e/
COPY packages/bench/package.json packages/bench/
COPY packages/client/package.json packages/client/
COPY packages/contract/package.json packages/contract/
COPY packages/server/package.json packages/server/
RUN pnpm install --frozen-lockfile
COPY . .
# console/dist, daping/dist (Vite, with .br/.gz beside each file) and packages/server/dist (esbuild)
RUN pnpm build
# The server package with a node_modules of its production dependencies only, resolved from the
# lockfile: native @node-rs/argon2 and sharp for this platform, PGlite's WASM. --legacy because the
# workspace does not inject its packages (pnpm 10's default deploy requires that); the bundle needs
# no workspace package at run time anyway (@pv/contract is compiled into dist/).
RUN pnpm --filter @pv/server --prod deploy --legacy /out/server

# ---- runtime: node, the bundle, its node_modules, the migrations and the two built apps -----------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
# The repository's layout, which the server relies on: it finds its migrations by walking up from
# dist/main.js to packages/server/drizzle, and the apps two folders above that (console/dist, daping/dist).
COPY --from=build /out/server/package.json packages/server/package.json
COPY --from=build /out/server/node_modules packages/server/node_modules
COPY --from=build /out/server/drizzle packages/server/drizzle
COPY --from=build /out/server/dist packages/server/dist
COPY --from=build /src/console/dist console/dist
COPY --from=build /src/daping/dist daping/dist
# The code stays root's and read-only to the server; it writes only to DATA_DIR: uploads, the SMS
# outbox, generated secrets, the first admin password file (and the embedded database without DATABASE_URL).
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8080
# no curl in the slim image: node's own fetch
HEALTHCHECK --interval=10s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The server handles SIGTERM itself (drains: requests in flight finish with Connection: close, websockets
# hear 1001, slow clients are cut after SHUTDOWN_GRACE_SECONDS; closes the database; exits 0 within 10 s),
# so node may run as PID 1; compose adds an init process (init: true) anyway.
STOPSIGNAL SIGTERM
CMD ["node", "packages/server/dist/main.js"]
