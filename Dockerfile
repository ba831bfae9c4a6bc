# The site as a container image (decision 0052; docs/deploy.md, "Containers").
# Three stages: production dependencies, the build (which needs the development ones), and the image,
# which gets only the first two's results. Build: docker build -t lexfirm .

# 1. Production dependencies only. better-sqlite3 is native: its prebuilt binary is fetched at install,
#    and the compiler below builds it when none fits. The image reuses this node_modules as it is.
FROM node:20-bookworm-slim AS deps
WORKDIR /app
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

# 2. The build: every dependency (Vite, React Router's compiler, esbuild), then build/ and dist/.
FROM deps AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 3. The image: Node 20 slim, production dependencies, the built site, the demo content's files.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=2
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/dist ./dist
COPY --from=build /app/build ./build
COPY --from=build /app/db/demo ./db/demo
# The SQLite file and uploads (one instance), or temporary uploads only (PostgreSQL and a bucket).
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
# The image's own unprivileged user (uid 1000); nothing under /app is writable by it.
USER node
EXPOSE 3000
# Ready: the database answers, migrations are current, file storage takes a write (decision 0051).
# Node's own fetch: the slim image has no curl.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# What npm start runs, without npm (signals reach Node directly; decisions 0009, 0021, 0032).
CMD ["node", "--max-old-space-size=1024", "--max-semi-space-size=4", "dist/server.js"]
