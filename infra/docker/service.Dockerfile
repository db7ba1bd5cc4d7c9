# syntax=docker/dockerfile:1
# One Node server of the platform per image: each of the six services, and the gateway (which
# also serves the built shell). docker-compose.yml builds them all from this file; by hand, from
# the repository root:
#   docker build -f infra/docker/service.Dockerfile --build-arg WORKSPACE=services/identity \
#     --build-arg PORT=7101 -t cine-identity .
#   docker build -f infra/docker/service.Dockerfile --build-arg WORKSPACE=gateway \
#     --build-arg PORT=8080 --build-arg WEB_APP=shell -t cine-gateway .
# A service needs MONGO_URL and JWT_SECRET, and AMQP_URL for RabbitMQ; the gateway needs
# JWT_SECRET and each <NAME>_SERVICE_URL (docker-compose.yml sets them).

# The workspace's folder; the image runs its dist/server.js.
ARG WORKSPACE
# The port it listens on (PORT) and exposes.
ARG PORT
# Optional: a web app's folder, built too and served from WEB_ROOT=/app/web/<folder>
# (the gateway's shell; gateway/src/options.ts, webRootsIn). Without <WEB_ROOT>/remotes/ the
# gateway answers /remotes/* with 404, so it needs the three remote URLs.
ARG WEB_APP=""

FROM node:24 AS build
ARG WORKSPACE
ARG WEB_APP
ENV NX_DAEMON=false NX_NO_CLOUD=true
WORKDIR /src
COPY . .
RUN test -f "${WORKSPACE:?set --build-arg WORKSPACE=<folder>, e.g. services/identity}/package.json"
# Follows package-lock.json like npm ci, which rejects this lockfile (see .ci/run).
RUN --mount=type=cache,target=/root/.npm npm install --ignore-scripts --no-audit --no-fund
RUN scopes=""; \
    for dir in $WORKSPACE $WEB_APP; do scopes="$scopes --scope $(node -p "require('./$dir/package.json').name")"; done; \
    npx lerna run build --include-dependencies $scopes
RUN --mount=type=cache,target=/root/.npm \
    sh infra/docker/production-tree.sh "$(node -p "require('./$WORKSPACE/package.json').name")" /app
RUN if [ -n "$WEB_APP" ]; then mkdir -p /app/web && cp -r "$WEB_APP/dist" "/app/web/$WEB_APP"; fi

FROM node:24-slim
ARG WORKSPACE
ARG PORT
ARG WEB_APP
ENV NODE_ENV=production HOST=0.0.0.0 PORT=${PORT} DATA_DIR=/app/.data \
    WEB_ROOT=${WEB_APP:+/app/web} SERVER=/app/${WORKSPACE}/dist/server.js \
    NODE_OPTIONS="--require /app/packages/service-kit/dist/telemetry/register.js"
WORKDIR /app
COPY --from=build /app ./
RUN test -n "${PORT:?set --build-arg PORT=<port>}" && mkdir -p .data && chown node:node .data
USER node
EXPOSE ${PORT} 9464
# exec: node is the container's first process and gets its stop signal.
CMD ["/bin/sh", "-c", "exec node \"$SERVER\""]
