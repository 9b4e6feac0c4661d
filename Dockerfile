# syntax=docker/dockerfile:1
# The gateway and the built shell in one container. Build stage: full install and `npm run build`;
# runtime: production dependencies only, non-root, health-checked.
# Without UPSTREAM_URL the image refuses to start (it listens on 0.0.0.0, and the sandbox's demo logins have known
# passwords); `-e SANDBOX=true` runs the sandbox on purpose.

# The Node line (.nvmrc: 26, Active LTS) that CI and the tests run on; both stages use its latest release.
ARG NODE_VERSION=26

FROM node:${NODE_VERSION}-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY client/package.json client/package-lock.json ./client/
# The client's postinstall applies its patches to dependencies.
COPY client/patches ./client/patches/
# The root postinstall installs the client's own dependencies (npm --prefix client ci).
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:${NODE_VERSION}-slim AS runtime
# Build-time facts for the labels, e.g. --build-arg REVISION=$(git rev-parse HEAD) --build-arg CREATED=$(date -Iseconds).
ARG NODE_VERSION
ARG REVISION=unknown
ARG CREATED=unknown
LABEL org.opencontainers.image.title="jsherp-gateway" \
      org.opencontainers.image.description="A React + antd shell and a Fastify gateway in front of jshERP-boot" \
      org.opencontainers.image.version="3.5.0" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.created="${CREATED}" \
      org.opencontainers.image.base.name="node:${NODE_VERSION}-slim"
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
COPY package.json package-lock.json ./
# --ignore-scripts: the postinstall would install the client's build tooling, which runtime does not need.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/client/dist ./client/dist
COPY --from=build /app/client/dist-maps ./client/dist-maps
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node directly (not npm) so SIGTERM reaches the gateway and shutdown stays graceful. The server build emits source
# maps (tsconfig.build.json): stacks name server/*.ts lines.
CMD ["node", "--enable-source-maps", "dist/server/server.js"]
