# syntax=docker/dockerfile:1
# The RVM locator's image: the built page and server on node:24-bookworm-slim, run as the user node, with only the
# production dependencies. docs/containers.md: building, running, its size.
#   docker build --build-arg RVM_BUILD_COMMIT=$(git rev-parse --short HEAD) -t rvm-locator .
#   docker run --read-only --tmpfs /tmp -v rvm-data:/data -p 8080:8080 -e RVM_ADMIN_TOKEN=… rvm-locator

# Installs run with --ignore-scripts: better-sqlite3 ships its binaries (prebuilds/, glibc and musl, x64 and arm64),
# and npm's implicit `node-gyp rebuild` for its binding.gyp would only confirm that, after fetching Python, make
# and Node's headers. esbuild's own check is the one script the build runs.
FROM node:24-bookworm-slim AS manifests
ENV npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
WORKDIR /app
COPY package.json package-lock.json ./
COPY bench/package.json bench/

# The build, with the dev dependencies.
FROM manifests AS build
RUN npm ci --ignore-scripts && npm rebuild esbuild
COPY . .
# The commit --version and the rvm_build_info metric name (the build context has no .git).
ARG RVM_BUILD_COMMIT=unknown
RUN RVM_BUILD_COMMIT="$RVM_BUILD_COMMIT" npm run build

# What the server needs at run time, and nothing else.
FROM manifests AS production-dependencies
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force

FROM node:24-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 RVM_DB=/data/rvm.sqlite RVM_FILES=/data/files
WORKDIR /app
COPY package.json ./
COPY --from=production-dependencies /app/node_modules node_modules
COPY --from=build /app/dist dist
COPY --from=build /app/dist-server dist-server
COPY examples examples
COPY assets/demo assets/demo
COPY assets/photos assets/photos
# The SQLite database and its photos (one instance, without RVM_DATABASE_URL): mount a volume here.
RUN mkdir /data && chown node:node /data
USER node
EXPOSE 8080
# The liveness probe: the process answers. It never touches the database (/api/health/ready does).
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health/live').then((r)=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node is process 1 and handles SIGTERM itself: it stops taking requests, lets those in flight finish, exits 0.
STOPSIGNAL SIGTERM
CMD ["node", "dist-server/main.js"]
