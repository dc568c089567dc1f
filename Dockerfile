# Production image: install, generate, build, then migrate and serve.
# (Not built on the development machines, which have no Docker engine; the
# steps are the README's: npm ci, prisma generate via postinstall, npm run
# build (app and server), then the server applies migrations and serves.)

FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts ./scripts
COPY patches ./patches
COPY prisma ./prisma
COPY prisma.config.ts ./
RUN npm ci

FROM deps AS build
WORKDIR /app
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim AS runtime
# SEED is off in production by default (and never makes an account with a
# known password); create the first admin with
#   docker exec -it <container> npm run create-admin
ENV NODE_ENV=production \
    PORT=3000
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates && rm -rf /var/lib/apt/lists/*
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/server-build ./server-build
COPY --from=build --chown=node:node /app/public ./public
COPY --from=build --chown=node:node /app/prisma ./prisma
COPY --from=build --chown=node:node /app/scripts ./scripts
# app/ and tsconfig.json for `npm run create-admin` (tsx runs it from source).
COPY --from=build --chown=node:node /app/app ./app
COPY --from=build --chown=node:node /app/prisma.config.ts /app/package.json /app/tsconfig.json ./
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# Required: SESSION_SECRET, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and SMTP_URL
# (with NODE_ENV=production a missing one stops the start in one line), and
# DATABASE_URL (without it the server would try the embedded PostgreSQL, whose
# data would live inside the container).
# server-build/index.js applies migrations (prisma migrate deploy), then serves
# with WEB_CONCURRENCY workers; SIGTERM (docker stop) drains requests first.
STOPSIGNAL SIGTERM
CMD ["node", "server-build/index.js"]
