# syntax=docker/dockerfile:1
# The gateway and the built shell in one container. Build stage: full install and `npm run build`;
# runtime: production dependencies only, non-root, health-checked.
# Without UPSTREAM_URL the image refuses to start (it listens on 0.0.0.0, and the sandbox's demo logins have known
# passwords); `-e SANDBOX=true` runs the sandbox on purpose.

# The Node line the tests run on (20.20); both stages use it.
ARG NODE_VERSION=20.20

FROM node:${NODE_VERSION}-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY client/package.json client/package-lock.json ./client/
# The root postinstall installs the client's own dependencies (npm --prefix client ci).
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:${NODE_VERSION}-slim AS runtime
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
# node directly (not npm) so SIGTERM reaches the gateway and shutdown stays graceful.
CMD ["node", "dist/server/server.js"]
