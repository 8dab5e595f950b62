# syntax=docker/dockerfile:1
# The shop's image: the same commands as on a host (npm ci, npm run build), run as a non-root user.
# One image for every role: PROCESS_ROLE=web|worker|all (compose.yaml, docs/DEPLOY.md).
#
#   docker build -t esim-storefront .

ARG NODE_IMAGE=node:20-bookworm-slim

# Everything needed to build (dev dependencies included).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# npm 11, as on a developer's machine: it honours package.json's allowScripts.
RUN npm install -g npm@11 --no-audit --no-fund
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY packages/ui/package.json packages/ui/
RUN npm ci --no-audit --no-fund
COPY . .
# The build's own node_modules (dev tools included) stay behind; the runtime takes the next stage's.
RUN npm run build && rm -rf node_modules apps/*/node_modules packages/*/node_modules

# Production dependencies only, installed apart so the image carries no compiler or test tool.
FROM ${NODE_IMAGE} AS runtime-deps
WORKDIR /app
RUN npm install -g npm@11 --no-audit --no-fund
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY packages/ui/package.json packages/ui/
RUN npm ci --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    PROCESS_ROLE=all
WORKDIR /app
# Files stay root's and read-only to the app: it writes nothing (state in PostgreSQL, logs on stdout).
COPY --from=runtime-deps /app ./
COPY --from=build /app/tsconfig.base.json ./
COPY --from=build /app/packages/shared ./packages/shared
COPY --from=build /app/packages/ui ./packages/ui
# The compiled server (dist) with the sources beside it: the migrations, and `npm run console` for the operator's commands.
COPY --from=build /app/apps/api ./apps/api
COPY --from=build /app/apps/web/dist ./apps/web/dist
COPY --from=build /app/apps/web/dist-console ./apps/web/dist-console
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/livez').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "apps/api/dist/server.js"]
