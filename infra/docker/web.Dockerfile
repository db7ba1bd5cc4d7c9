# syntax=docker/dockerfile:1
# One web app's build per image, on nginx (non-root, port 8080), with one of the configurations
# in infra/docker/nginx:
# - a Module Federation remote (mfe-catalog, mfe-checkout, mfe-admin) with remote.conf, the
#   default: remoteEntry.js and its chunks, readable from any origin (the shell loads them from
#   the gateway's origin). docker-compose.yml publishes them on 8081-8083 and gives their URLs to
#   the gateway (CATALOG_REMOTE_URL, CHECKOUT_REMOTE_URL, ADMIN_REMOTE_URL).
# - the shell on its own, apart from the gateway, with shell.conf.template: the SPA fallback, and
#   /api/, /config.js and /remotes/ proxied to the gateway at GATEWAY_URL. docker-compose.yml
#   does not use it (the gateway's image serves the shell at /).
# From the repository root:
#   docker build -f infra/docker/web.Dockerfile --build-arg WORKSPACE=mfe-catalog -t cine-mfe-catalog .
#   docker build -f infra/docker/web.Dockerfile --build-arg WORKSPACE=shell \
#     --build-arg NGINX_CONF=infra/docker/nginx/shell.conf.template -t cine-shell .
#   docker run -p 3000:8080 -e GATEWAY_URL=http://<gateway host>:8080 cine-shell

# The workspace's folder; the image serves its dist/.
ARG WORKSPACE
# Its nginx server, rendered at start by the image's entrypoint (envsubst of GATEWAY_URL and
# NGINX_LOCAL_RESOLVERS only, which remote.conf does not use).
ARG NGINX_CONF=infra/docker/nginx/remote.conf

FROM node:24 AS build
ARG WORKSPACE
ENV NX_DAEMON=false NX_NO_CLOUD=true
WORKDIR /src
COPY . .
RUN test -f "${WORKSPACE:?set --build-arg WORKSPACE=<folder>, e.g. mfe-catalog}/package.json"
# Follows package-lock.json like npm ci, which rejects this lockfile (see .ci/run).
RUN --mount=type=cache,target=/root/.npm npm install --ignore-scripts --no-audit --no-fund
RUN npx lerna run build --include-dependencies --scope "$(node -p "require('./$WORKSPACE/package.json').name")"

FROM nginxinc/nginx-unprivileged:1.27-alpine
ARG WORKSPACE
ARG NGINX_CONF
# NGINX_LOCAL_RESOLVERS comes from /etc/resolv.conf (NGINX_ENTRYPOINT_LOCAL_RESOLVERS).
ENV GATEWAY_URL=http://gateway:8080 \
    NGINX_ENTRYPOINT_LOCAL_RESOLVERS=1 \
    NGINX_ENVSUBST_FILTER="^(GATEWAY_URL|NGINX_LOCAL_RESOLVERS)"
COPY ${NGINX_CONF} /etc/nginx/templates/default.conf.template
COPY --from=build /src/${WORKSPACE}/dist /usr/share/nginx/html
USER nginx
EXPOSE 8080
